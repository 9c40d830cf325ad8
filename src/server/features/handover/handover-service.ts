import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  carValuations,
  collectionBookings,
  collectionHandovers,
  priceRevisionItems,
  users,
  valuationDocuments,
  valuationEvents,
  valuationPayments,
} from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { collectionDocumentsLabels } from '~/shared/collection-schemas';
import { financeWarnings, ukDayOf } from '~/shared/finance-settlement';
import {
  amountMismatch,
  handoverMessages as m,
  PAYMENT_BEFORE_HANDOVER_HOURS,
  PAYMENT_TIME_SKEW_MINUTES,
  paymentSplit,
  payees,
  type HandoverView,
  type Payee,
  type PaymentSplit,
} from '~/shared/handover';
import type { HandoverBody, PaymentBody } from '~/shared/handover-schemas';
import type { Promotion } from '~/shared/promotion';
import type { SiteConfig } from '~/shared/site-config';
import { makeAndModel } from '~/shared/vehicle-names';
import { currentBooking, documentsState } from '../collections';
import { carNotBought, carOf, purchaseReceipt, ukDateTime, type Outbox } from '../messages';
import { agreedPrice, issueSellerSecret, moveValuation } from '../valuations';
import { oweVoucherFor } from '../vouchers';
import { receiptFilename, renderReceipt, type ReceiptInput } from './receipt';

/**
 * Collection day at the door (issue 36): the handover (the car as declared, with the mileage read,
 * the keys and the V5C; or not as declared, and we do not buy it), then the Faster Payments that pay
 * for it, split between the lender (the settlement, up to the price) and the seller. Each runs in
 * one transaction with the request's row locked; the stage moves through the lifecycle (collected,
 * then completed); the receipt e-mail (with its PDF) and the launch voucher are written with the
 * payment, or not at all.
 */

type Valuation = typeof carValuations.$inferSelect;
/** The business details the receipt names as the buyer. */
export type ReceiptSite = Pick<
  SiteConfig,
  'tradingName' | 'companyName' | 'companyNumber' | 'address' | 'phone' | 'email'
>;

export type HandoverDeps = {
  db: Db;
  outbox: Outbox;
  site: ReceiptSite;
  /** The promotion in force (its dates decide whether a completed sale owes a voucher). */
  promotionAt: (now: Date) => Promotion;
};

export const receiptPathFor = (valuationId: string) => `/api/admin/valuations/${valuationId}/receipt`;

async function lockValuation(tx: Db, valuationId: string): Promise<Valuation> {
  const [valuation] = await tx.select().from(carValuations).where(eq(carValuations.id, valuationId)).for('update');
  if (!valuation) throw new AppError('NOT_FOUND', 'Valuation not found');
  return valuation;
}

/**
 * The price we agreed, or null when no offer was accepted: the lifecycle's own answer (the accepted
 * offer as lowered by an accepted price revision, issue 37), so the payment must match a revised price.
 */
async function agreedPricePence(db: Db, valuationId: string): Promise<number | null> {
  return (await agreedPrice(db, valuationId))?.pricePence ?? null;
}

const hasFinance = (valuation: Valuation) => valuation.outstandingFinance === 'yes';

/** What the payment must be, or null while there is no price or the finance is unconfirmed. */
function splitFor(valuation: Valuation, pricePence: number | null): PaymentSplit | null {
  if (pricePence === null) return null;
  if (hasFinance(valuation) && !valuation.financeConfirmedAt) return null;
  return paymentSplit(pricePence, hasFinance(valuation) ? valuation.settlementPence : null);
}

async function handoverOf(db: Db, valuationId: string) {
  const [row] = await db
    .select({ handover: collectionHandovers, recordedBy: users.username })
    .from(collectionHandovers)
    .leftJoin(users, eq(users.id, collectionHandovers.recordedByUserId))
    .where(eq(collectionHandovers.valuationId, valuationId));
  return row;
}

async function paymentsOf(db: Db, valuationId: string) {
  return db
    .select({ payment: valuationPayments, recordedBy: users.username })
    .from(valuationPayments)
    .leftJoin(users, eq(users.id, valuationPayments.recordedByUserId))
    .where(eq(valuationPayments.valuationId, valuationId))
    .orderBy(valuationPayments.payee);
}

