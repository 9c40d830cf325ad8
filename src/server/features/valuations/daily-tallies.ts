import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { addDays } from '~/shared/calendar-date';
import { ukDate } from '~/shared/promotion';
import { PROMISE_HOURS } from '~/shared/staff-pipeline';
import { createKeptValue } from '~/server/lib/kept-value';
import { ukMidnight } from './uk-time-zone';

/** Days the tallies cover, today included: the dashboard's month and the promise's 30 days. */
export const TALLIED_DAYS = 30;

/** How long settled days' tallies (and the stats' all-time counts) are reused before they are counted again. */
export const SETTLED_COUNTS_MAX_AGE_MS = 60 * 60_000;

const HOUR_MS = 60 * 60_000;
const PROMISE_MS = PROMISE_HOURS * HOUR_MS;

/** The requests received on one UK day, and how the 24-hour promise went for them. */
export type DayTally = {
  /** 'YYYY-MM-DD', a UK day. */
  date: string;
  received: number;
  /** Answered, or past their 24 hours unanswered: the promise's outcome is known. */
  due: number;
  /** First answered within 24 hours. */
  kept: number;
};

/** The tallies at one instant: the settled part counted, the live part for the caller's statement to count. */
export type TallyAt = {
  /**
   * A select of one row (whatever it matches), the live requests' figures in its column
   * "liveDays": join it into the statement that reads the rest of a view, so a view is one round trip.
   */
  live: SQL;
  /** The TALLIED_DAYS days, oldest first, from the settled part and the row the statement returned. */
  days(row: Record<string, unknown> | undefined): DayTally[];
};

export type DailyTallies = {
  /** The tallies at `now` (the app's clock): the settled part counted or kept, the live part's select. */
  at(now: Date): Promise<TallyAt>;
  /** The TALLIED_DAYS UK days ending with today's at `now`, oldest first (the live part run alone). */
  lastDays(now: Date): Promise<DayTally[]>;
  /** Forgets the settled part: after a delete, which the live part cannot see. */
  invalidate(): void;
};

/**
 * Per-UK-day tallies of the requests received: the dashboard's cards and weekly chart (stats.ts)
 * and the 24-hour promise's weeks (features/pipeline) read them.
 *
 * Why kept: counted from the rows on every view, the 30 days are about 90,000 index entries at a
 * million requests a year (20 ms on PostgreSQL, 100 ms or more on PGlite, whose one thread the
 * whole app waits on), and the dashboard asks for both figures on every visit. Yet a request more
 * than 24 hours old is *settled*: it is received on its day for good (created_at never changes),
 * and its promise kept or missed for good (it is due once its 24 hours are over, and an answer after
 * them cannot make it kept). So the requests received before the last whole hour that is at least
 * 24 hours ago are counted once per UK day, and reused until that hour moves on (every hour) or
 * SETTLED_COUNTS_MAX_AGE_MS passes; each view counts only the rest, the last 24 to 25 hours (about
 * 3,000 index entries of `car_valuations_created_at_first_answered_at_idx` at a million a year), in
 * the statement that reads the rest of the view (TallyAt.live).
 *
 * What a kept tally can miss until it is counted again: a request deleted by another server
 * process (this process forgets its tallies on a delete), or by the retention job (which only
 * deletes requests idle for months, long out of these 30 days).
 */
export function createDailyTallies(
  db: Db,
  options: { maxAgeMs?: number; monotonicMs?: () => number } = {},
): DailyTallies {
  const maxAgeMs = options.maxAgeMs ?? SETTLED_COUNTS_MAX_AGE_MS;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  // Keyed by the first day and the settled part's end, "from/until": both move as time goes on.
  const settled = createKeptValue(
    (key) => {
      const [from, until] = key!.split('/') as [string, string];
      return tally(db, from, new Date(until));
    },
    { maxAgeMs, monotonicMs },
  );

  const at = async (now: Date): Promise<TallyAt> => {
    const today = ukDate(now);
    const from = addDays(today, -(TALLIED_DAYS - 1));
    const until = settledUntil(now);
    const done = await settled.get(`${from}/${until.toISOString()}`);
    const liveDates = datesFrom(ukDate(until), today);
    return {
      live: liveTallyQuery(liveDates, until, now),
      days(row) {
        const byDate = new Map(done.map((day) => [day.date, { ...day }]));
        for (const live of (row?.liveDays ?? []) as LiveDay[]) {
          const date = liveDates[Number(live.day) - 1];
          if (date === undefined) continue; // after today: a clock set back, in tests
          const day = byDate.get(date) ?? { date, received: 0, due: 0, kept: 0 };
          day.received += Number(live.received);
          day.due += Number(live.due);
          day.kept += Number(live.kept);
          byDate.set(date, day);
        }
        return datesFrom(from, today).map((date) => byDate.get(date) ?? { date, received: 0, due: 0, kept: 0 });
      },
    };
  };

  return {
    at,
    async lastDays(now) {
      const tallies = await at(now);
      return tallies.days((await db.execute<Record<string, unknown>>(tallies.live)).rows[0]);
    },
    invalidate: () => settled.invalidate(),
  };
}

