import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  carValuations,
  offerAcceptances,
  valuationEvents,
  valuationMessages,
  valuationOffers,
} from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { adminValuationMessages } from '~/shared/admin-valuations';
import { formatUkDeadline } from '~/shared/offer-validity';
import { sellerPortalMessages as m } from '~/shared/seller-portal-basics';
import { truncateAddress } from '../analytics';
import { alertStaff, offerAccepted, sellerLink, staffReply, type Outbox, type SellerActivityKind } from '../messages';
import { closedSince, issueSellerSecret, linkStillWorks, moveValuation } from '../valuations';
import { freshOfferAskedSince, newestOffer } from './offer-queries';

/**
 * What the seller does on their page (issue 34; DESIGN section 9): answer the newest offer, ask for
 * a fresh one once it has ended, and write to staff. Each runs in one transaction with the request
 * locked: the change, its timeline line, the stage (through the lifecycle) and the messages it
 * causes (through the outbox) are written together or not at all.
 */

export type SellerActionDeps = {
  db: Db;
  outbox: Outbox;
  /** Who hears of it (STAFF_NOTIFY_EMAIL). */
  staffNotifyEmails: readonly string[];
};

type Valuation = typeof carValuations.$inferSelect;
type Tx = Db;

async function lockValuation(tx: Tx, valuationId: string): Promise<Valuation> {
  const [valuation] = await tx.select().from(carValuations).where(eq(carValuations.id, valuationId)).for('update');
  if (!valuation) throw new AppError('NOT_FOUND', m.notFound);
  return valuation;
}

/** The request's newest offer, which must be `offerId`, open and before its end; else a 409 in the seller's words. */
async function openOffer(tx: Tx, valuationId: string, offerId: string, now: Date) {
  const newest = await newestOffer(tx, valuationId, { forUpdate: true });
  if (!newest || newest.id !== offerId || (newest.status !== 'open' && newest.status !== 'expired')) {
    throw new AppError('CONFLICT', m.offerNotOpen);
  }
  if (newest.status === 'expired' || now > newest.validUntil) {
    throw new AppError('CONFLICT', m.offerExpired(formatUkDeadline(newest.validUntil, now)), {
      detail: 'offer past its end',
    });
  }
  return newest;
}

function tellStaff(
  tx: Tx,
  deps: SellerActionDeps,
  valuation: Valuation,
  kind: SellerActivityKind,
  amountPence: number | null,
) {
  return alertStaff(tx, deps.outbox, { to: deps.staffNotifyEmails, valuation, kind, amountPence });
}

export type Acceptance = {
  valuationId: string;
  offerId: string;
  now: Date;
  clientAddress: string | undefined;
  userAgent: string | undefined;
};

/**
 * Records the seller's acceptance of the newest open offer before its end: the acceptance record
 * (what, when, on which declarations, from where, with what browser), the offer closed as accepted,
 * the stage moved to `offer_accepted`, the seller's confirmation and staff's alert queued.
 */
export async function acceptOffer(deps: SellerActionDeps, acceptance: Acceptance): Promise<void> {
  const { valuationId, offerId, now } = acceptance;
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    const offer = await openOffer(tx, valuationId, offerId, now);
    await tx.insert(offerAcceptances).values({
      offerId,
      valuationId,
      acceptedAt: now,
      declarations: offer.conditions,
      clientAddress: truncateAddress(acceptance.clientAddress) ?? 'unknown',
      userAgent: (acceptance.userAgent ?? 'unknown').slice(0, 512),
    });
    await tx.update(valuationOffers).set({ status: 'accepted', closedAt: now }).where(eq(valuationOffers.id, offerId));
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'offer_accepted',
      data: { offerId, amountPence: offer.amountPence, by: 'seller' },
      createdAt: now,
    });
    await moveValuation(tx, { valuation, event: { type: 'accept_offer' }, actor: { kind: 'seller' }, now });
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: offerAccepted,
      data: {
        reference: valuation.reference,
        registration: valuation.registration,
        make: valuation.make,
        model: valuation.model,
        firstName: valuation.firstName,
        amountPence: offer.amountPence,
        acceptedAt: now.toISOString(),
        sellerSecret: await issueSellerSecret(tx, valuationId, now),
      },
      valuationId,
      offerId,
    });
    await tellStaff(tx, deps, valuation, 'accepted', offer.amountPence);
  });
}

/** The seller declines the newest open offer (a reason is optional): the request is lost as `declined`. */
export async function declineOffer(
  deps: SellerActionDeps,
  decline: { valuationId: string; offerId: string; reason: string | null; now: Date },
): Promise<void> {
  const { valuationId, offerId, reason, now } = decline;
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    const offer = await openOffer(tx, valuationId, offerId, now);
    await tx
      .update(valuationOffers)
      .set({ status: 'declined', closedAt: now, declineReason: reason })
      .where(eq(valuationOffers.id, offerId));
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'offer_declined',
      data: { offerId, amountPence: offer.amountPence, reason, by: 'seller' },
      createdAt: now,
    });
    await moveValuation(tx, { valuation, event: { type: 'decline_offer' }, actor: { kind: 'seller' }, now });
    await tellStaff(tx, deps, valuation, 'declined', offer.amountPence);
  });
}

