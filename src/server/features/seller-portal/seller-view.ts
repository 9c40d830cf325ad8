import type { DistanceBand } from '~/shared/distance';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  carValuations,
  offerAcceptances,
  valuationMessages,
  valuationOffers,
  valuationPayments,
} from '~/server/db/schema';
import { indicativePriceOf } from '~/shared/indicative-price';
import { conditionLines } from '~/shared/offer-basics';
import { damageMarkersOf, effectiveOfferStatus, photoIds } from '../valuations';
import { REPLY_PROMISE_HOURS, type SellerView } from '~/shared/seller-portal-basics';
import { makeAndModel } from '~/shared/vehicle-names';
import { sellerCollection } from '../collections';
import { sellerDocuments } from '../documents';
import { markersEditable } from '../evidence';
import { sellerRevisionOf } from '../revisions';
import { sellerVoucherOf } from '../vouchers';
import { freshOfferAskedSince, newestOffersFirst } from './offer-queries';

/** The conversation shows at most this many messages, the newest. */
const MESSAGES_SHOWN = 200;

/** What the seller's page shows of `valuationId` at `now` (its caller has checked the seller's cookie). */
export async function loadSellerView(
  db: Db,
  valuationId: string,
  now: Date,
  bandOf: (postcode: string) => Promise<DistanceBand | null> = async () => null,
): Promise<SellerView | undefined> {
  const [row] = await db.select().from(carValuations).where(eq(carValuations.id, valuationId));
  if (!row) return undefined;
  const [offer] = await db
    .select({
      id: valuationOffers.id,
      amountPence: valuationOffers.amountPence,
      validUntil: valuationOffers.validUntil,
      status: valuationOffers.status,
      conditions: valuationOffers.conditions,
      notes: valuationOffers.notes,
      createdAt: valuationOffers.createdAt,
      acceptedAt: offerAcceptances.acceptedAt,
    })
    .from(valuationOffers)
    .leftJoin(offerAcceptances, eq(offerAcceptances.offerId, valuationOffers.id))
    .where(eq(valuationOffers.valuationId, valuationId))
    .orderBy(...newestOffersFirst)
    .limit(1);
  const freshOfferRequestedAt = offer ? await freshOfferAskedSince(db, valuationId, offer.createdAt) : undefined;
  const damage = await damageMarkersOf(db, valuationId, photoIds(row.photoPaths));
  const documents = await sellerDocuments(db, row);
  const collection = await sellerCollection(db, row, () => bandOf(row.postcode), now);
  const messages = await db
    .select({
      id: valuationMessages.id,
      author: valuationMessages.author,
      body: valuationMessages.body,
      createdAt: valuationMessages.createdAt,
    })
    .from(valuationMessages)
    .where(eq(valuationMessages.valuationId, valuationId))
    .orderBy(desc(valuationMessages.createdAt))
    .limit(MESSAGES_SHOWN);
  const vehicle = [makeAndModel(row), row.year].filter(Boolean).join(' ');
  const payment = row.status === 'completed' ? await paymentOf(db, row) : null;
  const voucher = row.status === 'completed' ? await sellerVoucherOf(db, valuationId) : null;
  const revision = offer ? await sellerRevisionOf(db, valuationId, now) : null;
  return {
    reference: row.reference,
    firstName: row.firstName,
    registration: row.registration,
    vehicle: vehicle || null,
    mileage: row.mileage,
    stage: row.status,
    lostReason: row.lostReason,
    receivedAt: row.createdAt.toISOString(),
    replyBy: new Date(row.createdAt.getTime() + REPLY_PROMISE_HOURS * 3_600_000).toISOString(),
    offer: offer
      ? {
          id: offer.id,
          amountPence: offer.amountPence,
          validUntil: offer.validUntil.toISOString(),
          status: effectiveOfferStatus(offer, now),
          conditions: conditionLines(offer.conditions),
          notes: offer.notes,
          acceptedAt: offer.acceptedAt?.toISOString() ?? null,
        }
      : null,
    revision,
    freshOfferRequestedAt: freshOfferRequestedAt?.toISOString() ?? null,
    messages: messages.reverse().map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    photoCount: row.photoPaths.length,
    damageCount: damage.length,
    damageEditable: markersEditable(row.status),
    documents: documents.asked ? documents : null,
    collection,
    payment,
    voucher,
    now: now.toISOString(),
    notice: null,
    indicativePrice: indicativePriceOf(row),
  };
}

/** The seller's receipt, from their page (features/handover). */
const SELLER_RECEIPT_PATH = '/api/your-valuation/receipt';

/** How we paid for the car: to the seller and to the lender, and when the last payment went. */
async function paymentOf(db: Db, row: typeof carValuations.$inferSelect): Promise<SellerView['payment']> {
  const payments = await db.select().from(valuationPayments).where(eq(valuationPayments.valuationId, row.id));
  if (payments.length === 0) return null;
  const paid = (payee: 'seller' | 'lender') =>
    payments.filter((p) => p.payee === payee).reduce((sum, p) => sum + p.amountPence, 0);
  const last = payments.reduce((latest, p) => (p.paidAt > latest ? p.paidAt : latest), payments[0]!.paidAt);
  return {
    paidAt: last.toISOString(),
    sellerPence: paid('seller'),
    lenderPence: paid('lender'),
    lender: row.financeLender,
    receiptPath: SELLER_RECEIPT_PATH,
  };
}
