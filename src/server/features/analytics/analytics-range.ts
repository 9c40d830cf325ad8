import { ukDate } from '~/shared/promotion';
import type { AnalyticsRange } from '~/shared/analytics';
import { addDays } from '~/shared/calendar-date';

/** The last `days` UK days, today included. */
export function rangeEndingToday(now: Date, days: number): AnalyticsRange {
  const to = ukDate(now);
  return { from: addDays(to, -(days - 1)), to, days };
}

/** Every date of the range, newest first. */
export function datesOf(range: AnalyticsRange): string[] {
  return Array.from({ length: range.days }, (_, i) => addDays(range.to, -i));
}
