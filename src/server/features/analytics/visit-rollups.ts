import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  analyticsDailyLocations,
  analyticsDailyPages,
  analyticsDailyTotals,
  analyticsDayPageVisitors,
  analyticsDayVisitors,
  visitorAnalytics,
} from '~/server/db/schema';

/** A page view ready to store: nothing in it identifies a person beyond its day. */
export type StoredVisit = {
  /** The UK day it counts for ('YYYY-MM-DD'). */
  day: string;
  visitedAt: Date;
  pagePath: string;
  /** Already truncated (visit-privacy.ts). */
  ipAddress: string | null;
  visitorHash: string;
  userAgent: string;
  referrer: string | null;
  country: string | null;
  city: string | null;
};

/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 1_000;

function chunks<T>(items: T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Adds to a counter in a map of counters (created at zero). */
function add<K>(map: Map<K, number>, key: K, amount = 1) {
  map.set(key, (map.get(key) ?? 0) + amount);
}

/** Keys are joined with NUL, which no path, hash or place name holds. */
const key = (...parts: string[]) => parts.join('\0');
const parts = (joined: string) => joined.split('\0');

/**
 * Stores a batch of page views and adds them to the daily rollups, in one transaction: the raw
 * rows, then the day's newly seen visitors (site-wide and per page), then the totals, pages and
 * locations. A view adds a unique visitor only if its hash was not yet counted that day, so the
 * rollups always equal what the raw rows would give. Keys are written in sorted order, so two
 * processes writing at once wait for each other instead of deadlocking.
 */
export async function storeVisits(db: Db, visits: StoredVisit[]): Promise<void> {
  if (visits.length === 0) return;
  await db.transaction(async (tx) => {
    for (const rows of chunks(visits)) {
      await tx.insert(visitorAnalytics).values(rows.map(({ day: _day, ...row }) => row));
    }

    // The first view of each (day, visitor) in this batch says where that visitor was.
    const firstOfVisitor = new Map<string, StoredVisit>();
    const pageVisitors = new Set<string>();
    for (const visit of visits) {
      const visitor = key(visit.day, visit.visitorHash);
      if (!firstOfVisitor.has(visitor)) firstOfVisitor.set(visitor, visit);
      pageVisitors.add(key(visit.day, visit.pagePath, visit.visitorHash));
    }

    const newVisitors: string[] = [];
    for (const batch of chunks([...firstOfVisitor.keys()].sort())) {
      const inserted = await tx
        .insert(analyticsDayVisitors)
        .values(batch.map((k) => ({ day: parts(k)[0]!, visitorHash: parts(k)[1]! })))
        .onConflictDoNothing()
        .returning({ day: analyticsDayVisitors.day, visitorHash: analyticsDayVisitors.visitorHash });
      newVisitors.push(...inserted.map((row) => key(row.day, row.visitorHash)));
    }

    const newPageVisitors = new Map<string, number>();
    for (const batch of chunks([...pageVisitors].sort())) {
      const inserted = await tx
        .insert(analyticsDayPageVisitors)
        .values(batch.map((k) => ({ day: parts(k)[0]!, pagePath: parts(k)[1]!, visitorHash: parts(k)[2]! })))
        .onConflictDoNothing()
        .returning({ day: analyticsDayPageVisitors.day, pagePath: analyticsDayPageVisitors.pagePath });
      for (const row of inserted) add(newPageVisitors, key(row.day, row.pagePath));
    }

    const totals = new Map<string, { visitors: number; pageViews: number }>();
    const pages = new Map<string, { views: number; uniqueVisitors: number }>();
    const locations = new Map<string, number>();
    for (const visit of visits) {
      const total = totals.get(visit.day) ?? { visitors: 0, pageViews: 0 };
      total.pageViews += 1;
      totals.set(visit.day, total);
      const pageKey = key(visit.day, visit.pagePath);
      const page = pages.get(pageKey) ?? { views: 0, uniqueVisitors: newPageVisitors.get(pageKey) ?? 0 };
      page.views += 1;
      pages.set(pageKey, page);
    }
    for (const visitor of newVisitors) {
      const first = firstOfVisitor.get(visitor)!;
      totals.get(first.day)!.visitors += 1;
      add(locations, key(first.day, first.country ?? '', first.city ?? ''));
    }

    for (const [day, total] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
      await tx
        .insert(analyticsDailyTotals)
        .values({ day, ...total })
        .onConflictDoUpdate({
          target: analyticsDailyTotals.day,
          set: {
            visitors: sql`${analyticsDailyTotals.visitors} + excluded.visitors`,
            pageViews: sql`${analyticsDailyTotals.pageViews} + excluded.page_views`,
          },
        });
    }
    const pageRows = [...pages].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const batch of chunks(pageRows)) {
      await tx
        .insert(analyticsDailyPages)
        .values(batch.map(([k, page]) => ({ day: parts(k)[0]!, pagePath: parts(k)[1]!, ...page })))
        .onConflictDoUpdate({
          target: [analyticsDailyPages.day, analyticsDailyPages.pagePath],
          set: {
            views: sql`${analyticsDailyPages.views} + excluded.views`,
            uniqueVisitors: sql`${analyticsDailyPages.uniqueVisitors} + excluded.unique_visitors`,
          },
        });
    }
    const locationRows = [...locations].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const batch of chunks(locationRows)) {
      await tx
        .insert(analyticsDailyLocations)
        .values(
          batch.map(([k, visitors]) => ({ day: parts(k)[0]!, country: parts(k)[1]!, city: parts(k)[2]!, visitors })),
        )
        .onConflictDoUpdate({
          target: [analyticsDailyLocations.day, analyticsDailyLocations.country, analyticsDailyLocations.city],
          set: { visitors: sql`${analyticsDailyLocations.visitors} + excluded.visitors` },
        });
    }
  });
}
