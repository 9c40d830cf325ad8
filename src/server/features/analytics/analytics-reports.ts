import { and, between, desc, asc, ne, sql, countDistinct } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { analyticsDailyLocations, analyticsDailyPages, analyticsDailyTotals } from '~/server/db/schema';
import type { AnalyticsRange, DailyStat, LocationStat, PageStat } from '~/shared/analytics';
import { datesOf } from './analytics-range';

/**
 * Staff's reports (issue 15), read from the daily rollups only, never the raw rows: each query
 * reads at most one row per day (totals) or per day and page or place, by primary key range.
 */

/** Every day of the range, newest first, with zeros for days nobody visited. */
export async function dailyStats(db: Db, range: AnalyticsRange) {
  const rows = await db
    .select({
      day: analyticsDailyTotals.day,
      visitors: analyticsDailyTotals.visitors,
      pageViews: analyticsDailyTotals.pageViews,
    })
    .from(analyticsDailyTotals)
    .where(between(analyticsDailyTotals.day, range.from, range.to));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: DailyStat[] = datesOf(range).map((date) => ({
    date,
    visitors: byDay.get(date)?.visitors ?? 0,
    pageViews: byDay.get(date)?.pageViews ?? 0,
  }));
  const totals = days.reduce(
    (sum, day) => ({ visitors: sum.visitors + day.visitors, pageViews: sum.pageViews + day.pageViews }),
    { visitors: 0, pageViews: 0 },
  );
  return { days, totals };
}

/** The places with the most visitors, and how many countries visitors came from. */
export async function topLocations(db: Db, range: AnalyticsRange, limit: number) {
  const inRange = between(analyticsDailyLocations.day, range.from, range.to);
  const visitors = sql<number>`sum(${analyticsDailyLocations.visitors})::int`;
  const [rows, [countries]] = await Promise.all([
    db
      .select({ country: analyticsDailyLocations.country, city: analyticsDailyLocations.city, visitors })
      .from(analyticsDailyLocations)
      .where(inRange)
      .groupBy(analyticsDailyLocations.country, analyticsDailyLocations.city)
      .orderBy(desc(visitors), asc(analyticsDailyLocations.country), asc(analyticsDailyLocations.city))
      .limit(limit),
    db
      .select({ count: countDistinct(analyticsDailyLocations.country) })
      .from(analyticsDailyLocations)
      .where(and(inRange, ne(analyticsDailyLocations.country, ''))),
  ]);
  const locations: LocationStat[] = rows.map((row) => ({
    country: row.country || null,
    city: row.city || null,
    visitors: Number(row.visitors),
  }));
  return { locations, countries: Number(countries?.count ?? 0) };
}

/** The most viewed pages; unique visitors are summed over the days (a visitor is known only within a day). */
export async function topPages(db: Db, range: AnalyticsRange, limit: number) {
  const views = sql<number>`sum(${analyticsDailyPages.views})::int`;
  const uniqueVisitors = sql<number>`sum(${analyticsDailyPages.uniqueVisitors})::int`;
  const rows = await db
    .select({ page: analyticsDailyPages.pagePath, views, uniqueVisitors })
    .from(analyticsDailyPages)
    .where(between(analyticsDailyPages.day, range.from, range.to))
    .groupBy(analyticsDailyPages.pagePath)
    .orderBy(desc(views), asc(analyticsDailyPages.pagePath))
    .limit(limit);
  const pages: PageStat[] = rows.map((row) => ({
    page: row.page,
    views: Number(row.views),
    uniqueVisitors: Number(row.uniqueVisitors),
  }));
  return { pages };
}