/**
 * "Ask for a fresh offer": once the newest offer has ended unanswered. Staff are alerted once; asking
 * again answers the same without a second alert. An offer still open is answered, not renewed.
 */
export async function requestFreshOffer(
  deps: SellerActionDeps,
  request: { valuationId: string; offerId: string; now: Date },
): Promise<void> {
  const { valuationId, offerId, now } = request;
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    const newest = await newestOffer(tx, valuationId);
    if (!newest || newest.id !== offerId) throw new AppError('CONFLICT', m.offerNotOpen);
    const ended = newest.status === 'expired' || (newest.status === 'open' && now > newest.validUntil);
    if (!ended) throw new AppError('CONFLICT', newest.status === 'open' ? m.freshOfferNotNeeded : m.offerNotOpen);
    if (await freshOfferAskedSince(tx, valuationId, newest.createdAt)) return;
    if (newest.status === 'open') {
      await tx.update(valuationOffers).set({ status: 'expired', closedAt: now }).where(eq(valuationOffers.id, offerId));
    }
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'fresh_offer_requested',
      data: { offerId, by: 'seller' },
      createdAt: now,
    });
    await tellStaff(tx, deps, valuation, 'fresh_offer', newest.amountPence);
  });
}

/** The seller's message to staff: stored, on the timeline, and staff alerted. */
export async function postSellerMessage(
  deps: SellerActionDeps,
  message: { valuationId: string; body: string; now: Date },
): Promise<void> {
  const { valuationId, body, now } = message;
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    const [stored] = await tx
      .insert(valuationMessages)
      .values({ valuationId, author: 'seller', body, createdAt: now })
      .returning({ id: valuationMessages.id });
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'message_from_seller',
      data: { messageId: stored!.id, by: 'seller' },
      createdAt: now,
    });
    await tellStaff(tx, deps, valuation, 'message', null);
  });
}

/**
 * Staff's answer to the seller, from the request's page: stored on the conversation, on the
 * timeline, and e-mailed to the seller in full with a fresh link to their page.
 */
export async function replyToSeller(
  deps: SellerActionDeps,
  reply: { valuationId: string; body: string; staffUserId: number; now: Date },
): Promise<void> {
  const { valuationId, body, staffUserId, now } = reply;
  await deps.db.transaction(async (tx) => {
    const [valuation] = await tx.select().from(carValuations).where(eq(carValuations.id, valuationId)).for('update');
    if (!valuation) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
    const [stored] = await tx
      .insert(valuationMessages)
      .values({ valuationId, author: 'staff', staffUserId, body, createdAt: now })
      .returning({ id: valuationMessages.id });
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'message_to_seller',
      data: { messageId: stored!.id },
      actorUserId: staffUserId,
      createdAt: now,
    });
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: staffReply,
      data: {
        reference: valuation.reference,
        registration: valuation.registration,
        make: valuation.make,
        model: valuation.model,
        firstName: valuation.firstName,
        body,
        sellerSecret: await issueSellerSecret(tx, valuationId, now),
      },
      valuationId,
    });
  });
}

/**
 * "Lost your link?": the newest request with this registration and e-mail address whose links still
 * work gets a new link, sent to the address on file (which is the one typed: only its owner reads
 * it). Whether anything matched is never said; `mayEmail` (the per-recipient limit) may quietly
 * hold the e-mail back. Returns whether a link went out, for the log.
 */
export async function resendSellerLink(
  deps: SellerActionDeps,
  ask: {
    email: string;
    registration: string;
    now: Date;
    daysAfterClose: number;
    mayEmail: (email: string) => Promise<boolean>;
  },
): Promise<string | null> {
  const { now } = ask;
  const candidates = await deps.db
    .select()
    .from(carValuations)
    .where(and(eq(carValuations.registration, ask.registration), sql`lower(${carValuations.email}) = ${ask.email}`))
    .orderBy(desc(carValuations.createdAt))
    .limit(10);
  const valuation = candidates.find((v) => {
    const closed = closedSince(v);
    return !closed || linkStillWorks(closed, now, ask.daysAfterClose);
  });
  if (!valuation || !(await ask.mayEmail(valuation.email.toLowerCase()))) return null;
  await deps.db.transaction(async (tx) => {
    await tx.insert(valuationEvents).values({
      valuationId: valuation.id,
      type: 'seller_link_resent',
      data: { by: 'seller' },
      createdAt: now,
    });
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: sellerLink,
      data: {
        reference: valuation.reference,
        registration: valuation.registration,
        make: valuation.make,
        model: valuation.model,
        firstName: valuation.firstName,
        sellerSecret: await issueSellerSecret(tx, valuation.id, now),
      },
      valuationId: valuation.id,
    });
  });
  return valuation.id;
}