/** The handover screen's answer for a request, or 404. */
export async function handoverView(db: Db, valuationId: string, now: Date): Promise<HandoverView> {
  const [valuation] = await db.select().from(carValuations).where(eq(carValuations.id, valuationId));
  if (!valuation) throw new AppError('NOT_FOUND', 'Valuation not found');
  const booking = await currentBooking(db, valuationId);
  const [lastBooking] = booking
    ? [booking]
    : await db
        .select()
        .from(collectionBookings)
        .where(and(eq(collectionBookings.valuationId, valuationId), eq(collectionBookings.status, 'collected')))
        .limit(1);
  const pending = await db
    .select({ id: valuationDocuments.id })
    .from(valuationDocuments)
    .where(and(eq(valuationDocuments.valuationId, valuationId), eq(valuationDocuments.status, 'pending')));
  const documents = documentsState(valuation, pending.length);
  const pricePence = await agreedPricePence(db, valuationId);
  const handover = await handoverOf(db, valuationId);
  const payments = await paymentsOf(db, valuationId);
  const collection = lastBooking ? { date: lastBooking.date, slot: lastBooking.slot } : null;
  const warnings = financeWarnings({
    offerPence: pricePence,
    settlementPence: hasFinance(valuation) ? valuation.settlementPence : null,
    validUntil: hasFinance(valuation) ? valuation.settlementValidUntil : null,
    collection,
    today: ukDayOf(now),
  }).map((warning) => warning.message);
  if (hasFinance(valuation) && !valuation.financeConfirmedAt) warnings.unshift(m.financeNotConfirmed);
  if (documents !== 'complete')
    warnings.push(`${collectionDocumentsLabels[documents]}: check the V5C and ID at the door.`);
  const vehicle = [makeAndModel(valuation), valuation.year].filter(Boolean).join(' ');
  return {
    valuationId,
    reference: valuation.reference,
    stage: valuation.status,
    registration: valuation.registration,
    vehicle: vehicle || null,
    colour: valuation.color,
    declaredMileage: valuation.mileage,
    seller: {
      name: `${valuation.firstName} ${valuation.lastName}`,
      phone: valuation.phone,
      email: valuation.email,
      postcode: valuation.postcode,
    },
    booking: collection,
    documents: {
      complete: documents === 'complete',
      summary: collectionDocumentsLabels[documents],
      keysStated: valuation.keysCount,
    },
    pricePence,
    finance: {
      declared:
        valuation.outstandingFinance === 'yes' || valuation.outstandingFinance === 'no'
          ? valuation.outstandingFinance
          : null,
      lender: valuation.financeLender,
      settlementPence: valuation.settlementPence,
      confirmed: valuation.financeConfirmedAt !== null,
    },
    split: splitFor(valuation, pricePence),
    warnings,
    handover: handover
      ? {
          condition: handover.handover.condition,
          mileage: handover.handover.mileage,
          keys: handover.handover.keys,
          v5cHandedOver: handover.handover.v5cHandedOver,
          sellerIsKeeper: handover.handover.sellerIsKeeper,
          notes: handover.handover.notes,
          recordedAt: handover.handover.recordedAt.toISOString(),
          recordedBy: handover.recordedBy,
        }
      : null,
    payments: payments.map(({ payment, recordedBy }) => ({
      payee: payment.payee,
      amountPence: payment.amountPence,
      reference: payment.reference,
      paidAt: payment.paidAt.toISOString(),
      recordedBy,
    })),
    receiptPath: valuation.status === 'completed' && payments.length > 0 ? receiptPathFor(valuationId) : null,
  };
}

export type HandoverInput = { valuationId: string; request: HandoverBody; userId: number; now: Date };

/**
 * Records what happened at the door. As declared: the booking is collected and the request moves to
 * `collected`. Not as declared: the booking ends, the request is lost (we did not buy it) and the
 * seller is e-mailed what our driver noted. The same answer sent twice (a double tap) changes nothing.
 */
