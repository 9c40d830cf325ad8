import { eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, valuationEvents } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { nextStage, type LifecycleEvent, type ValuationStage } from '~/shared/valuation-lifecycle';

/**
 * The only writer of a valuation's stage (DESIGN section 9; the rules are in
 * src/shared/valuation-lifecycle.ts). Every route that moves a valuation calls `moveValuation`
 * inside its own transaction, with the row already locked (`for update`), so the stage, its
 * timeline line and the messages the route queues are written together or not at all.
 */

const isClosed = (stage: ValuationStage) => stage === 'completed' || stage === 'lost';

/** Who moved it: a member of staff, the seller on their own page, or the system (an expiry). */
export type LifecycleActor = { kind: 'staff'; userId: number } | { kind: 'seller' } | { kind: 'system' };

export type MoveValuation = {
  valuation: { id: string; status: ValuationStage };
  event: LifecycleEvent;
  actor: LifecycleActor;
  now: Date;
};

/**
 * Applies `event` to the locked valuation: its new stage (and why, when lost), and a
 * "status_changed" line on its timeline saying from what, to what, by which event and who.
 * An event that leads to the stage it already has (a new offer while one is open) changes
 * nothing. A refused event throws a 409 with the lifecycle's own words.
 */
export async function moveValuation(tx: Db, move: MoveValuation): Promise<ValuationStage> {
  const { valuation, event, actor, now } = move;
  const next = nextStage(valuation.status, event);
  if (!next.ok) throw new AppError('CONFLICT', next.refusal);
  if (next.stage === valuation.status) return next.stage;
  await tx
    .update(carValuations)
    .set({
      status: next.stage,
      lostReason: next.lostReason,
      closedAt: isClosed(next.stage) ? now : null,
      updatedAt: now,
    })
    .where(eq(carValuations.id, valuation.id));
  await tx.insert(valuationEvents).values({
    valuationId: valuation.id,
    type: 'status_changed',
    data: {
      from: valuation.status,
      to: next.stage,
      event: event.type,
      ...(next.lostReason ? { lostReason: next.lostReason } : {}),
      ...(actor.kind === 'staff' ? {} : { by: actor.kind }),
    },
    actorUserId: actor.kind === 'staff' ? actor.userId : null,
    createdAt: now,
  });
  return next.stage;
}
