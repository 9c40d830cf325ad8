import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import type { ValuationStats } from '~/shared/admin-valuations';
import { countByListFilter } from './admin-valuations-service';

/** UK days (DESIGN 6): "today" starts at midnight in London, GMT or BST as the date has it. */
export const UK_TIME_ZONE = 'Europe/London';

/** How long the all-time counts by make are reused before they are counted again. */
export const STATS_SNAPSHOT_MAX_AGE_MS = 60_000;

type Windows = { today: number; thisWeek: number; thisMonth: number };
type MakeCount = { make: string | null; count: number };
/** Every valuation counted by make (null and blank included), and the instant it was counted at. */
type Snapshot = { at: Date; byMake: MakeCount[] };

export type ValuationStatsSource = {
  /** The dashboard's numbers at `now` (the app's clock). */
  get(now: Date): Promise<ValuationStats>;
  /** Forgets the snapshot: after a delete, which the live part cannot see. */
  invalidate(): void;
};

/**
 * The dashboard's cards, weekly chart and popular brands (SPEC section 2), in SQL.
 *
 * Days are UK calendar days: "today" is from the last London midnight, "this week" the 7 UK days
 * ending today (today and the 6 before; the chart's bars add up to it), "this month" the 30 UK
 * days ending today. Day starts are worked out in SQL from `now` (the app's clock, so tests can fix
 * it) as local London midnights, so a day of 23 or 25 hours (the clocks changing) counts right.
 * The counts include archived valuations: archiving tidies the list, the request was still received.
 *
 * Cost on 1M rows. The day windows and the chart read only the last 30 days from
 * `car_valuations_created_at_idx`: a few milliseconds. "Total" and "Popular Brands" are all-time,
 * and an exact all-time count reads every row's index entry (an index-only scan of
 * `car_valuations_make_idx`, ~40-70 ms at 1M, ~150 ms of CPU with parallel workers): per dashboard
 * view, that is what made this endpoint the slowest of the back office (13 requests/s, p99 over a
 * second at 1M). So the counts by make (whose sum is the total) are taken once, as a snapshot with
 * its instant, and reused for up to a minute; each request adds, live, the valuations created since
 * that instant (the same index range as "today"). A new request therefore shows at once in Total,
 * Today and Popular Brands. What the snapshot can miss for up to a minute: a delete by another
 * server process (this process forgets its snapshot on a delete), and a request whose transaction
 * was still open when the snapshot was counted. Counters kept in the submit transaction would be
 * exact but put one hot row in every submission; a short-lived snapshot costs nothing there.
 *
 * The counts by stage (and "Offer expired") are live: they change with every move staff make, and
 * each is the list's own capped count of that filter (countByListFilter), a bounded index range.
 */
export function createValuationStats(
  db: Db,
  options: { maxAgeMs?: number; monotonicMs?: () => number } = {},
): ValuationStatsSource {
  const maxAgeMs = options.maxAgeMs ?? STATS_SNAPSHOT_MAX_AGE_MS;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  let snapshot: { taken: number; counted: Promise<Snapshot> } | undefined;

  /** The current snapshot, counted again once it is too old; concurrent callers share one count. */
  function allTime(): Promise<Snapshot> {
    if (!snapshot || monotonicMs() - snapshot.taken > maxAgeMs) {
      const counted = countByMake(db);
      const current = { taken: monotonicMs(), counted };
      snapshot = current;
      // A failed count is not kept: the next request tries again.
      counted.catch(() => {
        if (snapshot === current) snapshot = undefined;
      });
    }
    return snapshot.counted;
  }

  return {
    async get(now) {
      const queries = statsQueries(now);
      const [windows, days, counted, byStage] = await Promise.all([
        db.execute<Windows>(queries.windows),
        db.execute<{ date: string; count: number }>(queries.days),
        allTime(),
        countByListFilter(db, now),
      ]);
      const recent = await db.execute<MakeCount>(statsQueries(now, counted.at).createdSince);
      const byMake = [...counted.byMake, ...recent.rows];
      const counts = windows.rows[0]!;
      return {
        total: byMake.reduce((sum, row) => sum + Number(row.count), 0),
        today: Number(counts.today),
        thisWeek: Number(counts.thisWeek),
        thisMonth: Number(counts.thisMonth),
        weeklyActivity: days.rows.map((row) => ({ date: row.date, count: Number(row.count) })),
        popularBrands: topMakes(byMake, 5),
        byStage,
      };
    },
    invalidate() {
      snapshot = undefined;
    },
  };
}

async function countByMake(db: Db): Promise<Snapshot> {
  const result = await db.execute<MakeCount & { at: string | Date }>(statsQueries(new Date(0)).byMake);
  const at = result.rows[0]?.at ?? (await db.execute<{ at: string | Date }>(sql`select now() as at`)).rows[0]!.at;
  return { at: new Date(at), byMake: result.rows.map(({ make, count }) => ({ make, count: Number(count) })) };
}

/** Case-insensitive ("Ford", "FORD" and "ford " are one make), upper-case, blank and null left out. */
export function topMakes(byMake: readonly MakeCount[], limit: number): { make: string; count: number }[] {
  const totals = new Map<string, number>();
  for (const { make, count } of byMake) {
    const name = make?.trim().toUpperCase();
    if (name) totals.set(name, (totals.get(name) ?? 0) + Number(count));
  }
  return [...totals]
    .map(([make, count]) => ({ make, count }))
    .sort((a, b) => b.count - a.count || (a.make < b.make ? -1 : a.make > b.make ? 1 : 0))
    .slice(0, limit);
}

/** The stats' queries, unexecuted (the database tests EXPLAIN them). */
export function statsQueries(
  now: Date,
  since: Date = now,
): Record<'windows' | 'days' | 'byMake' | 'createdSince', SQL> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const localToday = sql`date_trunc('day', ${nowSql} at time zone ${UK_TIME_ZONE})`;
  /** The instant of London midnight `days` days before today's. */
  const ukMidnight = (days: number) =>
    sql`((${localToday} - make_interval(days => ${days})) at time zone ${UK_TIME_ZONE})`;
  return {
    windows: sql`
      select
        count(*) filter (where created_at >= ${ukMidnight(0)})::int as "today",
        count(*) filter (where created_at >= ${ukMidnight(6)})::int as "thisWeek",
        count(*)::int as "thisMonth"
      from car_valuations
      where created_at >= ${ukMidnight(29)}`,
    days: sql`
      select to_char(day, 'YYYY-MM-DD') as "date", coalesce(counted.count, 0)::int as "count"
      from generate_series(${localToday} - interval '6 days', ${localToday}, interval '1 day') as day
      left join (
        select date_trunc('day', created_at at time zone ${UK_TIME_ZONE}) as local_day, count(*) as count
        from car_valuations
        where created_at >= ${ukMidnight(6)}
        group by 1
      ) as counted on counted.local_day = day
      order by day`,
    // Every row, by the plain column: an index-only scan of car_valuations_make_idx (nulls are in a
    // btree too), one row per spelling. One statement, so `at` (its start) and the rows it sees agree.
    byMake: sql`select make, count(*)::int as "count", now() as "at" from car_valuations group by make`,
    createdSince: sql`
      select make, count(*)::int as "count" from car_valuations
      where created_at > ${since.toISOString()}::timestamptz
      group by make`,
  };
}
