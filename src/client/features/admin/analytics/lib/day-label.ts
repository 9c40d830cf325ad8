import type { AnalyticsRange } from '~/shared/analytics';

// The report's days are UK calendar dates ("2025-11-26"): read as UTC dates, with fixed names
// (en-GB's own short month names write September as "Sept"), a date is the same day whatever
// zone the browser is in.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const utcDate = (date: string) => new Date(`${date}T12:00:00Z`);

const longDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The trend table's date: "Thu 26 Nov". */
export function dayLabel(date: string): string {
  const day = utcDate(date);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** The chart's axis label: "26 Nov". */
export function axisDayLabel(date: string): string {
  const day = utcDate(date);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** The day written out, for the chart's tooltip: "Thursday 26 November 2026". */
export function longDayLabel(date: string): string {
  return longDay.format(utcDate(date)).replace(',', '');
}

/** The days a report covers: "27 Oct to 25 Nov 2025", or with both years when it spans a new year. */
export function rangeLabel({ from, to }: Pick<AnalyticsRange, 'from' | 'to'>): string {
  const [start, end] = [utcDate(from), utcDate(to)];
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  const first = `${axisDayLabel(from)}${sameYear ? '' : ` ${start.getUTCFullYear()}`}`;
  return `${first} to ${axisDayLabel(to)} ${end.getUTCFullYear()}`;
}
