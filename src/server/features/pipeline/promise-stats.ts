import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { VALUATION_LIST_COUNT_CAP } from '~/shared/admin-valuations';
import { PROMISE_HOURS, PROMISE_KEPT_DAYS, type PromiseStats } from '~/shared/staff-pipeline';
import { UK_TIME_ZONE } from '../valuations';

/**
 * The dashboard's "promise kept" figure (issue 37). Over the requests received in the last
 * PROMISE_KEPT_DAYS UK days (archived ones too: archiving tidies the list, the seller still waited),
 * a request is *due* once it has been answered or its 24 hours have run out, and *kept* when its first
 * answer came within them. Requests still inside their 24 hours and unanswered are not counted yet:
 * they can still be kept. Weeks are 7 UK days ending today, the oldest being what is left of the 30.
 *
 * Cost: an index-only range of `car_valuations_created_at_first_answered_at_idx` over 30 days (both
 * columns are in it), and the capped counts of waiting and overdue requests from the partial index of
 * unanswered ones, each stopping at VALUATION_LIST_COUNT_CAP + 1.
 */
export async function promiseStats(db: Db, now: Date): Promise<PromiseStats> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const localToday = sql`date_trunc('day', ${nowSql} at time zone ${UK_TIME_ZONE})`;
  const from = sql`((${localToday} - make_interval(days => ${PROMISE_KEPT_DAYS - 1})) at time zone ${UK_TIME_ZONE})`;
  const promise = sql`make_interval(hours => ${PROMISE_HOURS})`;
  const weeks = await db.execute<{ week: number; kept: number; due: number }>(sql`
    select week, count(*) filter (where kept)::int as kept, count(*)::int as due
    from (
      select
        ((${localToday}::date - (created_at at time zone ${UK_TIME_ZONE})::date) / 7)::int as week,
        (first_answered_at is not null and first_answered_at <= created_at + ${promise}) as kept
      from car_valuations
      where created_at >= ${from} and created_at <= ${nowSql}
        and (first_answered_at is not null or created_at + ${promise} <= ${nowSql})
    ) as requests
    group by week`);
  const cap = VALUATION_LIST_COUNT_CAP + 1;
  const unanswered = sql`first_answered_at is null and is_archived = false and status not in ('completed', 'lost')`;
  const [open] = (
    await db.execute<{ waiting: number; overdue: number }>(sql`
      select
        (select count(*) from (select 1 from car_valuations where ${unanswered}
          and created_at > ${nowSql} - ${promise} limit ${cap}) as w)::int as waiting,
        (select count(*) from (select 1 from car_valuations where ${unanswered}
          and created_at <= ${nowSql} - ${promise} limit ${cap}) as o)::int as overdue`)
  ).rows;
  const byWeek = new Map(weeks.rows.map((row) => [Number(row.week), row]));
  const weekCount = Math.ceil(PROMISE_KEPT_DAYS / 7);
  const today = ukDate(now);
  const series = Array.from({ length: weekCount }, (_, i) => {
    const week = weekCount - 1 - i; // oldest first
    const to = addDays(today, -7 * week);
    const from = addDays(today, Math.max(-7 * week - 6, -(PROMISE_KEPT_DAYS - 1)));
    const row = byWeek.get(week);
    return { from, to, kept: Number(row?.kept ?? 0), due: Number(row?.due ?? 0) };
  });
  const kept = series.reduce((sum, w) => sum + w.kept, 0);
  const due = series.reduce((sum, w) => sum + w.due, 0);
  return {
    kept,
    due,
    keptPercent: due === 0 ? null : Math.floor((kept / due) * 100),
    weeks: series,
    waiting: Math.min(Number(open?.waiting ?? 0), VALUATION_LIST_COUNT_CAP),
    overdue: Math.min(Number(open?.overdue ?? 0), VALUATION_LIST_COUNT_CAP),
    overdueCapped: Number(open?.overdue ?? 0) > VALUATION_LIST_COUNT_CAP,
  };
}

/** Today's date in the UK, "YYYY-MM-DD". */
function ukDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: UK_TIME_ZONE }).format(now);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
