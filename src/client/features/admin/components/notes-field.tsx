import { useId } from 'react';

/**
 * Staff's notes in a dialog (a review's admin notes, a call's notes): the label, a textarea held to
 * the column's length, a count of what is left when `showCount`, and the server's message under it.
 */
export function NotesField({
  label,
  value,
  maxLength,
  error,
  onChange,
  rows = 4,
  showCount = false,
}: {
  label: string;
  value: string;
  maxLength: number;
  /** The server's message about the notes, or null. */
  error: string | null;
  onChange: (value: string) => void;
  rows?: number;
  showCount?: boolean;
}) {
  const id = useId();
  const describedBy = [showCount ? `${id}-count` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <>
      <label htmlFor={id} className="text-sm font-semibold text-brand-950">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="block w-full rounded-lg border border-slate-300 px-3.5 py-3 text-base focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none aria-invalid:border-danger"
      />
      {showCount ? (
        <p id={`${id}-count`} className="text-right text-xs text-muted tabular-nums">
          {value.length.toLocaleString('en-GB')} of {maxLength.toLocaleString('en-GB')} characters
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}
