import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, collectionHandovers, valuationPayments } from '~/server/db/schema';
import { UK_TIME_ZONE } from '../valuations';
import type { Cell } from './csv';
import { poundsCell } from './csv';
import { makeCell, modelCell } from './names';
import { ukDate, ukDateTime } from './uk-time';

/**
 * The completed purchases as a file (issue 37): each car we bought and paid for, with the day it
 * was collected and the mileage then, the Faster Payments that paid for it (to the seller, and to
 * the lender to settle the finance; features/handover), oldest sale first, like a ledger.
 *
 * A sale's day is the day its request was completed (`closed_at`, set by the lifecycle when the
 * payment was recorded; `updated_at` for rows older than that column). `from` and `to` are UK days.
 * Read in keyset batches on (that instant, id). No index orders completed requests by that day, so
 * each batch reads the completed requests afresh (through the stage index): cheap at the few
 * thousand sales a year this business makes, slower as they reach hundreds of thousands.
 */

export type PurchaseFilters = { from?: string | undefined; to?: string | undefined };

const completedAt = sql<Date>`coalesce(${carValuations.closedAt}, ${carValuations.updatedAt})`;
const completedOn = sql`(${completedAt} at time zone ${UK_TIME_ZONE})::date`;

export type PurchaseExportRow = {
  id: string;
  /** The completion instant as PostgreSQL writes it, to the microsecond: the next batch's keyset. */
  cursorAt: string;
  reference: string;
  completedAt: Date;
  collectedAt: Date | null;
  paidAt: Date | null;
  registration: string;
  make: string | null;
  model: string | null;
  year: number | null;
  handoverMileage: number | null;
  sellerPence: number | null;
  lenderPence: number | null;
  financeLender: string | null;
  firstName: string;
  lastName: string;
  postcode: string;
};

/** The batches of the file, as valuationExportBatches gives them. */
export function purchaseExportBatches(db: Db, filters: PurchaseFilters) {
  const conditions: SQL[] = [eq(carValuations.status, 'completed')];
  if (filters.from) conditions.push(sql`${completedOn} >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`${completedOn} <= ${filters.to}::date`);

  return async (after: PurchaseExportRow | undefined, limit: number): Promise<PurchaseExportRow[]> => {
    const payments = db
      .select({
        paidAt: sql<Date | null>`max(${valuationPayments.paidAt})`.mapWith(valuationPayments.paidAt).as('paid_at'),
        sellerPence: sql<number | null>`sum(${valuationPayments.amountPence})
          filter (where ${valuationPayments.payee} = 'seller')`
          .mapWith(Number)
          .as('seller_pence'),
        lenderPence: sql<number | null>`sum(${valuationPayments.amountPence})
          filter (where ${valuationPayments.payee} = 'lender')`
          .mapWith(Number)
          .as('lender_pence'),
      })
      .from(valuationPayments)
      .where(eq(valuationPayments.valuationId, carValuations.id))
      .as('payments');
    const where = after
      ? and(
          ...conditions,
          sql`(${completedAt}, ${carValuations.id}) > (${after.cursorAt}::timestamptz, ${after.id}::uuid)`,
        )
      : and(...conditions);
    return db
      .select({
        id: carValuations.id,
        cursorAt: sql<string>`${completedAt}::text`,
        reference: carValuations.reference,
        completedAt: sql<Date>`${completedAt}`.mapWith(carValuations.closedAt),
        collectedAt: collectionHandovers.recordedAt,
        paidAt: payments.paidAt,
        registration: carValuations.registration,
        make: carValuations.make,
        model: carValuations.model,
        year: carValuations.year,
        handoverMileage: collectionHandovers.mileage,
        sellerPence: payments.sellerPence,
        lenderPence: payments.lenderPence,
        financeLender: carValuations.financeLender,
        firstName: carValuations.firstName,
        lastName: carValuations.lastName,
        postcode: carValuations.postcode,
      })
      .from(carValuations)
      .leftJoin(
        collectionHandovers,
        and(eq(collectionHandovers.valuationId, carValuations.id), eq(collectionHandovers.condition, 'as_declared')),
      )
      .leftJoinLateral(payments, sql`true`)
      .where(where)
      .orderBy(asc(completedAt), asc(carValuations.id))
      .limit(limit);
  };
}

/** One row's cells, in the order of purchaseExportColumns. */
export function purchaseCells(row: PurchaseExportRow): Cell[] {
  const paid = row.sellerPence !== null || row.lenderPence !== null;
  return [
    row.reference,
    ukDate(row.completedAt),
    row.collectedAt ? ukDate(row.collectedAt) : null,
    row.paidAt ? ukDateTime(row.paidAt) : null,
    row.registration,
    makeCell(row.make),
    modelCell(row.model),
    row.year,
    row.handoverMileage,
    paid ? poundsCell((row.sellerPence ?? 0) + (row.lenderPence ?? 0)) : null,
    paid ? poundsCell(row.sellerPence ?? 0) : null,
    paid ? poundsCell(row.lenderPence ?? 0) : null,
    row.lenderPence ? row.financeLender : null,
    row.firstName,
    row.lastName,
    row.postcode,
  ];
}
