import { CircleAlert, Download, Paperclip, PauseCircle, Trash2 } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '~/client/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type FinalFocus,
} from '~/client/components/ui/dialog';
import { LoadingState } from '~/client/components/ui/spinner';
import { cn } from '~/client/lib/cn';
import type { MessageDetail, MessageSummary } from '~/shared/messages';
import { errorMessage } from '../../lib/server-errors';
import { messageAttachmentUrl } from '../api/download-attachment';
import { useMessage } from '../api/get-message';
import { contentDeletedNotice } from '../lib/content-deleted';
import { formatKilobytes, formatUkDateTime } from '../lib/format-time';
import { MessageBody } from './message-body';
import { channelLabels, displayRecipient, MessageStatusBadge, statusExplanations } from './message-labels';
import { Blank } from './message-time';
import { canRetry, RetryMessageButton } from './retry-message-button';

/**
 * One message in full: its facts, the error in full, the text (and HTML), the attachments, and
 * Retry when it failed or is held. Once retention has deleted its content, a notice stands in for
 * the text and attachments, and there is no Retry. Opened from the list, or from an address with `?message=<id>`.
 * While the message is on its way the dialog refreshes itself, as the list does.
 */
export function MessageDetailDialog({
  id,
  summary,
  onOpenChange,
  finalFocus,
}: {
  /** The open message; undefined when the dialog is closed. */
  id: string | undefined;
  /** Its row in the list, if there is one: shown at once while the rest loads. */
  summary: MessageSummary | undefined;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  return (
    <Dialog open={id !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" finalFocus={finalFocus}>
        {id ? <MessageDetailView id={id} summary={summary} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MessageDetailView({ id, summary }: { id: string; summary: MessageSummary | undefined }) {
  const query = useMessage(id);
  const closeRef = useRef<HTMLButtonElement>(null);
  const message = query.data ?? (summary?.id === id ? summary : undefined);

  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">
          {message ? (message.subject ?? channelLabels[message.channel].label) : 'Message'}
        </DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          {message
            ? `${message.channel === 'email' ? 'E-mail to' : 'To'} ${displayRecipient(message)}, created ${formatUkDateTime(message.createdAt)}`
            : 'Loading the message...'}
        </DialogDescription>
      </DialogHeader>
      {/* Focusable, so the keyboard can scroll a long message that has no links or tabs in it. */}
      <DialogBody
        tabIndex={0}
        role="region"
        aria-label="Message details"
        className="grid content-start gap-6 focus-visible:outline-offset-[-3px]"
      >
        {query.data ? (
          <MessageFacts message={query.data} />
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 py-10 text-center">
            <p className="font-semibold text-brand-950">Failed to load the message</p>
            <p className="max-w-md text-sm text-muted">{errorMessage(query.error, 'Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <LoadingState className="py-16" label="Loading the message..." />
        )}
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button ref={closeRef} variant="outline">
            Close
          </Button>
        </DialogClose>
        {query.data && canRetry(query.data) ? (
          <RetryMessageButton
            message={query.data}
            variant="brand"
            size="md"
            onRetried={() => closeRef.current?.focus()}
          />
        ) : null}
      </DialogFooter>
    </>
  );
}

function MessageFacts({ message }: { message: MessageDetail }) {
  const deleted = contentDeletedNotice(message);
  return (
    <>
      <div className="grid gap-3">
        <p className="flex flex-wrap items-center gap-x-2.5 gap-y-1 text-sm text-muted">
          <MessageStatusBadge status={message.status} />
          <span>
            {deleted && message.status === 'failed'
              ? 'Given up: its content was deleted under our retention policy, so it cannot be sent again.'
              : statusExplanations[message.status]}
          </span>
        </p>
        {message.lastError ? <ErrorCallout message={message} error={message.lastError} /> : null}
      </div>

      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
        <Fact term="Channel">{channelLabels[message.channel].label}</Fact>
        <Fact term="Recipient" wide className="[overflow-wrap:anywhere]">
          {message.recipient}
        </Fact>
        <Fact term="Template">
          <code className="font-mono text-[0.8125rem] break-all">{message.templateName}</code>
        </Fact>
        <Fact term="Attempts">{message.attempts}</Fact>
        <Fact term="Created">
          <DateTime value={message.createdAt} />
        </Fact>
        <Fact term="Next attempt">
          {message.status === 'queued' && message.nextAttemptAt ? (
            <DateTime value={message.nextAttemptAt} />
          ) : (
            <Blank label="None planned" />
          )}
        </Fact>
        <Fact term="Sent">{message.sentAt ? <DateTime value={message.sentAt} /> : <Blank label="Not sent" />}</Fact>
        <Fact term="Provider message id" wide>
          {message.providerMessageId ? (
            <code className="font-mono text-[0.8125rem] break-all">{message.providerMessageId}</code>
          ) : (
            <Blank label="None yet" />
          )}
        </Fact>
      </dl>

      <section aria-labelledby="message-body-heading" className="grid gap-2">
        <h3 id="message-body-heading" className="font-bold text-brand-950">
          Message
        </h3>
        {deleted ? (
          <p className="flex gap-3 rounded-lg border border-line bg-surface p-3.5 text-sm text-ink">
            <Trash2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
            <span>{deleted}</span>
          </p>
        ) : (
          <MessageBody message={message} />
        )}
      </section>

      {message.attachments.length > 0 ? (
        <section aria-labelledby="message-attachments-heading" className="grid gap-2">
          <h3 id="message-attachments-heading" className="font-bold text-brand-950">
            Attachments ({message.attachments.length})
          </h3>
          <ul className="divide-y divide-line rounded-lg border border-line">
            {message.attachments.map((attachment, index) => (
              <li key={index} className="flex items-center gap-3 px-3.5 py-2.5 text-sm">
                <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted" />
                <div className="min-w-0 flex-1">
                  <a
                    href={messageAttachmentUrl(message.id, index)}
                    download={attachment.filename}
                    className="font-semibold break-all text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    {attachment.filename}
                  </a>
                  <p className="text-muted">
                    {attachment.contentType} · {formatKilobytes(attachment.size)}
                  </p>
                </div>
                <Download aria-hidden="true" className="size-4 shrink-0 text-muted" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The reason in full: red for a failed message, amber for a held one, grey for an earlier attempt. */
function ErrorCallout({ message, error }: { message: MessageDetail; error: string }) {
  const tone =
    message.status === 'failed'
      ? { title: 'Why it failed', className: 'border-red-200 bg-red-50 text-red-950', icon: CircleAlert }
      : message.status === 'held'
        ? { title: 'Why it is held', className: 'border-amber-300 bg-amber-50 text-amber-950', icon: PauseCircle }
        : { title: 'The last attempt failed', className: 'border-line bg-surface text-ink', icon: CircleAlert };
  const Icon = tone.icon;
  return (
    <div className={cn('flex gap-3 rounded-lg border p-3.5 text-sm', tone.className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{tone.title}</p>
        <p className="break-words whitespace-pre-wrap">{error}</p>
      </div>
    </div>
  );
}

function Fact({
  term,
  children,
  wide = false,
  className,
}: {
  term: string;
  children: ReactNode;
  /** Long values (addresses, ids) take the whole row on a phone. */
  wide?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('grid content-start gap-0.5', wide && 'col-span-2 sm:col-span-1')}>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{term}</dt>
      <dd className={cn('text-ink', className)}>{children}</dd>
    </div>
  );
}

function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatUkDateTime(value, { seconds: true })}</time>;
}
