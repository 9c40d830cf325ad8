import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations } from '~/server/db/schema';

/**
 * The request's first answer is `now`, unless it had one already (issue 37: the 24-hour promise
 * stops at the first offer sent or contact logged). In the caller's transaction, beside the answer.
 */
export async function recordFirstAnswer(tx: Db, valuationId: string, now: Date): Promise<void> {
  await tx
    .update(carValuations)
    .set({ firstAnsweredAt: now })
    .where(and(eq(carValuations.id, valuationId), isNull(carValuations.firstAnsweredAt)));
}
