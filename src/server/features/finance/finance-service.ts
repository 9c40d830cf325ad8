import { desc, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, users, valuationEvents, valuationOffers } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import {
  equityOf,
  financeMessages as m,
  financeWarnings,
  ukDayOf,
  type FinanceSettlement,
} from '~/shared/finance-settlement';
import { currentBooking } from '../collections';
import { agreedPrice, effectiveOfferStatus } from '../valuations';

/**
 * The finance to settle on collection day (issue 36): the seller's declaration, the lender, figure
 * and letter's last day as staff confirm them from the settlement letter, and what follows from them
 * (the equity against our offer, and the warnings staff must act on before the car is collected).
 */

type Valuation = typeof carValuations.$inferSelect;

/**
 * The amount that stands: the agreed price (the accepted offer, as an accepted price revision
 * lowered it), else the newest offer's while it is still open.
 */
async function offerPenceOf(db: Db, valuationId: string, now: Date): Promise<number | null> {
  const newestFirst = [desc(valuationOffers.createdAt), desc(valuationOffers.id)] as const;
  const agreed = await agreedPrice(db, valuationId);
  if (agreed) return agreed.pricePence;
  const [newest] = await db
    .select()
    .from(valuationOffers)
    .where(eq(valuationOffers.valuationId, valuationId))
    .orderBy(...newestFirst)
    .limit(1);
  return newest && effectiveOfferStatus(newest, now) === 'open' ? newest.amountPence : null;
}

const declaredOf = (value: string | null): FinanceSettlement['declared'] =>
  value === 'yes' || value === 'no' ? value : null;

/** The finance card's answer for a request, or 404. */
export async function financeFor(db: Db, valuationId: string, now: Date): Promise<FinanceSettlement> {
  const [row] = await db
    .select({ valuation: carValuations, confirmedBy: users.username })
    .from(carValuations)
    .leftJoin(users, eq(users.id, carValuations.financeConfirmedByUserId))
    .where(eq(carValuations.id, valuationId));
  if (!row) throw new AppError('NOT_FOUND', 'Valuation not found');
  const { valuation, confirmedBy } = row;
  const offerPence = await offerPenceOf(db, valuationId, now);
  const booking = await currentBooking(db, valuationId);
  const collection = booking ? { date: booking.date, slot: booking.slot } : null;
  const facts = {
    offerPence,
    settlementPence: valuation.settlementPence,
    validUntil: valuation.settlementValidUntil,
    collection,
  };
  return {
    declared: declaredOf(valuation.outstandingFinance),
    declaredAmountPence: valuation.financeAmountPence,
    lender: valuation.financeLender,
    settlementPence: valuation.settlementPence,
    validUntil: valuation.settlementValidUntil,
    confirmedAt: valuation.financeConfirmedAt?.toISOString() ?? null,
    confirmedBy: valuation.financeConfirmedAt ? confirmedBy : null,
    offerPence,
    equityPence: equityOf(offerPence, valuation.settlementPence),
    collection,
    warnings: financeWarnings({ ...facts, today: ukDayOf(now) }),
  };
}

export type FinanceConfirmation = {
  valuationId: string;
  lender: string;
  settlementPence: number;
  validUntil: string;
  userId: number;
  now: Date;
};

const isClosed = (valuation: Valuation) => valuation.status === 'completed' || valuation.status === 'lost';

/**
 * Staff confirm the settlement from the lender's letter, with the request's row locked: refused for
 * a closed request and for one whose seller declared no finance. The same figures confirmed again
 * change nothing (a double click writes one timeline line).
 */
export async function confirmFinance(db: Db, confirmation: FinanceConfirmation): Promise<void> {
  const { valuationId, lender, settlementPence, validUntil, userId, now } = confirmation;
  await db.transaction(async (tx) => {
    const [valuation] = await tx.select().from(carValuations).where(eq(carValuations.id, valuationId)).for('update');
    if (!valuation) throw new AppError('NOT_FOUND', 'Valuation not found');
    if (isClosed(valuation)) throw new AppError('CONFLICT', m.closed);
    if (valuation.outstandingFinance !== 'yes') throw new AppError('CONFLICT', m.noFinance);
    const unchanged =
      valuation.financeConfirmedAt !== null &&
      valuation.financeLender === lender &&
      valuation.settlementPence === settlementPence &&
      valuation.settlementValidUntil === validUntil;
    if (unchanged) return;
    await tx
      .update(carValuations)
      .set({
        financeLender: lender,
        settlementPence,
        settlementValidUntil: validUntil,
        financeConfirmedAt: now,
        financeConfirmedByUserId: userId,
        updatedAt: now,
      })
      .where(eq(carValuations.id, valuationId));
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'finance_confirmed',
      data: { lender, settlementPence, validUntil },
      actorUserId: userId,
      createdAt: now,
    });
  });
}
