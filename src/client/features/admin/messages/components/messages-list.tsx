import { useRef, type Ref } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { cn } from '~/client/lib/cn';
import type { MessageSummary } from '~/shared/messages';
import { formatUkDateTime } from '../lib/format-time';
import {
  ChannelLabel,
  channelLabels,
  displayRecipient,
  errorTone,
  MessageStatusBadge,
  Recipient,
} from './message-labels';
import { Blank, SentOrNext, StackedTime } from './message-time';
import { canRetry, RetryMessageButton } from './retry-message-button';

/** Opens a message; `returnFocusTo` is where focus goes when its dialog closes. */
export type OpenMessage = (message: MessageSummary, returnFocusTo: HTMLElement | null) => void;

type MessagesListProps = { messages: MessageSummary[]; onOpen: OpenMessage };

/** The subject of an e-mail, or the first words of a text message ("" once retention deleted them). */
function headline(message: MessageSummary): string {
  return message.subject ?? message.preview;
}

const CONTENT_DELETED = 'Content deleted';

/** What the row's button is called: its visible headline first, then to whom (subjects repeat). */
function openLabel(message: MessageSummary): string {
  const what = message.contentDeletedAt ? CONTENT_DELETED : headline(message) || 'No text';
  return `${what}, ${channelLabels[message.channel].label.toLowerCase()} to ${displayRecipient(message)}`;
}

/**
 * The messages, newest first: a table from tablet width up, stacked cards on a phone (only one
 * of the two is displayed, and so in the accessibility tree, at a time). A click anywhere on a
 * row opens the message; for the keyboard, each row has a real button (its subject), and a
 * Retry button when the message failed or is held.
 */
export function MessagesList(props: MessagesListProps) {
  return (
    <>
      {/* Cells a little tighter than the primitive's, so eight columns fit a laptop screen. */}
      <Table wrapperClassName="hidden md:block" className="[&_td]:px-3 [&_th]:px-3">
        <caption className="sr-only">Messages, newest first</caption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="hidden xl:table-cell">Channel</TableHead>
            <TableHead className="max-xl:pl-5">Recipient</TableHead>
            <TableHead>Subject or text</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Attempts</TableHead>
            <TableHead>Last error</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Sent / next try</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.messages.map((message) => (
            <MessageRow key={message.id} message={message} onOpen={props.onOpen} />
          ))}
        </TableBody>
      </Table>
      <ul aria-label="Messages, newest first" className="divide-y divide-line md:hidden">
        {props.messages.map((message) => (
          <MessageCard key={message.id} message={message} onOpen={props.onOpen} />
        ))}
      </ul>
    </>
  );
}

type RowProps = { message: MessageSummary; onOpen: OpenMessage };

function MessageRow({ message, onOpen }: RowProps) {
  const openRef = useRef<HTMLButtonElement>(null);
  const open = () => onOpen(message, openRef.current);
  return (
    <TableRow className="cursor-pointer" onClick={open}>
      <TableCell className="hidden xl:table-cell">
        <ChannelLabel channel={message.channel} />
      </TableCell>
      <TableCell className="max-w-60 min-w-36 break-words max-xl:pl-5 xl:min-w-48">
        {/* Narrower screens: the channel joins the recipient instead of taking a column. */}
        <ChannelLabel channel={message.channel} className="text-xs text-muted xl:hidden" />
        <span className="block">
          <Recipient message={message} />
        </span>
      </TableCell>
      <TableCell className="max-w-72 min-w-40">
        <OpenButton ref={openRef} message={message} onOpen={open} className="line-clamp-2" />
      </TableCell>
      <TableCell>
        {/* Retry sits with the status it changes, so the table needs no column of its own for it. */}
        <div className="flex flex-col items-start gap-1.5">
          <MessageStatusBadge status={message.status} />
          {canRetry(message) ? (
            <RetryMessageButton
              message={message}
              aria-label={`Retry the message to ${displayRecipient(message)}`}
              onRetried={() => openRef.current?.focus()}
            />
          ) : null}
        </div>
      </TableCell>
      <TableCell className="text-right tabular-nums">{message.attempts}</TableCell>
      <TableCell className="max-w-44">
        {message.lastError ? (
          <span title={message.lastError} className={cn('line-clamp-2 break-words', errorTone(message.status))}>
            {message.lastError}
          </span>
        ) : (
          <Blank />
        )}
      </TableCell>
      <TableCell>
        <StackedTime value={message.createdAt} />
      </TableCell>
      <TableCell>
        <SentOrNext message={message} />
      </TableCell>
    </TableRow>
  );
}

function MessageCard({ message, onOpen }: RowProps) {
  const openRef = useRef<HTMLButtonElement>(null);
  return (
    <li className="relative grid gap-1.5 px-4 py-4 transition-colors hover:bg-brand-50/40">
      <div className="flex items-center justify-between gap-3 text-sm text-muted">
        <ChannelLabel channel={message.channel} />
        <MessageStatusBadge status={message.status} />
      </div>
      <p className="font-semibold break-words text-brand-950">
        <Recipient message={message} />
      </p>
      <OpenButton
        ref={openRef}
        message={message}
        onOpen={() => onOpen(message, openRef.current)}
        // The whole card opens the message; Retry sits above this layer.
        className="line-clamp-3 after:absolute after:inset-0 after:content-['']"
      />
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted">
        <span>
          Created <time dateTime={message.createdAt}>{formatUkDateTime(message.createdAt)}</time>
        </span>
        <span>
          <SentOrNext message={message} inline />
        </span>
        <span>
          {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
      </p>
      {message.lastError ? (
        <p className={cn('line-clamp-2 text-sm break-words', errorTone(message.status))}>
          <span className="font-semibold">Last error: </span>
          {message.lastError}
        </p>
      ) : null}
      {canRetry(message) ? (
        <div className="relative z-10 mt-1">
          <RetryMessageButton
            message={message}
            aria-label={`Retry the message to ${displayRecipient(message)}`}
            onRetried={() => openRef.current?.focus()}
          />
        </div>
      ) : null}
    </li>
  );
}

function OpenButton({
  ref,
  message,
  onOpen,
  className,
}: {
  ref: Ref<HTMLButtonElement>;
  message: MessageSummary;
  onOpen: () => void;
  className?: string;
}) {
  const text = headline(message);
  return (
    <button
      ref={ref}
      type="button"
      aria-label={openLabel(message)}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
      className={cn(
        // At least 24px tall, a comfortable target even for one line of text.
        'min-h-6 text-left text-sm break-words text-brand-900 underline-offset-2 hover:underline',
        message.subject ? 'font-semibold' : 'text-ink',
        className,
      )}
    >
      {message.contentDeletedAt ? (
        <span className="text-muted italic">{CONTENT_DELETED}</span>
      ) : (
        text || <span className="text-muted italic">No text</span>
      )}
    </button>
  );
}
