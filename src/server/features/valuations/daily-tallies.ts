import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { addDays } from '~/shared/calendar-date';
import { ukDate } from '~/shared/promotion';
import { PROMISE_HOURS } from '~/shared/staff-pipeline';
import { createKeptValue } from '~/server/lib/kept-value';
import { UK_TIME_ZONE } from './uk-time-zone';

/** Days the tallies cover, today included: the dashboard's month and the promise's 30 days. */
export const TALLIED_DAYS = 30;

/** How long settled days' tallies (and the stats' all-time counts) are reused before they are counted again. */
export const SETTLED_COUNTS_MAX_AGE_MS = 60 * 60_000;

const PROMISE_MS = PROMISE_HOURS * 60 * 60_000;

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

export type DailyTallies = {
  /** The TALLIED_DAYS UK days ending with today's at `now` (the app's clock), oldest first. */
  lastDays(now: Date): Promise<DayTally[]>;
  /** Forgets the settled days: after a delete, which the live part cannot see. */
  invalidate(): void;
};

/**
 * Per-UK-day tallies of the requests received: the dashboard's cards and weekly chart (stats.ts)
 * and the 24-hour promise's weeks (features/pipeline) read them.
 *
 * Why kept: counted from the rows on every view, the 30 days are about 90,000 index entries at a
 * million requests a year (20 ms on PostgreSQL, 100 ms or more on PGlite, whose one thread the
 * whole app waits on), and the dashboard asks for both figures on every visit. Yet a day whose
 * every request is more than 24 hours old is *settled*: its received count is final (created_at
 * never changes), and so is its kept-or-missed count (a request is due once its 24 hours are
 * over, and an answer after them cannot make it kept). So the settled days are counted once, and
 * reused until the UK day turns (a new day settles) or SETTLED_COUNTS_MAX_AGE_MS passes; each view
 * counts only the days not yet settled (yesterday and today: a few thousand index entries of
 * `car_valuations_created_at_first_answered_at_idx`).
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
  // Keyed by the first day and the first unsettled one, "from/unsettled": both move when the UK day turns.
  const settled = createKeptValue(
    (key) => {
      const [from, unsettled] = key!.split('/') as [string, string];
      return tally(db, from, unsettled);
    },
    { maxAgeMs, monotonicMs },
  );

  return {
    async lastDays(now) {
      const today = ukDate(now);
      const from = addDays(today, -(TALLIED_DAYS - 1));
      // Every request of a day before this one is more than 24 hours old (a UK day of 25 hours included).
      const unsettled = ukDate(new Date(now.getTime() - PROMISE_MS));
      const [done, live] = await Promise.all([
        settled.get(`${from}/${unsettled}`),
        liveTally(db, unsettled, today, now),
      ]);
      const byDate = new Map([...done, ...live].map((day) => [day.date, day]));
      return Array.from({ length: TALLIED_DAYS }, (_, i) => {
        const date = addDays(from, i);
        return byDate.get(date) ?? { date, received: 0, due: 0, kept: 0 };
      });
    },
    invalidate: () => settled.invalidate(),
  };
}

async function tally(db: Db, from: string, until: string): Promise<DayTally[]> {
  const result = await db.execute<DayTally>(tallyQuery(from, until));
  return result.rows.map((row) => ({
    date: row.date,
    received: Number(row.received),
    due: Number(row.due),
    kept: Number(row.kept),
  }));
}

/** The days from `from` to `today` (two or three), counted from their rows at every view. */
async function liveTally(db: Db, from: string, today: string, now: Date): Promise<DayTally[]> {
  const dates: string[] = [];
  for (let date = from; date <= today; date = addDays(date, 1)) dates.push(date);
  const [row] = (await db.execute<Record<string, number>>(liveTallyQuery(dates, now))).rows;
  return dates.map((date, i) => ({
    date,
    received: Number(row?.[`received${i}`] ?? 0),
    due: Number(row?.[`due${i}`] ?? 0),
    kept: Number(row?.[`kept${i}`] ?? 0),
  }));
}

const midnight = (date: string) => sql`(${date}::date::timestamp at time zone ${UK_TIME_ZONE})`;

/** Whether the promise's outcome is known at `now`, and whether it was kept (see DayTally). */
function promiseOutcome(now: Date) {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const promise = sql`make_interval(hours => ${PROMISE_HOURS})`;
  const answered = sql`first_answered_at is not null`;
  return {
    due: sql`created_at <= ${nowSql} and (${answered} or created_at + ${promise} <= ${nowSql})`,
    kept: sql`created_at <= ${nowSql} and ${answered} and first_answered_at <= created_at + ${promise}`,
  };
}

/**
 * The settled requests from UK day `from` up to (not including) `until`, tallied by UK day. Days
 * start at London midnight, GMT or BST as the date has it. Every settled request is due: its 24
 * hours are over.
 */
export function tallyQuery(from: string, until: string) {
  const promise = sql`make_interval(hours => ${PROMISE_HOURS})`;
  return sql`
    select to_char(created_at at time zone ${UK_TIME_ZONE}, 'YYYY-MM-DD') as "date",
      count(*)::int as "received",
      count(*)::int as "due",
      count(*) filter (where first_answered_at <= created_at + ${promise})::int as "kept"
    from car_valuations
    where created_at >= ${midnight(from)} and created_at < ${midnight(until)}
    group by 1`;
}

/**
 * The live days, one row: each day's figures as columns (received0, due0, kept0, received1, …),
 * each a filter on the instants of its midnights, not a date worked out for every row: that made
 * the same count three times slower. Requests dated after `now` (a clock set back, in tests) are
 * received but not yet due.
 */
export function liveTallyQuery(dates: readonly string[], now: Date) {
  const { due, kept } = promiseOutcome(now);
  const columns = dates.map((date, i) => {
    const day = sql`created_at >= ${midnight(date)} and created_at < ${midnight(addDays(date, 1))}`;
    return sql`count(*) filter (where ${day})::int as ${sql.identifier(`received${i}`)},
      count(*) filter (where ${day} and ${due})::int as ${sql.identifier(`due${i}`)},
      count(*) filter (where ${day} and ${kept})::int as ${sql.identifier(`kept${i}`)}`;
  });
  return sql`select ${sql.join(columns, sql`, `)} from car_valuations where created_at >= ${midnight(dates[0]!)}`;
}
