import {
  CircleAlert,
  CircleCheck,
  Clock,
  LoaderCircle,
  Mail,
  MessageSquareText,
  PauseCircle,
  type LucideIcon,
} from 'lucide-react';
import { Fragment } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { cn } from '~/client/lib/cn';
import type { MessageChannel, MessageStatus, MessageSummary } from '~/shared/messages';
import { formatPhone } from '~/shared/phone';

export const channelLabels: Record<MessageChannel, { label: string; short: string; icon: LucideIcon }> = {
  email: { label: 'E-mail', short: 'E-mail', icon: Mail },
  sms: { label: 'Text message', short: 'Text', icon: MessageSquareText },
};

/** The channel as an icon and a word ("E-mail", "Text"). */
export function ChannelLabel({ channel, className }: { channel: MessageChannel; className?: string }) {
  const { short, icon: Icon } = channelLabels[channel];
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', className)}>
      <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
      {short}
    </span>
  );
}

export const statusLabels: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Held',
};

/** What each status means, for people: the detail dialog says it under the badge. */
export const statusExplanations: Record<MessageStatus, string> = {
  queued: 'Waiting for its next attempt.',
  sending: 'Being handed to the provider now.',
  sent: 'The provider accepted it.',
  failed: 'Given up after a permanent error, or after every attempt. Retry sends it again.',
  held: 'Waiting for sending to be set up. It goes once it is, or when you retry.',
};

/** Each status's colours and icon (spinning while sending), shared with the offers' delivery links. */
export const statusLooks: Record<MessageStatus, { className: string; icon: LucideIcon; spin?: boolean }> = {
  queued: { className: 'border-brand-100 bg-brand-50 text-brand-800', icon: Clock },
  sending: { className: 'border-brand-200 bg-brand-50 text-brand-800', icon: LoaderCircle, spin: true },
  sent: { className: 'border-green-200 bg-green-50 text-go-700', icon: CircleCheck },
  failed: { className: 'border-red-200 bg-red-50 text-danger', icon: CircleAlert },
  held: { className: 'border-amber-300 bg-amber-50 text-amber-900', icon: PauseCircle },
};

/** The status as a word with an icon and a colour; the word alone carries the meaning. */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const { className, icon: Icon, spin } = statusLooks[status];
  return (
    <Badge className={className}>
      <Icon aria-hidden="true" className={cn(spin && 'animate-spin motion-reduce:animate-none')} />
      {statusLabels[status]}
    </Badge>
  );
}

/** The colour of a message's last error: red when it failed, amber when held, quiet while it is still being tried. */
export function errorTone(status: MessageStatus): string {
  return status === 'failed' ? 'text-danger' : status === 'held' ? 'text-amber-800' : 'text-muted';
}

/** The recipient as staff write it: UK numbers as "07911 123456", addresses as they are. */
export function displayRecipient(message: Pick<MessageSummary, 'channel' | 'recipient'>): string {
  return message.channel === 'sms' ? (formatPhone(message.recipient) ?? message.recipient) : message.recipient;
}

/**
 * The recipient, allowed to wrap after the "@" (and before dots in the part before it) rather
 * than at any letter ("customer@example.co.u / k"), so long addresses break where people expect.
 */
export function Recipient({ message }: { message: Pick<MessageSummary, 'channel' | 'recipient'> }) {
  const text = displayRecipient(message);
  const at = text.lastIndexOf('@');
  // Break points in the local part (before dots) and after the @; the domain stays whole.
  const parts = at < 0 ? [text] : [...text.slice(0, at + 1).split(/(?=\.)/), text.slice(at + 1)];
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
