/** Times are stored in UTC and shown in UK time (DESIGN section 6). */
export const UK_TIME_ZONE = 'Europe/London';

// "MMM" month names, fixed: en-GB's own short names write September as "Sept".
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  day: '2-digit',
  month: 'numeric',
  year: 'numeric',
});

/** "dd MMM yyyy" in UK time, e.g. "05 Sep 2025"; an unreadable date gives "". */
export function formatUkDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(dayMonthYear.formatToParts(date).map(({ type, value: v }) => [type, v]));
  return `${part.day} ${MONTHS[Number(part.month) - 1]} ${part.year}`;
}
