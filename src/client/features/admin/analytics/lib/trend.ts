import { ANALYTICS_TREND_ROWS, type DailyStat, type DailyStatsResponse } from '~/shared/analytics';

const byDate = (a: DailyStat, b: DailyStat) => a.date.localeCompare(b.date);

/** The days oldest first, for the chart (the API sends them newest first). */
export function chronological(days: readonly DailyStat[]): DailyStat[] {
  return [...days].sort(byDate);
}

/** SPEC section 9: the trend table shows the first 10 days, newest first. */
export function trendRows(days: readonly DailyStat[]): DailyStat[] {
  return [...days].sort((a, b) => byDate(b, a)).slice(0, ANALYTICS_TREND_ROWS);
}

/** Whether anything was counted in the range at all. */
export function hasVisits(totals: DailyStatsResponse['totals']): boolean {
  return totals.visitors > 0 || totals.pageViews > 0;
}

/** The day with the most visitors (the latest of equals), or undefined when no day had any. */
export function busiestDay(days: readonly DailyStat[]): DailyStat | undefined {
  let best: DailyStat | undefined;
  for (const day of days) {
    if (
      day.visitors > 0 &&
      (!best || day.visitors > best.visitors || (day.visitors === best.visitors && day.date > best.date))
    )
      best = day;
  }
  return best;
}