export async function recordHandover(deps: HandoverDeps, input: HandoverInput): Promise<void> {
  const { valuationId, request, userId, now } = input;
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    const existing = await handoverOf(tx, valuationId);
    if (existing) {
      if (existing.handover.condition === request.condition) return;
      throw new AppError('CONFLICT', m.alreadyCollected);
    }
    if (valuation.status !== 'collection_booked') throw new AppError('CONFLICT', m.notBooked);
    const booking = await currentBooking(tx, valuationId);
    const asDeclared = request.condition === 'as_declared';
    if (booking) {
      await tx
        .update(collectionBookings)
        .set({ status: asDeclared ? 'collected' : 'cancelled', endedAt: now })
        .where(eq(collectionBookings.id, booking.id));
      // A reminder still waiting (a car collected before its day) is taken back.
      if (booking.reminderMessageId) await deps.outbox.withdraw(tx, booking.reminderMessageId);
    }
    await tx.insert(collectionHandovers).values({
      valuationId,
      bookingId: booking?.id ?? null,
      condition: request.condition,
      ...(asDeclared
        ? {
            mileage: request.mileage,
            keys: request.keys,
            v5cHandedOver: request.v5cHandedOver,
            sellerIsKeeper: request.sellerIsKeeper,
          }
        : {}),
      notes: request.notes ?? null,
      recordedByUserId: userId,
      recordedAt: now,
    });
    await tx.insert(valuationEvents).values({
      valuationId,
      type: asDeclared ? 'handover_recorded' : 'handover_refused',
      data: asDeclared
        ? {
            mileage: request.mileage,
            keys: request.keys,
            v5cHandedOver: request.v5cHandedOver,
            sellerIsKeeper: request.sellerIsKeeper,
            ...(request.notes ? { notes: request.notes } : {}),
          }
        : { notes: request.notes },
      actorUserId: userId,
      createdAt: now,
    });
    const actor = { kind: 'staff' as const, userId };
    if (asDeclared) {
      await moveValuation(tx, { valuation, event: { type: 'collect' }, actor, now });
      return;
    }
    await moveValuation(tx, { valuation, event: { type: 'mark_lost', reason: 'not_buying' }, actor, now });
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: carNotBought,
      data: {
        ...carOf(valuation),
        firstName: valuation.firstName,
        notes: request.notes ?? '',
        sellerSecret: await issueSellerSecret(tx, valuationId, now),
      },
      valuationId,
    });
  });
}

const invalid = (path: string, message: string) =>
  new AppError('INVALID_INPUT', message, { issues: [{ path, message }] });

/** Refuses a payment that does not follow the split, or one sent in the future, field by field. */
function checkPayment(payment: PaymentBody, split: PaymentSplit, handedOverAt: Date, now: Date) {
  const latest = now.getTime() + PAYMENT_TIME_SKEW_MINUTES * 60_000;
  const earliest = handedOverAt.getTime() - PAYMENT_BEFORE_HANDOVER_HOURS * 3_600_000;
  for (const payee of payees) {
    const part = payment[payee];
    const expected = payee === 'seller' ? split.sellerPence : split.lenderPence;
    if (!part) {
      if (expected > 0) throw invalid(payee, payee === 'seller' ? m.sellerPaymentMissing : m.lenderPaymentMissing);
      continue;
    }
    if (expected === 0 && payee === 'lender') throw invalid(payee, m.lenderPaymentNotOwed);
    if (part.amount !== expected) throw invalid(`${payee}.amount`, amountMismatch(payee, expected));
    const paidAt = new Date(part.paidAt).getTime();
    if (paidAt > latest) throw invalid(`${payee}.paidAt`, m.paidAtFuture);
    if (paidAt < earliest) throw invalid(`${payee}.paidAt`, m.paidAtBeforeCollection);
  }
}

export type PaymentInput = { valuationId: string; request: PaymentBody; userId: number; now: Date };

/**
 * Records the Faster Payments and completes the sale: the request moves to `completed`, the receipt
 * (PDF) is e-mailed to the seller, and the launch voucher is owed when the promotion and its terms
 * allow. The same payment sent twice (a double tap) changes nothing; a different one is refused.
 */
export async function recordPayment(deps: HandoverDeps, input: PaymentInput): Promise<void> {
  const { valuationId, request, userId, now } = input;
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    const recorded = await paymentsOf(tx, valuationId);
    if (recorded.length > 0) {
      if (
        samePayments(
          recorded.map((row) => row.payment),
          request,
        )
      )
        return;
      throw new AppError('CONFLICT', m.alreadyPaid);
    }
    if (valuation.status !== 'collected') throw new AppError('CONFLICT', m.paymentNeedsCollection);
    const pricePence = await agreedPricePence(tx, valuationId);
    if (pricePence === null) throw new AppError('CONFLICT', m.noPrice);
    const split = splitFor(valuation, pricePence);
    if (!split) throw new AppError('CONFLICT', m.financeNotConfirmed);
    const handover = await handoverOf(tx, valuationId);
    checkPayment(request, split, handover?.handover.recordedAt ?? now, now);
    const parts = payees.flatMap((payee) => (request[payee] ? [{ payee, part: request[payee]! }] : []));
    await tx.insert(valuationPayments).values(
      parts.map(({ payee, part }) => ({
        valuationId,
        payee,
        amountPence: part.amount,
        reference: part.reference,
        paidAt: new Date(part.paidAt),
        recordedByUserId: userId,
        createdAt: now,
      })),
    );
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'payment_recorded',
      data: {
        payments: parts.map(({ payee, part }) => ({
          payee,
          amountPence: part.amount,
          reference: part.reference,
          paidAt: new Date(part.paidAt).toISOString(),
        })),
      },
      actorUserId: userId,
      createdAt: now,
    });
    await moveValuation(tx, { valuation, event: { type: 'pay' }, actor: { kind: 'staff', userId }, now });
    await oweVoucherFor(tx, {
      valuation,
      promotion: deps.promotionAt(now),
      sellerIsKeeper: handover?.handover.sellerIsKeeper === true,
      userId,
      now,
    });
    await queueReceipt(tx, deps, valuation, split, now);
  });
}

