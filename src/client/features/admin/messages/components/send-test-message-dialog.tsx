import { zodResolver } from '@hookform/resolvers/zod';
import { PauseCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogForm,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
  type FinalFocus,
} from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import {
  EMAIL_ADDRESS_MAX_LENGTH,
  messageChannels,
  sendTestMessageInputSchema,
  type MessageDetail,
  type MessageListResponse,
  type SendTestMessageInput,
} from '~/shared/messages';
import { PHONE_MAX_LENGTH } from '~/shared/phone';
import { applyServerIssues, errorMessage } from '../../lib/server-errors';
import { useSendTestMessage } from '../api/send-test-message';
import { channelLabels } from './message-labels';
import { heldNotice } from './transport-status';

type SendTestMessageValues = z.output<typeof sendTestMessageInputSchema>;

const recipientFields = {
  email: {
    label: 'E-mail address',
    hint: 'The standard test e-mail goes to this address.',
    input: { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: EMAIL_ADDRESS_MAX_LENGTH },
  },
  sms: {
    label: 'Mobile number',
    hint: 'The standard test text goes to this number, such as 07911 123456 (other countries with their + code).',
    input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: PHONE_MAX_LENGTH },
  },
} as const;

/** "Send test message": the standard test e-mail or text to one address or number. */
export function SendTestMessageDialog({
  open,
  onOpenChange,
  transports,
  onSent,
  finalFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** From the list: whether each channel can send, to say when a message will be held. */
  transports: MessageListResponse['transports'] | undefined;
  onSent: (message: MessageDetail) => void;
  finalFocus?: FinalFocus;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent finalFocus={finalFocus}>
        <DialogHeader>
          <DialogTitle>Send test message</DialogTitle>
          <DialogDescription>
            Check that e-mails or text messages reach people. It appears at the top of the list, where you can watch it
            go.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts with an empty form. */}
        <SendTestMessageForm
          transports={transports}
          onSent={(message) => {
            onOpenChange(false);
            onSent(message);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function SendTestMessageForm({
  transports,
  onSent,
}: {
  transports: MessageListResponse['transports'] | undefined;
  onSent: (message: MessageDetail) => void;
}) {
  const send = useSendTestMessage();
  const form = useForm<SendTestMessageInput, unknown, SendTestMessageValues>({
    resolver: zodResolver(sendTestMessageInputSchema),
    defaultValues: { channel: 'email', to: '' },
  });
  const channel = useWatch({ control: form.control, name: 'channel' });
  const { errors } = form.formState;
  const field = recipientFields[channel];
  const held = heldNotice(channel, transports);
  const heldId = useId();

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const message = await send.mutateAsync(input);
      toast({ title: 'Test message queued' });
      onSent(message);
    } catch (error) {
      applyServerIssues(error, form.setError, ['channel', 'to']);
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to send the test message'),
        variant: 'destructive',
      });
    }
  });

  const channelField = form.register('channel', {
    // An address is no use as a number and the other way round: start the field again.
    onChange: () => {
      form.resetField('to', { defaultValue: '' });
    },
  });

  return (
    <DialogForm onSubmit={onSubmit}>
      <DialogBody className="grid content-start gap-5">
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm leading-5 font-semibold text-brand-950">Send it as</legend>
          <div className="grid grid-cols-2 gap-2">
            {messageChannels.map((value) => {
              const { label, icon: Icon } = channelLabels[value];
              return (
                <label
                  key={value}
                  className={cn(
                    'relative flex h-12 items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold transition-colors',
                    channel === value
                      ? 'border-brand-600 bg-brand-50 text-brand-950 ring-1 ring-brand-600'
                      : 'border-slate-300 bg-white text-brand-900 hover:bg-brand-50',
                  )}
                >
                  {/* The real radio button, invisible over the whole option: it takes the clicks and shows focus. */}
                  <input
                    type="radio"
                    value={value}
                    className="absolute inset-0 cursor-pointer appearance-none rounded-lg"
                    {...channelField}
                  />
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
                  {label}
                </label>
              );
            })}
          </div>
          {errors.channel?.message ? <p className="text-sm font-medium text-danger">{errors.channel.message}</p> : null}
        </fieldset>
        <FormField
          label={field.label}
          hint={field.hint}
          error={errors.to?.message}
          required
          // Read out with the field, so the warning is heard where the address is typed.
          describedBy={held ? heldId : undefined}
        >
          <Input key={channel} autoCapitalize="none" spellCheck={false} {...field.input} {...form.register('to')} />
        </FormField>
        {held ? (
          <p
            id={heldId}
            className="flex gap-2.5 rounded-lg border border-amber-300 bg-amber-50 p-3.5 text-sm text-amber-950"
          >
            <PauseCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              <strong className="block font-semibold">{held.title}</strong> {held.text}
            </span>
          </p>
        ) : null}
      </DialogBody>
      <DialogFormActions pending={send.isPending} label="Send test message" pendingLabel="Sending..." />
    </DialogForm>
  );
}
