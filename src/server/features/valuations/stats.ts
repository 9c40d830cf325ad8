import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { createKeptValue } from '~/server/lib/kept-value';
import type { ValuationStats } from '~/shared/admin-valuations';
import { stageCountsQuery } from './admin-valuations-service';
import { createDailyTallies, SETTLED_COUNTS_MAX_AGE_MS, type DailyTallies } from './daily-tallies';

export { UK_TIME_ZONE } from './uk-time-zone';

/**
 * Requests created this close to the all-time snapshot's instant are counted live, not in it: a
 * seller's request whose transaction was still open when the snapshot was counted has a created_at
 * before that instant, and would otherwise be in neither part. A submission takes milliseconds.
 */
const IN_FLIGHT_MARGIN = sql`interval '5 minutes'`;

type MakeCount = { make: string | null; count: number };
/** The valuations created up to `until` counted by make (null and blank included). */
type Snapshot = { until: Date; byMake: MakeCount[] };

export type ValuationStatsSource = {
  /** The dashboard's numbers at `now` (the app's clock). */
  get(now: Date): Promise<ValuationStats>;
  /** Forgets what is kept (the all-time counts, the settled days): after a delete, which the live part cannot see. */
  invalidate(): void;
};

/**
 * The dashboard's cards, weekly chart and popular brands (SPEC section 2), in SQL.
 *
 * Days are UK calendar days: "today" is from the last London midnight, "this week" the 7 UK days
 * ending today (today and the 6 before; the chart's bars add up to it), "this month" the 30 UK
 * days ending today. They come from the daily tallies (daily-tallies.ts), which count the settled
 * requests once an hour and the last 24 hours live. The counts include archived valuations: archiving tidies the
 * list, the request was still received.
 *
 * "Total" and "Popular Brands" are all-time, and an exact all-time count reads every row's index
 * entry (an index-only scan of `car_valuations_make_idx`: ~40-70 ms at 1M on PostgreSQL, far more
 * on PGlite); per dashboard view, that made this endpoint the slowest of the back office. So the
 * counts by make (whose sum is the total) of the valuations created up to a few minutes before the
 * snapshot are taken once and reused for up to SETTLED_COUNTS_MAX_AGE_MS; each request adds, live,
 * the valuations created after that point (an index range of the last few minutes). The two parts
 * split the rows by created_at, so none is counted twice or missed, and a new request shows at once
 * in Total, Today and Popular Brands. What the snapshot can miss until it is counted again: a
 * delete by the retention job or an erasure (when staff delete a request, every process forgets its
 * snapshot: the 'valuations' content change, PostgreSQL NOTIFY between processes). Counters kept in the submit transaction would be exact but put one hot
 * row in every submission; a snapshot costs nothing there.
 *
 * The counts by stage (and "Offer expired") are live: they change with every move staff make, and
 * each is the list's own capped count of that filter (stageCountsQuery), a bounded index range.
 *
 * A view is one statement (the live days, the counts by stage and the makes since the snapshot,
 * each a one-row select joined to the others) besides the kept parts when they are counted again:
 * on PGlite every statement queues for the app's one thread, and on PostgreSQL for a pooled
 * connection, so three round trips cost more than the work they carry.
 */
export function createValuationStats(
  db: Db,
  options: { maxAgeMs?: number; monotonicMs?: () => number; tallies?: DailyTallies } = {},
): ValuationStatsSource {
  const maxAgeMs = options.maxAgeMs ?? SETTLED_COUNTS_MAX_AGE_MS;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  const tallies = options.tallies ?? createDailyTallies(db, { maxAgeMs, monotonicMs });
  const allTime = createKeptValue(() => countByMake(db), { maxAgeMs, monotonicMs });

  return {
    async get(now) {
      const [days, counted] = await Promise.all([tallies.at(now), allTime.get()]);
      const stages = stageCountsQuery(now);
      // One statement, one round trip: the live days, the counts by stage, the makes since the snapshot.
      const result = await db.execute<Record<string, unknown> & { recentMakes: MakeCount[] }>(sql`
        select * from (${days.live}) as days, (${stages.query}) as stages,
          (${statsQueries(counted.until).recentMakes}) as recent`);
      const row = result.rows[0];
      const byDay = days.days(row);
      const byMake = [...counted.byMake, ...(row?.recentMakes ?? [])];
      const received = (last: number) => byDay.slice(-last).reduce((sum, day) => sum + day.received, 0);
      return {
        total: byMake.reduce((sum, make) => sum + Number(make.count), 0),
        today: received(1),
        thisWeek: received(7),
        thisMonth: received(byDay.length),
        weeklyActivity: byDay.slice(-7).map((day) => ({ date: day.date, count: day.received })),
        popularBrands: topMakes(byMake, 5),
        byStage: stages.countsOf(row),
      };
    },
    invalidate() {
      allTime.invalidate();
      tallies.invalidate();
    },
  };
}

async function countByMake(db: Db): Promise<Snapshot> {
  const result = await db.execute<MakeCount & { until: string | Date }>(statsQueries().byMake);
  const until =
    result.rows[0]?.until ?? (await db.execute<{ until: string | Date }>(statsQueries().snapshotUntil)).rows[0]!.until;
  return {
    until: new Date(until),
    byMake: result.rows.map(({ make, count }) => ({ make, count: Number(count) })),
  };
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
export function statsQueries(until: Date = new Date(0)): Record<'snapshotUntil' | 'byMake' | 'recentMakes', SQL> {
  const bound = sql`select now() - ${IN_FLIGHT_MARGIN} as "until"`;
  return {
    snapshotUntil: bound,
    // Every row by the plain column (an index-only scan of car_valuations_make_idx; nulls are in a
    // btree too), less those of the last few minutes (the created_at index), in one statement so
    // both parts see the same rows: the counts by make up to "until".
    byMake: sql`
      with bound as (${bound})
      select make, sum(count)::int as "count", (select "until" from bound) as "until"
      from (
        select make, count(*) as count from car_valuations group by make
        union all
        select make, -count(*) from car_valuations where created_at > (select "until" from bound) group by make
      ) as counts
      group by make
      having sum(count) <> 0`,
    // The makes of the requests since the snapshot, as one JSON column of the view's one row.
    recentMakes: sql`
      select coalesce(json_agg(json_build_object('make', make, 'count', "count")), '[]'::json) as "recentMakes"
      from (
        select make, count(*)::int as "count" from car_valuations
        where created_at > ${until.toISOString()}::timestamptz
        group by make
      ) as recent`,
  };
}
