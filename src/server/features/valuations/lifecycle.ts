import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, priceRevisions, valuationEvents, valuationOffers } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import {
  lifecycleMessages,
  nextStage,
  REVISION_AT,
  type LifecycleEvent,
  type ValuationStage,
} from '~/shared/valuation-lifecycle';

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
  if (!REVISION_AT.includes(next.stage)) await closeOpenRevision(tx, move);
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

/**
 * A price revision waiting for the seller belongs to the stages it may be made in (issue 37). The
 * car cannot be collected while one waits (the price to pay is not settled); any other way out
 * (lost, by staff or at the door) closes it: withdrawn, or lapsed if it was past its end already.
 */
async function closeOpenRevision(tx: Db, move: MoveValuation) {
  const [open] = await tx
    .select({ id: priceRevisions.id, validUntil: priceRevisions.validUntil })
    .from(priceRevisions)
    .where(and(eq(priceRevisions.valuationId, move.valuation.id), eq(priceRevisions.status, 'open')))
    .for('update');
  if (!open) return;
  const lapsed = move.now > open.validUntil;
  if (move.event.type === 'collect' && !lapsed) throw new AppError('CONFLICT', lifecycleMessages.revisionWaiting);
  await tx
    .update(priceRevisions)
    .set({
      status: lapsed ? 'lapsed' : 'withdrawn',
      closedAt: move.now,
      closedByUserId: move.actor.kind === 'staff' && !lapsed ? move.actor.userId : null,
    })
    .where(eq(priceRevisions.id, open.id));
}

/**
 * The price agreed with the seller (DESIGN section 9; issue 37): the accepted offer's amount, or the
 * revised price of the last revision the seller accepted on that offer. Null before an offer is
 * accepted. Everything that pays or shows the price to pay (the handover, the payment and its split,
 * the receipt, the finance equity, the driver's day sheet) reads it here, so an accepted revision is
 * the one way the price to pay goes down. The latest accepted offer counts (there is one unless an
 * earlier sale fell through and the request was reopened).
 */
export type AgreedPrice = { pricePence: number; offerId: string; offerPence: number; revisionId: string | null };

export async function agreedPrice(db: Db, valuationId: string): Promise<AgreedPrice | null> {
  const [offer] = await db
    .select({ id: valuationOffers.id, amountPence: valuationOffers.amountPence })
    .from(valuationOffers)
    .where(and(eq(valuationOffers.valuationId, valuationId), eq(valuationOffers.status, 'accepted')))
    .orderBy(desc(valuationOffers.createdAt), desc(valuationOffers.id))
    .limit(1);
  if (!offer) return null;
  const [revision] = await db
    .select({ id: priceRevisions.id, toPence: priceRevisions.toPence })
    .from(priceRevisions)
    .where(and(eq(priceRevisions.offerId, offer.id), eq(priceRevisions.status, 'accepted')))
    .orderBy(desc(priceRevisions.closedAt), desc(priceRevisions.createdAt))
    .limit(1);
  return {
    pricePence: revision?.toPence ?? offer.amountPence,
    offerId: offer.id,
    offerPence: offer.amountPence,
    revisionId: revision?.id ?? null,
  };
}

/** `agreedPrice` for many requests at once (the day sheet): pence by valuation id, for those with one. */
export async function agreedPrices(db: Db, valuationIds: readonly string[]): Promise<Map<string, number>> {
  if (valuationIds.length === 0) return new Map();
  const offers = await db
    .select({
      id: valuationOffers.id,
      valuationId: valuationOffers.valuationId,
      amountPence: valuationOffers.amountPence,
    })
    .from(valuationOffers)
    .where(and(inArray(valuationOffers.valuationId, [...valuationIds]), eq(valuationOffers.status, 'accepted')))
    .orderBy(asc(valuationOffers.createdAt), asc(valuationOffers.id));
  // Oldest first, so the latest accepted offer of each request is the one kept.
  const offerOf = new Map(offers.map((offer) => [offer.valuationId, offer]));
  const offerIds = [...offerOf.values()].map((offer) => offer.id);
  const revisions =
    offerIds.length === 0
      ? []
      : await db
          .select({ offerId: priceRevisions.offerId, toPence: priceRevisions.toPence })
          .from(priceRevisions)
          .where(and(inArray(priceRevisions.offerId, offerIds), eq(priceRevisions.status, 'accepted')))
          .orderBy(asc(priceRevisions.closedAt), asc(priceRevisions.createdAt));
  const revisedOf = new Map(revisions.map((revision) => [revision.offerId, revision.toPence]));
  return new Map(
    [...offerOf].map(([valuationId, offer]) => [valuationId, revisedOf.get(offer.id) ?? offer.amountPence]),
  );
}
