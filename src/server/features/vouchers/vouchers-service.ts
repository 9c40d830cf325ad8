import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, launchVouchers, users, valuationEvents } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { PROMOTION_TERMS, type Promotion } from '~/shared/promotion';
import type { Paginated } from '~/shared/schema-kit';
import {
  noVoucherReasons,
  voucherMessages as m,
  type NoVoucherReason,
  type SellerVoucher,
  type VoucherListItem,
  type VoucherStatus,
} from '~/shared/vouchers';
import { issueSellerSecret } from '../valuations';
import { carOf, voucherSent, type Outbox } from '../messages';
import { addWorkingDays, ukDateAt } from '../collections';

/**
 * The launch voucher (issue 36; SPEC section 1): a sale completed inside the promotion's dates owes
 * the seller one, due within the terms' working days (weekends and bank holidays skipped), one per
 * customer, and only when the seller is the keeper named on the V5C. Staff list them and mark each
 * sent with its code, which the seller is e-mailed through the outbox.
 */

type Valuation = typeof carValuations.$inferSelect;

/** One per customer: the seller's e-mail address, as they gave it, lower-cased. */
export const customerKeyOf = (email: string) => email.trim().toLowerCase();

export type VoucherDecision =
  { owed: true; voucherId: string; dueDate: string } | { owed: false; reason: NoVoucherReason };

/**
 * Inside the completing payment's transaction: owes the voucher when the sale completed (today, UK)
 * inside the promotion's dates and the terms allow it, and writes the timeline line either way.
 */
export async function oweVoucherFor(
  tx: Db,
  input: { valuation: Valuation; promotion: Promotion; sellerIsKeeper: boolean; userId: number; now: Date },
): Promise<VoucherDecision> {
  const { valuation, promotion, sellerIsKeeper, userId, now } = input;
  const completedOn = ukDateAt(now);
  const decision = await decide(tx, { valuation, promotion, sellerIsKeeper, completedOn, now });
  await tx.insert(valuationEvents).values({
    valuationId: valuation.id,
    type: decision.owed ? 'voucher_owed' : 'voucher_not_owed',
    data: decision.owed
      ? { voucherId: decision.voucherId, dueDate: decision.dueDate, amountPounds: promotion.voucherPounds }
      : { reason: decision.reason, text: noVoucherReasons[decision.reason] },
    actorUserId: userId,
    createdAt: now,
  });
  return decision;
}

async function decide(
  tx: Db,
  input: { valuation: Valuation; promotion: Promotion; sellerIsKeeper: boolean; completedOn: string; now: Date },
): Promise<VoucherDecision> {
  const { valuation, promotion, sellerIsKeeper, completedOn, now } = input;
  if (completedOn < promotion.startDate || completedOn > promotion.endDate) {
    return { owed: false, reason: 'outsidePromotion' };
  }
  if (!sellerIsKeeper) return { owed: false, reason: 'notKeeper' };
  const dueDate = addWorkingDays(completedOn, PROMOTION_TERMS.sentWithinWorkingDays);
  // The unique customer key decides "one per customer", also between two payments at once.
  const [voucher] = await tx
    .insert(launchVouchers)
    .values({
      valuationId: valuation.id,
      customerKey: customerKeyOf(valuation.email),
      amountPounds: promotion.voucherPounds,
      brand: promotion.voucherBrand,
      owedOn: completedOn,
      dueDate,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: launchVouchers.id });
  return voucher ? { owed: true, voucherId: voucher.id, dueDate } : { owed: false, reason: 'alreadyOwed' };
}

const listColumns = {
  id: launchVouchers.id,
  valuationId: launchVouchers.valuationId,
  reference: carValuations.reference,
  firstName: carValuations.firstName,
  lastName: carValuations.lastName,
  email: carValuations.email,
  registration: carValuations.registration,
  amountPounds: launchVouchers.amountPounds,
  brand: launchVouchers.brand,
  owedOn: launchVouchers.owedOn,
  dueDate: launchVouchers.dueDate,
  status: launchVouchers.status,
  code: launchVouchers.code,
  sentAt: launchVouchers.sentAt,
  sentBy: users.username,
};

function toItem(row: ListRow, today: string): VoucherListItem {
  const status = row.status;
  return {
    id: row.id,
    valuationId: row.valuationId,
    reference: row.reference,
    sellerName: `${row.firstName} ${row.lastName}`,
    email: row.email,
    registration: row.registration,
    amountPounds: row.amountPounds,
    brand: row.brand,
    owedOn: row.owedOn,
    dueDate: row.dueDate,
    status,
    overdue: status === 'owed' && row.dueDate < today,
    code: row.code,
    sentAt: row.sentAt?.toISOString() ?? null,
    sentBy: row.sentBy,
  };
}

