import type { MessageSummary } from '~/shared/messages';
import { formatUkDate } from '../../lib/format-date';
import { formatUkDateTime, formatUkTime } from '../lib/format-time';

/** A time on two lines, day over clock ("05 Sep 2025" / "14:03"), in UK time. */
export function StackedTime({ value }: { value: string }) {
  return (
    <time dateTime={value} className="grid whitespace-nowrap">
      <span>{formatUkDate(value)}</span>
      <span className="text-muted">{formatUkTime(value)}</span>
    </time>
  );
}

/** A dash for an empty cell, read out as `label`. */
export function Blank({ label = 'None' }: { label?: string }) {
  return (
    <span className="text-slate-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** When it went, or when it will next be tried: the list's last column. */
export function SentOrNext({ message, inline = false }: { message: MessageSummary; inline?: boolean }) {
  const [label, value] = message.sentAt
    ? ['Sent', message.sentAt]
    : message.status === 'queued' && message.nextAttemptAt
      ? ['Next try', message.nextAttemptAt]
      : [null, null];
  if (!value) return inline ? null : <Blank label="Not sent" />;
  if (inline)
    return (
      <>
        {label} <time dateTime={value}>{formatUkDateTime(value)}</time>
      </>
    );
  // Sent is what the column is mostly about; a next try says so.
  return (
    <div className="grid whitespace-nowrap">
      <time dateTime={value}>{formatUkDate(value)}</time>
      <span className="text-muted">
        {message.sentAt ? null : <span className="font-semibold">{label} </span>}
        <time dateTime={value}>{formatUkTime(value)}</time>
      </span>
    </div>
  );
}
