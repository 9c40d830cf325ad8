// The stats' days are UK calendar dates ("2025-09-22"); read at noon UTC, a date is the same
// day in every time zone the browser might be in.
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** The chart's axis label of a UK date: "Mon 23". */
export function shortDayLabel(date: string): string {
  const day = atNoon(date);
  return `${weekday.format(day)} ${day.getUTCDate()}`;
}

/** The same day written out for the chart's table and screen readers: "Monday 23 September". */
export function longDayLabel(date: string): string {
  return weekdayLong.format(atNoon(date)).replace(',', '');
}

/** "3 valuations", "1 valuation". */
export const valuationCount = (count: number) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? 'valuation' : 'valuations'}`;
