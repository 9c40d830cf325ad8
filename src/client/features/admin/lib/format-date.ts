/** Times are stored in UTC and shown in UK time (DESIGN section 6). */
export const UK_TIME_ZONE = 'Europe/London';

// "MMM" month names, fixed: en-GB's own short names write September as "Sept".
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const dayMonthYearTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  day: '2-digit',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The UK calendar and clock parts of a date, or undefined for an unreadable one. */
function ukParts(value: string | Date): Record<string, string> | undefined {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return undefined;
  return Object.fromEntries(dayMonthYearTime.formatToParts(date).map(({ type, value: v }) => [type, v]));
}

/** "dd MMM yyyy" in UK time, e.g. "05 Sep 2025"; an unreadable date gives "". */
export function formatUkDate(value: string | Date): string {
  const part = ukParts(value);
  return part ? `${part.day} ${MONTHS[Number(part.month) - 1]} ${part.year}` : '';
}

/**
 * "dd MMM yyyy • HH:mm" in UK time, e.g. "05 Sep 2025 • 14:03" (SPEC section 2's Submitted
 * column); an unreadable date gives "".
 */
export function formatUkDateAndTime(value: string | Date): string {
  const part = ukParts(value);
  return part ? `${formatUkDate(value)} • ${part.hour}:${part.minute}` : '';
}
