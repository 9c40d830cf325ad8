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

/**
 * The views of a batch as the JSON the statement below reads: one array per view, in the batch's
 * order (jsonb_array_elements … with ordinality numbers them), its fields in the order the statement
 * reads them. jsonb, because the statement reads each view's fields by position: json would parse
 * the view's text again for every field.
 */
function viewsAsJson(visits: StoredVisit[]): string {
  return JSON.stringify(
    visits.map((v) => [
      v.day,
      v.visitedAt.toISOString(),
      v.pagePath,
      v.ipAddress,
      v.visitorHash,
      v.userAgent,
      v.referrer,
      v.country,
      v.city,
    ]),
  );
}

/**
 * Stores a batch of page views and adds them to the daily rollups, in one statement (so one
 * transaction): the raw rows, in the batch's order; the day's newly seen visitors (site-wide and per
 * page); then the totals, pages and locations. A view adds a unique visitor only if its hash was not
 * yet counted that day, so the rollups always equal what the raw rows would give; a new visitor is
 * placed where their first view of the batch came from. Keys are written in sorted order, so two
 * processes writing at once wait for each other instead of deadlocking.
 *
 * One statement with the batch as one JSON parameter, rather than an INSERT per table with a
 * placeholder per value: on PGlite, which runs in the server's own thread, building and parsing
 * 9,000 placeholders cost more than the writes themselves (about 130 ms of the server's time per
 * 1,000 views, against about 40 ms this way; bench/README.md, Visitor analytics).
 */
export async function storeVisits(db: Db, visits: StoredVisit[]): Promise<void> {
  if (visits.length === 0) return;
  await db.execute(sql`
    with batch as materialized (
      select v.ord, (v.e->>0)::date as day, (v.e->>1)::timestamptz as visited_at, (v.e->>2) as page_path,
             (v.e->>3) as ip_address, (v.e->>4) as visitor_hash, (v.e->>5) as user_agent, (v.e->>6) as referrer,
             (v.e->>7) as country, (v.e->>8) as city
      from jsonb_array_elements(${viewsAsJson(visits)}::jsonb) with ordinality as v(e, ord)
    ),
    raw as (
      insert into ${visitorAnalytics}
        (ip_address, visitor_hash, user_agent, page_path, referrer, country, city, visited_at)
      select ip_address, visitor_hash, user_agent, page_path, referrer, country, city, visited_at
      from batch order by ord
    ),
    new_visitors as (
      insert into ${analyticsDayVisitors} (day, visitor_hash)
      select distinct day, visitor_hash from batch order by day, visitor_hash
      on conflict do nothing
      returning day, visitor_hash
    ),
    new_page_visitors as (
      insert into ${analyticsDayPageVisitors} (day, page_path, visitor_hash)
      select distinct day, page_path, visitor_hash from batch order by day, page_path, visitor_hash
      on conflict do nothing
      returning day, page_path
    ),
    first_views as (
      select distinct on (day, visitor_hash) day, visitor_hash, coalesce(country, '') as country,
             coalesce(city, '') as city
      from batch order by day, visitor_hash, ord
    ),
    totals as (
      insert into ${analyticsDailyTotals} as t (day, visitors, page_views)
      select views.day, coalesce(seen.visitors, 0), views.page_views
      from (select day, count(*)::int as page_views from batch group by day) views
      left join (select day, count(*)::int as visitors from new_visitors group by day) seen on seen.day = views.day
      order by views.day
      on conflict (day) do update
        set visitors = t.visitors + excluded.visitors, page_views = t.page_views + excluded.page_views
    ),
    pages as (
      insert into ${analyticsDailyPages} as p (day, page_path, views, unique_visitors)
      select views.day, views.page_path, views.views, coalesce(seen.visitors, 0)
      from (select day, page_path, count(*)::int as views from batch group by day, page_path) views
      left join (
        select day, page_path, count(*)::int as visitors from new_page_visitors group by day, page_path
      ) seen on seen.day = views.day and seen.page_path = views.page_path
      order by views.day, views.page_path
      on conflict (day, page_path) do update
        set views = p.views + excluded.views, unique_visitors = p.unique_visitors + excluded.unique_visitors
    )
    insert into ${analyticsDailyLocations} as l (day, country, city, visitors)
    select f.day, f.country, f.city, count(*)::int
    from first_views f join new_visitors n on n.day = f.day and n.visitor_hash = f.visitor_hash
    group by f.day, f.country, f.city
    order by f.day, f.country, f.city
    on conflict (day, country, city) do update set visitors = l.visitors + excluded.visitors
  `);
}
