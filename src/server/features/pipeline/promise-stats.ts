import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { integerLiteral } from '~/server/db/prepared-statements';
import { VALUATION_LIST_COUNT_CAP } from '~/shared/admin-valuations';
import { addDays } from '~/shared/calendar-date';
import { ukDate } from '~/shared/promotion';
import { PROMISE_HOURS, PROMISE_KEPT_DAYS, type PromiseStats } from '~/shared/staff-pipeline';
import type { DailyTallies } from '../valuations';

/**
 * The dashboard's "promise kept" figure (issue 37). Over the requests received in the last
 * PROMISE_KEPT_DAYS UK days (archived ones too: archiving tidies the list, the seller still waited),
 * a request is *due* once it has been answered or its 24 hours have run out, and *kept* when its first
 * answer came within them. Requests still inside their 24 hours and unanswered are not counted yet:
 * they can still be kept. Weeks are 7 UK days ending today, the oldest being what is left of the 30.
 *
 * Cost: one statement of the daily tallies' live part (features/valuations: the settled requests are
 * counted once an hour, the last 24 hours at every view) and the capped counts of waiting and
 * overdue requests from the partial index of unanswered ones, each stopping at
 * VALUATION_LIST_COUNT_CAP + 1.
 */
export async function promiseStats(db: Db, tallies: DailyTallies, now: Date): Promise<PromiseStats> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const promise = sql`make_interval(hours => ${PROMISE_HOURS})`;
  const cap = integerLiteral(VALUATION_LIST_COUNT_CAP + 1);
  const unanswered = sql`first_answered_at is null and is_archived = false and status not in ('completed', 'lost')`;
  const tally = await tallies.at(now);
  // One statement: the live days and the open requests' capped counts.
  const result = await db.execute<Record<string, unknown> & { waiting: number; overdue: number }>(sql`
    select * from (${tally.live}) as days, (select
        (select count(*) from (select 1 from car_valuations where ${unanswered}
          and created_at > ${nowSql} - ${promise} limit ${cap}) as w)::int as waiting,
        (select count(*) from (select 1 from car_valuations where ${unanswered}
          and created_at <= ${nowSql} - ${promise} limit ${cap}) as o)::int as overdue) as open`);
  const counts = result.rows[0];
  const days = tally.days(counts);
  const today = ukDate(now);
  const weekCount = Math.ceil(PROMISE_KEPT_DAYS / 7);
  const series = Array.from({ length: weekCount }, (_, i) => {
    const week = weekCount - 1 - i; // oldest first
    const to = addDays(today, -7 * week);
    const from = addDays(today, Math.max(-7 * week - 6, -(PROMISE_KEPT_DAYS - 1)));
    const inWeek = days.filter((day) => day.date >= from && day.date <= to);
    return {
      from,
      to,
      kept: inWeek.reduce((sum, day) => sum + day.kept, 0),
      due: inWeek.reduce((sum, day) => sum + day.due, 0),
    };
  });
  const kept = series.reduce((sum, w) => sum + w.kept, 0);
  const due = series.reduce((sum, w) => sum + w.due, 0);
  return {
    kept,
    due,
    keptPercent: due === 0 ? null : Math.floor((kept / due) * 100),
    weeks: series,
    waiting: Math.min(Number(counts?.waiting ?? 0), VALUATION_LIST_COUNT_CAP),
    overdue: Math.min(Number(counts?.overdue ?? 0), VALUATION_LIST_COUNT_CAP),
    overdueCapped: Number(counts?.overdue ?? 0) > VALUATION_LIST_COUNT_CAP,
  };
}