function selectVouchers(db: Db) {
  return db
    .select(listColumns)
    .from(launchVouchers)
    .innerJoin(carValuations, eq(carValuations.id, launchVouchers.valuationId))
    .leftJoin(users, eq(users.id, launchVouchers.sentByUserId));
}

type ListRow = Awaited<ReturnType<typeof selectVouchers>>[number];

export type VoucherListPage = Paginated<VoucherListItem> & { counts: { owed: number; overdue: number; sent: number } };

/** Owed, soonest due first (what staff must act on), or sent, newest first; a page of either. */
export async function listVouchers(
  db: Db,
  query: { status: VoucherStatus; page: number; pageSize: number },
  now: Date,
): Promise<VoucherListPage> {
  const today = ukDateAt(now);
  const order =
    query.status === 'owed'
      ? [asc(launchVouchers.dueDate), asc(launchVouchers.createdAt)]
      : [desc(launchVouchers.sentAt), desc(launchVouchers.id)];
  const rows = await selectVouchers(db)
    .where(eq(launchVouchers.status, query.status))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counts] = await db
    .select({
      owed: sql<number>`count(*) filter (where ${launchVouchers.status} = 'owed')`.mapWith(Number),
      overdue:
        sql<number>`count(*) filter (where ${launchVouchers.status} = 'owed' and ${launchVouchers.dueDate} < ${today})`.mapWith(
          Number,
        ),
      sent: sql<number>`count(*) filter (where ${launchVouchers.status} = 'sent')`.mapWith(Number),
    })
    .from(launchVouchers);
  const total = query.status === 'owed' ? counts!.owed : counts!.sent;
  return {
    items: rows.map((row) => toItem(row, today)),
    page: query.page,
    pageSize: query.pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
    counts: counts!,
  };
}

async function voucherItem(db: Db, id: string, now: Date): Promise<VoucherListItem> {
  const [row] = await selectVouchers(db).where(eq(launchVouchers.id, id));
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return toItem(row, ukDateAt(now));
}

/**
 * Staff sent the voucher: its code is kept, the seller e-mailed it (through the outbox, in the same
 * transaction) and the timeline told. Sending the same code again changes nothing (a double click);
 * another code for a sent voucher is refused.
 */
export async function markVoucherSent(
  deps: { db: Db; outbox: Outbox },
  input: { id: string; code: string; userId: number; now: Date },
): Promise<VoucherListItem> {
  const { id, code, userId, now } = input;
  await deps.db.transaction(async (tx) => {
    const [voucher] = await tx.select().from(launchVouchers).where(eq(launchVouchers.id, id)).for('update');
    if (!voucher) throw new AppError('NOT_FOUND', m.notFound);
    if (voucher.status === 'sent') {
      if (voucher.code === code) return;
      throw new AppError('CONFLICT', m.alreadySent);
    }
    await tx
      .update(launchVouchers)
      .set({ status: 'sent', code, sentAt: now, sentByUserId: userId })
      .where(eq(launchVouchers.id, id));
    const [valuation] = await tx.select().from(carValuations).where(eq(carValuations.id, voucher.valuationId));
    await tx.insert(valuationEvents).values({
      valuationId: voucher.valuationId,
      type: 'voucher_sent',
      data: { voucherId: id },
      actorUserId: userId,
      createdAt: now,
    });
    await deps.outbox.queueEmail(tx, {
      to: valuation!.email,
      template: voucherSent,
      data: {
        ...carOf(valuation!),
        firstName: valuation!.firstName,
        amountPounds: voucher.amountPounds,
        brand: voucher.brand,
        code,
        expiresAfterMonths: PROMOTION_TERMS.expiresAfterMonths,
        sellerSecret: await issueSellerSecret(tx, voucher.valuationId, now),
      },
      valuationId: voucher.valuationId,
    });
  });
  return voucherItem(deps.db, id, now);
}

/** What the seller's page shows of their voucher (never its code: that goes by e-mail only). */
export async function sellerVoucherOf(db: Db, valuationId: string): Promise<SellerVoucher | null> {
  const [voucher] = await db
    .select({
      status: launchVouchers.status,
      amountPounds: launchVouchers.amountPounds,
      brand: launchVouchers.brand,
      dueDate: launchVouchers.dueDate,
      sentAt: launchVouchers.sentAt,
    })
    .from(launchVouchers)
    .where(eq(launchVouchers.valuationId, valuationId));
  return voucher ? { ...voucher, sentAt: voucher.sentAt?.toISOString() ?? null } : null;
}
