import { between, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { analyticsDailyLocations, analyticsDailyPages, analyticsDailyTotals } from '~/server/db/schema';
import type { AnalyticsRange, DailyStat, LocationStat, PageStat } from '~/shared/analytics';
import { addDays } from '~/shared/calendar-date';
import { datesOf } from './analytics-range';
import { VISIT_FLUSH_EVERY_MS } from './visit-recorder';

/**
 * Staff's reports (issue 15), read from the daily rollups only, never the raw rows.
 *
 * A range is its closed days plus today. Closed days' sums are read once and kept for
 * CLOSED_DAYS_MAX_AGE_MS (a view from just before midnight that is written just after it reaches
 * yesterday's rollup, and shows within that time). Today's rows change only when a batch of views
 * is written, every VISIT_FLUSH_EVERY_MS, so they are read at most that often. A report is then a
 * merge of two small maps, not a scan of 90 days of rows per page and place on every poll, and many
 * staff (or the bench) asking at once share one read.
 */

/** How long the closed days' sums of a range are kept before they are read again. */
export const CLOSED_DAYS_MAX_AGE_MS = 10_000;

type DayTotals = Map<string, { visitors: number; pageViews: number }>;
type PlaceTotals = Map<string, number>;
type PageTotals = Map<string, { views: number; uniqueVisitors: number }>;

/** Places are keyed by country and town joined with NUL, which neither holds ('' where unknown). */
const placeKey = (country: string, city: string) => `${country}\0${city}`;

const readTotals = async (db: Db, from: string, to: string): Promise<DayTotals> => {
  const rows = await db
    .select()
    .from(analyticsDailyTotals)
    .where(from === to ? eq(analyticsDailyTotals.day, from) : between(analyticsDailyTotals.day, from, to));
  return new Map(rows.map((row) => [row.day, { visitors: row.visitors, pageViews: row.pageViews }]));
};

const readPlaces = async (db: Db, from: string, to: string): Promise<PlaceTotals> => {
  const rows = await db
    .select()
    .from(analyticsDailyLocations)
    .where(from === to ? eq(analyticsDailyLocations.day, from) : between(analyticsDailyLocations.day, from, to));
  const places: PlaceTotals = new Map();
  for (const row of rows) {
    const key = placeKey(row.country, row.city);
    places.set(key, (places.get(key) ?? 0) + row.visitors);
  }
  return places;
};

const readPages = async (db: Db, from: string, to: string): Promise<PageTotals> => {
  const rows = await db
    .select()
    .from(analyticsDailyPages)
    .where(from === to ? eq(analyticsDailyPages.day, from) : between(analyticsDailyPages.day, from, to));
  const pages: PageTotals = new Map();
  for (const row of rows) {
    const page = pages.get(row.pagePath) ?? { views: 0, uniqueVisitors: 0 };
    page.views += row.views;
    page.uniqueVisitors += row.uniqueVisitors;
    pages.set(row.pagePath, page);
  }
  return pages;
};

export type AnalyticsReports = ReturnType<typeof createAnalyticsReports>;

export function createAnalyticsReports(db: Db, options: { closedDaysMaxAgeMs?: number; todayMaxAgeMs?: number } = {}) {
  const closedMaxAgeMs = options.closedDaysMaxAgeMs ?? CLOSED_DAYS_MAX_AGE_MS;
  const todayMaxAgeMs = options.todayMaxAgeMs ?? VISIT_FLUSH_EVERY_MS;
  const kept = new Map<string, { until: number; value: Promise<unknown> }>();

  /** `read()`'s answer, kept for `maxAgeMs` under `key`; concurrent callers share one read, a failed one is not kept. */
  function keptRead<T>(key: string, maxAgeMs: number, read: () => Promise<T>): Promise<T> {
    const now = performance.now();
    for (const [oldKey, entry] of kept) if (entry.until < now) kept.delete(oldKey);
    const entry = kept.get(key);
    if (entry) return entry.value as Promise<T>;
    const value = read();
    kept.set(key, { until: now + maxAgeMs, value });
    value.catch(() => kept.delete(key));
    return value;
  }

  /** The closed days' and today's sums of `range`, each from `read(from, to)` (kept as above). */
  function sumsOf<T>(kind: string, range: AnalyticsRange, read: (from: string, to: string) => Promise<T>) {
    const yesterday = addDays(range.to, -1);
    return Promise.all([
      range.days < 2
        ? undefined
        : keptRead(`${kind} ${range.from} ${yesterday}`, closedMaxAgeMs, () => read(range.from, yesterday)),
      keptRead(`${kind} ${range.to}`, todayMaxAgeMs, () => read(range.to, range.to)),
    ]);
  }

  return {
    /** Every day of the range, newest first, with zeros for days nobody visited; and the sums. */
    async dailyStats(range: AnalyticsRange) {
      const [closed, today] = await sumsOf('totals', range, (from, to) => readTotals(db, from, to));
      const days: DailyStat[] = datesOf(range).map((date) => {
        const day = today.get(date) ?? closed?.get(date);
        return { date, visitors: day?.visitors ?? 0, pageViews: day?.pageViews ?? 0 };
      });
      const totals = days.reduce(
        (sum, day) => ({ visitors: sum.visitors + day.visitors, pageViews: sum.pageViews + day.pageViews }),
        { visitors: 0, pageViews: 0 },
      );
      return { days, totals };
    },

    /** The places with the most visitors, and how many countries visitors came from in all. */
    async topLocations(range: AnalyticsRange, limit: number) {
      const [closed, today] = await sumsOf('places', range, (from, to) => readPlaces(db, from, to));
      const places = new Map(closed);
      for (const [key, visitors] of today) places.set(key, (places.get(key) ?? 0) + visitors);
      const all = [...places].map(([key, visitors]) => {
        const [country = '', city = ''] = key.split('\0');
        return { country, city, visitors };
      });
      const countries = new Set(all.filter((place) => place.country !== '').map((place) => place.country)).size;
      const locations: LocationStat[] = all
        .sort((a, b) => b.visitors - a.visitors || a.country.localeCompare(b.country) || a.city.localeCompare(b.city))
        .slice(0, limit)
        .map((place) => ({ country: place.country || null, city: place.city || null, visitors: place.visitors }));
      return { locations, countries };
    },

    /** The most viewed pages; unique visitors are summed over the days (a visitor is known only within a day). */
    async topPages(range: AnalyticsRange, limit: number) {
      const [closed, today] = await sumsOf('pages', range, (from, to) => readPages(db, from, to));
      const pages = new Map([...(closed ?? [])].map(([path, page]) => [path, { ...page }]));
      for (const [path, page] of today) {
        const sum = pages.get(path) ?? { views: 0, uniqueVisitors: 0 };
        pages.set(path, { views: sum.views + page.views, uniqueVisitors: sum.uniqueVisitors + page.uniqueVisitors });
      }
      const top: PageStat[] = [...pages]
        .map(([page, figures]) => ({ page, ...figures }))
        .sort((a, b) => b.views - a.views || (a.page < b.page ? -1 : 1))
        .slice(0, limit);
      return { pages: top };
    },
  };
}
