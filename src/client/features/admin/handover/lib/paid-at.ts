/**
 * The payment's "time sent" field: a `datetime-local` input, which holds the phone's own wall-clock
 * time without an offset ("2026-12-01T10:42"). The API takes an ISO time with its offset, so the
 * field's value is sent with the offset the browser had at that moment ("2026-12-01T10:42:00+00:00"
 * in winter, "…+01:00" in summer).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-12-01T10:42": an instant as a `datetime-local` value, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "+01:00" / "-05:30" / "+00:00": the browser's offset from UTC at that instant. */
function offsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A `datetime-local` value ("2026-12-01T10:42", seconds optional) as an ISO time with the browser's
 * offset, or undefined when it is empty or not a time. A time the clocks skip in spring becomes the
 * instant the browser makes of it, written as the wall-clock time it really is.
 */
export function localInputToIso(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  // A date and time without an offset is read in the browser's own time zone.
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${toLocalInput(date)}:${pad(date.getSeconds())}${offsetOf(date)}`;
}
