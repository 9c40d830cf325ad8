import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '~/server/db/client';
import { carValuations, users, valuationOffers } from '~/server/db/schema';
import type { ValuationExportFilters } from '~/shared/exports';
import { offerStatusLabels } from '~/shared/offer-basics';
import { stageLabels } from '~/shared/valuation-lifecycle';
import { valuationOptions } from '~/shared/valuation-options';
import { effectiveOfferStatus, valuationListWhere } from '../valuations';
import type { Cell } from './csv';
import { poundsCell } from './csv';
import { makeCell, modelCell } from './names';
import { ukDateTime } from './uk-time';

/**
 * The dashboard's (or the archive's) list as a file (issue 37): the rows the list shows under the
 * same filters (its own WHERE, `valuationListWhere`), in its order, every page.
 *
 * Read in batches by keyset on (created_at, id), the list's order and the key of its indexes
 * (`car_valuations_archived_created_at_id_idx` and the others the list uses): each batch starts
 * where the last one ended, found through the index, so batch 100 costs what batch 1 does, and no
 * batch holds a transaction or a cursor open between them. A request changed while the file is
 * being written may show as it was or as it is (the batches are separate snapshots); none is
 * skipped or written twice, as a row's created_at and id never change.
 */

const owner = alias(users, 'owner');

export type ValuationExportRow = {
  id: string;
  /** created_at as PostgreSQL writes it, to the microsecond: the next batch's keyset. */
  cursorAt: string;
  reference: string;
  receivedAt: Date;
  status: keyof typeof stageLabels;
  ownerUsername: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  firstAnsweredAt: Date | null;
  registration: string;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number;
  overallCondition: string | null;
  outstandingFinance: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  postcode: string;
  offerPence: number | null;
  offerStatus: keyof typeof offerStatusLabels | null;
  offerValidUntil: Date | null;
};

export type ValuationExportContext = { now: Date; viewerUserId: number };

/**
 * The batches of the file: `next(after, limit)` gives the `limit` rows following `after` (the last
 * row of the previous batch; the first rows when undefined).
 */
export function valuationExportBatches(db: Db, filters: ValuationExportFilters, context: ValuationExportContext) {
  // The list's "time left" order (issue 37): its WHERE keeps the requests awaiting a first answer,
  // oldest (least time left) first; otherwise newest first.
  const oldestFirst = filters.sort === 'time_left';
  const where = valuationListWhere(filters.archived, filters, context);
  const order = oldestFirst
    ? [asc(carValuations.createdAt), asc(carValuations.id)]
    : [desc(carValuations.createdAt), desc(carValuations.id)];

  return (after: ValuationExportRow | undefined, limit: number) => {
    const latestOffer = db
      .select({
        amountPence: valuationOffers.amountPence,
        status: valuationOffers.status,
        validUntil: valuationOffers.validUntil,
      })
      .from(valuationOffers)
      .where(eq(valuationOffers.valuationId, carValuations.id))
      .orderBy(desc(valuationOffers.createdAt))
      .limit(1)
      .as('latest_offer');
    const conditions: SQL[] = [where];
    if (after) conditions.push(afterRow(after, oldestFirst));
    return db
      .select({
        id: carValuations.id,
        cursorAt: sql<string>`${carValuations.createdAt}::text`,
        reference: carValuations.reference,
        receivedAt: carValuations.createdAt,
        status: carValuations.status,
        ownerUsername: owner.username,
        ownerFirstName: owner.firstName,
        ownerLastName: owner.lastName,
        firstAnsweredAt: carValuations.firstAnsweredAt,
        registration: carValuations.registration,
        make: carValuations.make,
        model: carValuations.model,
        year: carValuations.year,
        mileage: carValuations.mileage,
        overallCondition: carValuations.overallCondition,
        outstandingFinance: carValuations.outstandingFinance,
        firstName: carValuations.firstName,
        lastName: carValuations.lastName,
        email: carValuations.email,
        phone: carValuations.phone,
        postcode: carValuations.postcode,
        offerPence: latestOffer.amountPence,
        offerStatus: latestOffer.status,
        offerValidUntil: latestOffer.validUntil,
      })
      .from(carValuations)
      .leftJoin(owner, eq(owner.id, carValuations.assignedUserId))
      .leftJoinLateral(latestOffer, sql`true`)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(limit);
  };
}

/** Rows after `row` in the file's order: a row comparison, which the (created_at, id) indexes answer. */
function afterRow(row: ValuationExportRow, oldestFirst: boolean): SQL {
  const key = sql`(${carValuations.createdAt}, ${carValuations.id})`;
  const at = sql`(${row.cursorAt}::timestamptz, ${row.id}::uuid)`;
  return oldestFirst ? sql`${key} > ${at}` : sql`${key} < ${at}`;
}

const optionLabel = (options: readonly { value: string; label: string }[], value: string | null) =>
  value === null ? null : (options.find((option) => option.value === value)?.label ?? value);

/** "Sam Staff", or the username when the account has no name. */
function ownerName(row: ValuationExportRow): string | null {
  if (row.ownerUsername === null) return null;
  const name = [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(' ').trim();
  return name || row.ownerUsername;
}

/** One row's cells, in the order of valuationExportColumns. */
export function valuationCells(row: ValuationExportRow, now: Date): Cell[] {
  const offerStatus =
    row.offerStatus && row.offerValidUntil
      ? effectiveOfferStatus({ status: row.offerStatus, validUntil: row.offerValidUntil }, now)
      : null;
  return [
    row.reference,
    ukDateTime(row.receivedAt),
    stageLabels[row.status],
    ownerName(row),
    row.firstAnsweredAt ? ukDateTime(row.firstAnsweredAt) : null,
    row.registration,
    makeCell(row.make),
    modelCell(row.model),
    row.year,
    row.mileage,
    optionLabel(valuationOptions.overallCondition, row.overallCondition),
    optionLabel(valuationOptions.outstandingFinance, row.outstandingFinance),
    row.firstName,
    row.lastName,
    row.email,
    row.phone,
    row.postcode,
    poundsCell(row.offerPence),
    offerStatus ? offerStatusLabels[offerStatus] : null,
  ];
}
