import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, outboundMessages, users, valuationEvents, valuationOffers } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { adminValuationMessages } from '~/shared/admin-valuations';
import { offerMessages, type Offer, type OfferSendMethodValue } from '~/shared/valuation-offer';
import { valuationOffer, type Outbox } from '../messages';
import { moveValuation } from './lifecycle';

export type SendOffer = {
  valuationId: string;
  actorUserId: number;
  now: Date;
  amountPence: number;
  notes: string | null;
  sendMethod: OfferSendMethodValue;
};

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
    const [stored] = await tx
      .insert(valuationOffers)
      .values({
        valuationId: valuation.id,
        amountPence: offer.amountPence,
        sendMethod: offer.sendMethod,
        notes: offer.notes,
        sentByUserId: offer.actorUserId,
        createdAt: offer.now,
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
    };
    const link = { valuationId: valuation.id, offerId };
    if (offer.sendMethod !== 'sms') {
      await outbox.queueEmail(tx, { to: valuation.email, template: valuationOffer, data, ...link });
    }
    if (byText) await outbox.queueSms(tx, { to: valuation.phoneE164!, template: valuationOffer, data, ...link });

    await tx.insert(valuationEvents).values({
      valuationId: valuation.id,
      type: 'offer_sent',
      data: { offerId, amountPence: offer.amountPence, sendMethod: offer.sendMethod },
      actorUserId: offer.actorUserId,
      createdAt: offer.now,
    });
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

/** A valuation's offers, newest first, each with who sent it and its messages' delivery status. */
export async function listOffers(db: Db, valuationId: string): Promise<Offer[]> {
  const offers = await db
    .select({
      id: valuationOffers.id,
      amountPence: valuationOffers.amountPence,
      sendMethod: valuationOffers.sendMethod,
      notes: valuationOffers.notes,
      sentBy: users.username,
      createdAt: valuationOffers.createdAt,
    })
    .from(valuationOffers)
    .leftJoin(users, eq(users.id, valuationOffers.sentByUserId))
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
    messages: messages
      .filter((m) => m.offerId === offer.id)
      .map(({ id, channel, status }) => ({ id, channel, status })),
  }));
}
