import { CircleCheck, CircleDashed } from 'lucide-react';
import { Card } from '~/client/components/ui/card';
import { cn } from '~/client/lib/cn';
import { messageChannels, type MessageListResponse } from '~/shared/messages';
import { channelLabels } from './message-labels';

type Transports = MessageListResponse['transports'];

const heldUntilConfigured = {
  email: 'Until then, e-mails wait here as held.',
  sms: 'Until then, text messages wait here as held.',
} as const;

/**
 * Whether the site can send each kind of message, with the server's description (what sends
 * it, or which settings are missing). Not configured is a setting to make, not an alarm:
 * messages wait as "held" and go once it is made.
 */
export function TransportStatus({ transports }: { transports: Transports }) {
  return (
    <Card className="mb-6 px-4 py-3.5 sm:px-5">
      <h2 className="sr-only">Sending settings</h2>
      <ul className="grid gap-3 text-sm md:grid-cols-2 md:gap-8">
        {messageChannels.map((channel) => {
          const { configured, description } = transports[channel];
          const { label, icon: Icon } = channelLabels[channel];
          const StateIcon = configured ? CircleCheck : CircleDashed;
          return (
            <li key={channel} className="flex min-w-0 items-start gap-2.5">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2">
                  <span className="font-semibold text-brand-950">{label}:</span>
                  <span
                    className={cn(
                      'inline-flex items-center gap-1 font-semibold',
                      configured ? 'text-go-700' : 'text-amber-800',
                    )}
                  >
                    <StateIcon aria-hidden="true" className="size-4 shrink-0" />
                    {configured ? 'configured' : 'not configured'}
                  </span>
                </p>
                <p className="break-words text-muted">
                  {description}
                  {configured ? null : ` ${heldUntilConfigured[channel]}`}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** What the test dialog says when the chosen channel cannot send yet, or null when it can. */
export function heldNotice(
  channel: keyof Transports,
  transports: Transports | undefined,
): { title: string; text: string } | null {
  const transport = transports?.[channel];
  if (!transport || transport.configured) return null;
  return {
    title: `${channelLabels[channel].label} is not configured, so this message will be held, not sent.`,
    text: `${transport.description} It goes once that is done, or when you retry it.`,
  };
}