function samePayments(recorded: (typeof valuationPayments.$inferSelect)[], request: PaymentBody): boolean {
  const asked = payees.filter((payee) => request[payee]);
  if (asked.length !== recorded.length) return false;
  return recorded.every((row) => {
    const part = request[row.payee];
    return (
      part !== null &&
      part.amount === row.amountPence &&
      part.reference === row.reference &&
      new Date(part.paidAt).getTime() === row.paidAt.getTime()
    );
  });
}

async function queueReceipt(tx: Db, deps: HandoverDeps, valuation: Valuation, split: PaymentSplit, now: Date) {
  const receipt = await receiptOf(tx, deps.site, valuation.id);
  const paidAt = receipt!.payments.map((p) => p.paidAt).sort((a, b) => b.getTime() - a.getTime())[0] ?? now;
  await deps.outbox.queueEmail(tx, {
    to: valuation.email,
    template: purchaseReceipt,
    data: {
      ...carOf(valuation),
      firstName: valuation.firstName,
      pricePence: split.pricePence,
      sellerPence: split.sellerPence,
      lenderPence: split.lenderPence,
      lender: valuation.financeLender,
      paidAt: ukDateTime(paidAt),
      sellerSecret: await issueSellerSecret(tx, valuation.id, now),
    },
    attachments: [
      {
        filename: receiptFilename(valuation.reference),
        contentType: 'application/pdf',
        content: await renderReceipt(receipt!),
      },
    ],
    valuationId: valuation.id,
  });
}

/** The receipt's facts for a completed sale, or undefined when it is not paid (yet, or at all). */
export async function receiptOf(db: Db, site: ReceiptSite, valuationId: string): Promise<ReceiptInput | undefined> {
  const [valuation] = await db.select().from(carValuations).where(eq(carValuations.id, valuationId));
  if (!valuation || valuation.status !== 'completed') return undefined;
  const handover = await handoverOf(db, valuationId);
  const payments = await paymentsOf(db, valuationId);
  const agreed = await agreedPrice(db, valuationId);
  if (!handover || payments.length === 0 || !agreed) return undefined;
  const vehicle = [makeAndModel(valuation), valuation.year].filter(Boolean).join(' ');
  const contact = [site.phone?.display, site.email].filter(Boolean).join('  ·  ');
  return {
    reference: valuation.reference,
    buyer: {
      name: site.companyName ?? site.tradingName,
      addressLines: [...site.address.lines, site.address.postcode],
      companyNumber: site.companyNumber ?? null,
      contact: contact || null,
    },
    seller: {
      name: `${valuation.firstName} ${valuation.lastName}`,
      postcode: valuation.postcode,
      email: valuation.email,
      phone: valuation.phone,
    },
    car: {
      registration: valuation.registration,
      vehicle: vehicle || null,
      mileage: handover.handover.mileage ?? valuation.mileage,
      keys: handover.handover.keys ?? 0,
      v5cHandedOver: handover.handover.v5cHandedOver === true,
      collectedAt: handover.handover.recordedAt,
    },
    pricePence: agreed.pricePence,
    revision: agreed.revisionId
      ? { offerPence: agreed.offerPence, items: await revisionItemsOf(db, agreed.revisionId) }
      : null,
    lender: valuation.financeLender,
    payments: payments.map(({ payment }) => ({
      payee: payment.payee as Payee,
      amountPence: payment.amountPence,
      reference: payment.reference,
      paidAt: payment.paidAt,
    })),
    completedAt: valuation.closedAt ?? handover.handover.recordedAt,
  };
}

/** An accepted price revision's deductions, in the order the seller saw them. */
async function revisionItemsOf(db: Db, revisionId: string) {
  return db
    .select({
      name: priceRevisionItems.name,
      quantity: priceRevisionItems.quantity,
      unitPence: priceRevisionItems.unitPence,
    })
    .from(priceRevisionItems)
    .where(eq(priceRevisionItems.revisionId, revisionId))
    .orderBy(asc(priceRevisionItems.position));
}

/** The receipt's PDF and file name, or undefined when the sale is not paid. */
export async function receiptPdf(db: Db, site: ReceiptSite, valuationId: string) {
  const receipt = await receiptOf(db, site, valuationId);
  if (!receipt) return undefined;
  return { filename: receiptFilename(receipt.reference), pdf: await renderReceipt(receipt) };
}
