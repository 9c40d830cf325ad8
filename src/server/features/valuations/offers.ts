import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  carValuations,
  offerAcceptances,
  outboundMessages,
  users,
  valuationEvents,
  valuationOffers,
} from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { adminValuationMessages } from '~/shared/admin-valuations';
import { conditionLines, type OfferConditions, type OfferStatus } from '~/shared/offer-basics';
import { offerValidUntil } from '~/shared/offer-validity';
import { offerMessages, type Offer, type OfferSendMethodValue } from '~/shared/valuation-offer';
import { valuationOffer, type Outbox } from '../messages';
import { recordFirstAnswer } from './first-answer';
import { moveValuation } from './lifecycle';
import { issueSellerSecret } from './seller-secrets';

export type SendOffer = {
  valuationId: string;
  actorUserId: number;
  now: Date;
  amountPence: number;
  notes: string | null;
  sendMethod: OfferSendMethodValue;
  /** UK days it stands after today (1 to 14). */
  validityDays: number;
};

type ValuationRow = typeof carValuations.$inferSelect;

/** The declarations an offer rests on, as the request holds them now (DESIGN section 9). */
export function conditionsOf(valuation: ValuationRow): OfferConditions {
  return {
    mileage: valuation.mileage,
    overallCondition: valuation.overallCondition,
    scuffedWheels: valuation.scuffedWheels,
    tyresNeedReplacing: valuation.tyresNeedReplacing,
    serviceHistory: valuation.serviceHistory,
    mechanicalIssues: valuation.mechanicalIssues,
    mechanicalDetails: valuation.mechanicalDetails,
    outstandingFinance: valuation.outstandingFinance,
  };
}

/** An offer's status as people should read it: an open one past its end has expired. */
export function effectiveOfferStatus(offer: { status: OfferStatus; validUntil: Date }, now: Date): OfferStatus {
  return offer.status === 'open' && now > offer.validUntil ? 'expired' : offer.status;
}

/**
 * Stores an offer and queues its e-mail and/or text through the outbox, in one transaction
 * (issue 11): the offer exists exactly when its messages do. The valuation moves to `offer_made`
 * through the lifecycle (DESIGN section 9), which refuses an offer after acceptance, completion
 * or loss. The timeline gets "offer_sent" (and "status_changed" when the stage changes).
 */
export async function sendOffer(db: Db, outbox: Outbox, offer: SendOffer): Promise<string> {
  return db.transaction(async (tx) => {
    const [valuation] = await tx
      .select()
      .from(carValuations)
      .where(eq(carValuations.id, offer.valuationId))
      .for('update');
    if (!valuation) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
    const byText = offer.sendMethod !== 'email';
    if (byText && !valuation.phoneE164) {
      throw new AppError('INVALID_INPUT', offerMessages.noMobile, {
        issues: [{ path: 'sendMethod', message: offerMessages.noMobile }],
      });
    }
    // A new offer supersedes the open one (at most one is open; a unique index says so too). One
    // already past its end is closed as expired, which is what it was.
    const [previous] = await tx
      .select({ id: valuationOffers.id, validUntil: valuationOffers.validUntil })
      .from(valuationOffers)
      .where(and(eq(valuationOffers.valuationId, valuation.id), eq(valuationOffers.status, 'open')));
    if (previous) {
      const status = offer.now > previous.validUntil ? 'expired' : 'superseded';
      await tx.update(valuationOffers).set({ status, closedAt: offer.now }).where(eq(valuationOffers.id, previous.id));
    }
    const validUntil = offerValidUntil(offer.now, offer.validityDays);
    const conditions = conditionsOf(valuation);
    const [stored] = await tx
      .insert(valuationOffers)
      .values({
        valuationId: valuation.id,
        amountPence: offer.amountPence,
        sendMethod: offer.sendMethod,
        notes: offer.notes,
        sentByUserId: offer.actorUserId,
        createdAt: offer.now,
        validUntil,
        conditions,
      })
      .returning({ id: valuationOffers.id });
    const offerId = stored!.id;
    const data = {
      reference: valuation.reference,
      firstName: valuation.firstName,
      registration: valuation.registration,
      make: valuation.make,
      model: valuation.model,
      amountPence: offer.amountPence,
      notes: offer.notes,
      validUntil: validUntil.toISOString(),
      conditions: conditionLines(conditions),
      sellerSecret: await issueSellerSecret(tx, valuation.id, offer.now),
    };
    const link = { valuationId: valuation.id, offerId };
    if (offer.sendMethod !== 'sms') {
      await outbox.queueEmail(tx, { to: valuation.email, template: valuationOffer, data, ...link });
    }
    if (byText) await outbox.queueSms(tx, { to: valuation.phoneE164!, template: valuationOffer, data, ...link });

    await tx.insert(valuationEvents).values({
      valuationId: valuation.id,
      type: 'offer_sent',
      data: {
        offerId,
        amountPence: offer.amountPence,
        sendMethod: offer.sendMethod,
        validUntil: validUntil.toISOString(),
        ...(previous ? { replaces: previous.id } : {}),
      },
      actorUserId: offer.actorUserId,
      createdAt: offer.now,
    });
    // The first offer answers the request (the 24-hour promise, issue 37).
    await recordFirstAnswer(tx, valuation.id, offer.now);
    // Last, but inside the transaction: when the lifecycle refuses (after acceptance, completion or
    // loss), the offer, its messages and its timeline line above are rolled back with it.
    await moveValuation(tx, {
      valuation,
      event: { type: 'send_offer' },
      actor: { kind: 'staff', userId: offer.actorUserId },
      now: offer.now,
    });
    return offerId;
  });
}

/**
 * A valuation's offers, newest first, each with who sent it, until when it stands, its status at
 * `now`, and its messages' delivery status.
 */
export async function listOffers(db: Db, valuationId: string, now: Date): Promise<Offer[]> {
  const offers = await db
    .select({
      id: valuationOffers.id,
      amountPence: valuationOffers.amountPence,
      sendMethod: valuationOffers.sendMethod,
      notes: valuationOffers.notes,
      sentBy: users.username,
      createdAt: valuationOffers.createdAt,
      validUntil: valuationOffers.validUntil,
      status: valuationOffers.status,
      declineReason: valuationOffers.declineReason,
      acceptedAt: offerAcceptances.acceptedAt,
    })
    .from(valuationOffers)
    .leftJoin(users, eq(users.id, valuationOffers.sentByUserId))
    .leftJoin(offerAcceptances, eq(offerAcceptances.offerId, valuationOffers.id))
    .where(eq(valuationOffers.valuationId, valuationId))
    .orderBy(desc(valuationOffers.createdAt), desc(valuationOffers.id));
  if (offers.length === 0) return [];
  const messages = await db
    .select({
      id: outboundMessages.id,
      offerId: outboundMessages.offerId,
      channel: outboundMessages.channel,
      status: outboundMessages.status,
    })
    .from(outboundMessages)
    .where(
      inArray(
        outboundMessages.offerId,
        offers.map((o) => o.id),
      ),
    )
    .orderBy(asc(outboundMessages.createdAt));
  return offers.map((offer) => ({
    ...offer,
    createdAt: offer.createdAt.toISOString(),
    validUntil: offer.validUntil.toISOString(),
    status: effectiveOfferStatus(offer, now),
    acceptedAt: offer.acceptedAt?.toISOString() ?? null,
    messages: messages
      .filter((m) => m.offerId === offer.id)
      .map(({ id, channel, status }) => ({ id, channel, status })),
  }));
}
