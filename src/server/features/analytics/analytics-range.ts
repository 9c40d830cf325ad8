import { ukDate } from '~/shared/promotion';
import type { AnalyticsRange } from '~/shared/analytics';

/** A 'YYYY-MM-DD' date moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The last `days` UK days, today included. */
export function rangeEndingToday(now: Date, days: number): AnalyticsRange {
  const to = ukDate(now);
  return { from: addDays(to, -(days - 1)), to, days };
}

/** Every date of the range, newest first. */
export function datesOf(range: AnalyticsRange): string[] {
  return Array.from({ length: range.days }, (_, i) => addDays(range.to, -i));
}
