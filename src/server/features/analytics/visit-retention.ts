import { otherWorkFirst } from '~/server/lib/other-work-first';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { analyticsDayPageVisitors, analyticsDayVisitors, analyticsSalts, visitorAnalytics } from '~/server/db/schema';
import { ukDate } from '~/shared/promotion';
import { RETENTION_DEFAULTS } from '~/shared/retention';
import { addDays } from '~/shared/calendar-date';

/** Raw rows are deleted this many at a time, so the clean-up never holds a long lock. */
const DELETE_BATCH = 10_000;

/**
 * The retention of visit records (RETENTION_VISIT_RECORDS_DAYS, src/shared/retention.ts; the privacy
 * policy states it): raw page views older than `rawDays` go, the daily rollups stay. The hashes counted per day are
 * kept only for today and yesterday (a view from just before midnight may still be waiting), and
 * each day's salt only for its own day, so no visitor can be linked across days.
 *
 * Millions of raw rows can be due at once (a first run after a long gap), so when the server stops
 * (`signal`) the clean-up stops after the batch it is on; the next run carries on.
 */
export async function deleteExpiredVisitRecords(
  db: Db,
  now: Date,
  rawDays: number = RETENTION_DEFAULTS.visitRecordsDays,
  signal?: AbortSignal,
) {
  const cutOff = new Date(now.getTime() - rawDays * 24 * 60 * 60_000);
  let deletedRaw = 0;
  for (;;) {
    const deleted = await db.execute<{ id: number }>(sql`
      delete from ${visitorAnalytics} where ${visitorAnalytics.id} in (
        select ${visitorAnalytics.id} from ${visitorAnalytics}
        where ${visitorAnalytics.visitedAt} < ${cutOff} limit ${DELETE_BATCH}
      ) returning ${visitorAnalytics.id}`);
    const count = deleted.rows.length;
    deletedRaw += count;
    if (count < DELETE_BATCH) break;
    if (signal?.aborted) return { deletedRaw };
    await otherWorkFirst();
  }
  const today = ukDate(now);
  const yesterday = addDays(today, -1);
  await db.delete(analyticsDayVisitors).where(lt(analyticsDayVisitors.day, yesterday));
  await db.delete(analyticsDayPageVisitors).where(lt(analyticsDayPageVisitors.day, yesterday));
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
  return { deletedRaw };
}