/**
 * Where the settled part ends at `now`: the start of the whole UTC hour (UK hours too, in GMT or
 * BST) at or before 24 hours ago. Every request received before it is more than 24 hours old.
 */
export function settledUntil(now: Date): Date {
  return new Date(Math.floor((now.getTime() - PROMISE_MS) / HOUR_MS) * HOUR_MS);
}

function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

async function tally(db: Db, from: string, until: Date): Promise<DayTally[]> {
  const dates = datesFrom(from, ukDate(until));
  const result = await db.execute<{ day: number; received: number; kept: number }>(tallyQuery(dates, until));
  return result.rows.map((row) => ({
    date: dates[Number(row.day) - 1]!,
    received: Number(row.received),
    due: Number(row.received),
    kept: Number(row.kept),
  }));
}

/** Timestamps as one array parameter: '{2026-03-01T00:00:00.000Z,…}'. */
const instants = (dates: readonly string[]) =>
  sql`${`{${dates.map((date) => ukMidnight(date).toISOString()).join(',')}}`}::timestamptz[]`;

/**
 * The settled requests, from the first of `dates` up to `until`, tallied by UK day: `day` is the
 * 1-based position of the request's day in `dates`, found by width_bucket among the days'
 * midnights (worked out once, not a date converted for every row). Every settled request is due:
 * its 24 hours are over.
 */
export function tallyQuery(dates: readonly string[], until: Date) {
  const promise = sql`make_interval(hours => ${PROMISE_HOURS})`;
  return sql`
    select width_bucket(created_at, ${instants(dates)}) as "day",
      count(*)::int as "received",
      count(*) filter (where first_answered_at <= created_at + ${promise})::int as "kept"
    from car_valuations
    where created_at >= ${ukMidnight(dates[0]!).toISOString()}::timestamptz
      and created_at < ${until.toISOString()}::timestamptz
    group by 1`;
}

/** One live day's figures: `day` is its 1-based position among the live dates. */
type LiveDay = { day: number; received: number; due: number; kept: number };

/**
 * The live requests (received from `from` on), tallied by UK day as above, as one row whose one
 * column, "liveDays", is the days' figures in JSON (LiveDay): a select of one row joins into any
 * view's statement. One width_bucket and two conditions a row; a filter per day and figure (nine
 * conditions a row for three days) took five times as long on PGlite. Requests dated after today
 * (a clock set back, in tests) fall past the last midnight and are left out; those after `now` are
 * received but not yet due.
 */
export function liveTallyQuery(dates: readonly string[], from: Date, now: Date) {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const promise = sql`make_interval(hours => ${PROMISE_HOURS})`;
  const answered = sql`first_answered_at is not null`;
  const due = sql`created_at <= ${nowSql} and (${answered} or created_at + ${promise} <= ${nowSql})`;
  const kept = sql`created_at <= ${nowSql} and ${answered} and first_answered_at <= created_at + ${promise}`;
  const midnights = instants([...dates, addDays(dates.at(-1)!, 1)]);
  return sql`
    select coalesce(json_agg(json_build_object('day', "day", 'received', "received", 'due', "due", 'kept', "kept")),
      '[]'::json) as "liveDays"
    from (
      select width_bucket(created_at, ${midnights}) as "day", count(*)::int as "received",
        count(*) filter (where ${due})::int as "due", count(*) filter (where ${kept})::int as "kept"
      from car_valuations
      where created_at >= ${from.toISOString()}::timestamptz
      group by 1
    ) as live`;
}
