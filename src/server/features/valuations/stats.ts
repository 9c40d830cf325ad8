import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import type { ValuationStats } from '~/shared/admin-valuations';

/** UK days (DESIGN 6): "today" starts at midnight in London, GMT or BST as the date has it. */
export const UK_TIME_ZONE = 'Europe/London';

type Windows = { total: number; today: number; thisWeek: number; thisMonth: number };

/**
 * The dashboard's cards, weekly chart and popular brands (SPEC section 2), in SQL.
 *
 * Days are UK calendar days: "today" is from the last London midnight, "this week" the 7 UK days
 * ending today (today and the 6 before; the chart's bars add up to it), "this month" the 30 UK
 * days ending today. Day starts are worked out in SQL from `now` (the app's clock, so tests can fix
 * it) as local London midnights, so a day of 23 or 25 hours (the clocks changing) counts right.
 *
 * Cost on 1M rows: the day windows read only the last 30 days from `car_valuations_created_at_idx`;
 * the total is one index-only count of that index and the brands one index-only scan of
 * `car_valuations_make_idx` (both read every entry: there is no cheaper exact answer without
 * keeping counters, which would put a hot row in every submission's transaction).
 * The counts include archived valuations: archiving tidies the list, the request was still received.
 */
export async function valuationStats(db: Db, now: Date): Promise<ValuationStats> {
  const queries = statsQueries(now);
  const [windows, days, brands] = await Promise.all([
    db.execute<Windows>(queries.windows),
    db.execute<{ date: string; count: number }>(queries.days),
    db.execute<{ make: string; count: number }>(queries.brands),
  ]);
  const counts = windows.rows[0]!;
  return {
    total: Number(counts.total),
    today: Number(counts.today),
    thisWeek: Number(counts.thisWeek),
    thisMonth: Number(counts.thisMonth),
    weeklyActivity: days.rows.map((row) => ({ date: row.date, count: Number(row.count) })),
    popularBrands: brands.rows.map((row) => ({ make: row.make, count: Number(row.count) })),
  };
}

/** The stats' three queries, unexecuted (the database tests EXPLAIN them). */
export function statsQueries(now: Date): Record<'windows' | 'days' | 'brands', SQL> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const localToday = sql`date_trunc('day', ${nowSql} at time zone ${UK_TIME_ZONE})`;
  /** The instant of London midnight `days` days before today's. */
  const ukMidnight = (days: number) =>
    sql`((${localToday} - make_interval(days => ${days})) at time zone ${UK_TIME_ZONE})`;
  return {
    windows: sql`
      select
        (select count(*)::int from car_valuations) as "total",
        count(*) filter (where created_at >= ${ukMidnight(0)})::int as "today",
        count(*) filter (where created_at >= ${ukMidnight(6)})::int as "thisWeek",
        count(*)::int as "thisMonth"
      from car_valuations
      where created_at >= ${ukMidnight(29)} and created_at <= ${nowSql}`,
    days: sql`
      select to_char(day, 'YYYY-MM-DD') as "date", coalesce(counted.count, 0)::int as "count"
      from generate_series(${localToday} - interval '6 days', ${localToday}, interval '1 day') as day
      left join (
        select date_trunc('day', created_at at time zone ${UK_TIME_ZONE}) as local_day, count(*) as count
        from car_valuations
        where created_at >= ${ukMidnight(6)} and created_at <= ${nowSql}
        group by 1
      ) as counted on counted.local_day = day
      order by day`,
    // Grouped on the plain column first (an index-only scan of car_valuations_make_idx, ~one row
    // per spelling), then case-insensitively over those few groups. MATERIALIZED keeps the blank
    // test out here: pushed into the scan it runs trim() on every row (130 ms instead of 40 at 1M).
    brands: sql`
      with spellings as materialized (
        select make, count(*) as count from car_valuations where make is not null group by make
      )
      select upper(trim(make)) as "make", sum(count)::int as "count"
      from spellings
      where trim(make) <> ''
      group by 1
      order by 2 desc, 1
      limit 5`,
  };
}
