import { createHash } from 'node:crypto';
import { asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { deductionItems } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { amountsOf, type DeductionInput } from '~/shared/deduction-schemas';
import {
  DEDUCTIONS_IN_USE_MAX,
  deductionMessages as m,
  type DeductionItem,
  type DeductionTable,
  type PublicDeduction,
} from '~/shared/deductions';

/**
 * The deductions table (issue 37): staff add, change, reorder, retire and bring back items; the
 * items in use are what a price revision may take off, and what `/how-we-value` publishes. Every
 * change locks the table's rows in use (a few dozen at most), so two staff moving items at once
 * cannot leave two at one place.
 */

type Row = typeof deductionItems.$inferSelect;

function itemOf(row: Row): DeductionItem {
  return {
    id: row.id,
    name: row.name,
    minPence: row.minPence,
    maxPence: row.maxPence,
    evidence: row.evidence,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const inUseOrder = [asc(deductionItems.position), asc(deductionItems.createdAt), asc(deductionItems.id)] as const;

/** The items in use, in their published order. */
export async function deductionsInUse(db: Db): Promise<DeductionItem[]> {
  const rows = await db
    .select()
    .from(deductionItems)
    .where(isNull(deductionItems.retiredAt))
    .orderBy(...inUseOrder);
  return rows.map(itemOf);
}

/** The table as staff see it: in use, in order; then the retired ones, the latest retired first. */
export async function deductionTable(db: Db): Promise<DeductionTable> {
  const retired = await db
    .select()
    .from(deductionItems)
    .where(isNotNull(deductionItems.retiredAt))
    .orderBy(desc(deductionItems.retiredAt), asc(deductionItems.name));
  return { items: await deductionsInUse(db), retired: retired.map(itemOf) };
}

/** What `/how-we-value` publishes, with a version that changes whenever any published word or figure does. */
export async function publishedDeductions(db: Db): Promise<{ items: PublicDeduction[]; version: string }> {
  const items = (await deductionsInUse(db)).map(({ name, minPence, maxPence, evidence }) => ({
    name,
    minPence,
    maxPence,
    evidence,
  }));
  const version = createHash('sha256').update(JSON.stringify(items)).digest('base64url').slice(0, 16);
  return { items, version };
}

/** Locks the rows in use for the rest of the transaction, and answers them in order. */
async function lockInUse(tx: Db): Promise<Row[]> {
  // The advisory lock also covers the first item of an empty table, which has no row to lock.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('deduction items'))`);
  return tx
    .select()
    .from(deductionItems)
    .where(isNull(deductionItems.retiredAt))
    .orderBy(...inUseOrder)
    .for('update');
}

const nameTaken = () => new AppError('CONFLICT', m.nameTaken, { issues: [{ path: 'name', message: m.nameTaken }] });
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function lockItem(tx: Db, id: string): Promise<Row> {
  const [row] = await tx.select().from(deductionItems).where(eq(deductionItems.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return row;
}

const nextPosition = (inUse: Row[]) => inUse.reduce((max, row) => Math.max(max, row.position), 0) + 1;

export async function addDeduction(db: Db, input: DeductionInput, userId: number, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const inUse = await lockInUse(tx);
    if (inUse.length >= DEDUCTIONS_IN_USE_MAX) throw new AppError('CONFLICT', m.tooMany);
    if (inUse.some((row) => sameName(row.name, input.name))) throw nameTaken();
    const [created] = await tx
      .insert(deductionItems)
      .values({
        name: input.name,
        ...amountsOf(input),
        evidence: input.evidence,
        position: nextPosition(inUse),
        createdAt: now,
        updatedAt: now,
        updatedByUserId: userId,
      })
      .returning({ id: deductionItems.id });
    return created!.id;
  });
}

export async function updateDeduction(db: Db, id: string, input: DeductionInput, userId: number, now: Date) {
  await db.transaction(async (tx) => {
    const inUse = await lockInUse(tx);
    const row = await lockItem(tx, id);
    if (row.retiredAt) throw new AppError('CONFLICT', m.retiredCannotMove);
    if (inUse.some((other) => other.id !== id && sameName(other.name, input.name))) throw nameTaken();
    await tx
      .update(deductionItems)
      .set({ name: input.name, ...amountsOf(input), evidence: input.evidence, updatedAt: now, updatedByUserId: userId })
      .where(eq(deductionItems.id, id));
  });
}

/** Takes an item out of use; the revisions that used it keep it (a row, never deleted). */
export async function retireDeduction(db: Db, id: string, userId: number, now: Date) {
  await db.transaction(async (tx) => {
    await lockInUse(tx);
    const row = await lockItem(tx, id);
    if (row.retiredAt) throw new AppError('CONFLICT', m.alreadyRetired);
    await tx
      .update(deductionItems)
      .set({ retiredAt: now, updatedAt: now, updatedByUserId: userId })
      .where(eq(deductionItems.id, id));
  });
}

/** Brings a retired item back into use, at the end of the table. */
export async function restoreDeduction(db: Db, id: string, userId: number, now: Date) {
  await db.transaction(async (tx) => {
    const inUse = await lockInUse(tx);
    const row = await lockItem(tx, id);
    if (!row.retiredAt) throw new AppError('CONFLICT', m.notRetired);
    if (inUse.length >= DEDUCTIONS_IN_USE_MAX) throw new AppError('CONFLICT', m.tooMany);
    if (inUse.some((other) => sameName(other.name, row.name))) throw new AppError('CONFLICT', m.nameTaken);
    await tx
      .update(deductionItems)
      .set({ retiredAt: null, position: nextPosition(inUse), updatedAt: now, updatedByUserId: userId })
      .where(eq(deductionItems.id, id));
  });
}

/**
 * Moves an item one place up or down the table (it swaps places with its neighbour). At the top
 * (or the bottom) it stays where it is: the answer is the table as it is, not an error, as a
 * double press must not fail.
 */
export async function moveDeduction(db: Db, id: string, direction: 'up' | 'down', userId: number, now: Date) {
  await db.transaction(async (tx) => {
    const inUse = await lockInUse(tx);
    const at = inUse.findIndex((row) => row.id === id);
    if (at < 0) {
      const [exists] = await tx.select({ id: deductionItems.id }).from(deductionItems).where(eq(deductionItems.id, id));
      throw exists ? new AppError('CONFLICT', m.retiredCannotMove) : new AppError('NOT_FOUND', m.notFound);
    }
    const swapWith = direction === 'up' ? at - 1 : at + 1;
    if (swapWith < 0 || swapWith >= inUse.length) return;
    const order = inUse.map((row) => row.id);
    [order[at], order[swapWith]] = [order[swapWith]!, order[at]!];
    // Every item in use gets its place 1, 2, 3… in the new order (places left uneven by retired
    // items are evened out on the way), written only where it changes.
    for (const [index, itemId] of order.entries()) {
      const row = inUse.find((candidate) => candidate.id === itemId)!;
      if (row.position === index + 1) continue;
      await tx
        .update(deductionItems)
        .set({ position: index + 1, updatedAt: now, ...(itemId === id ? { updatedByUserId: userId } : {}) })
        .where(eq(deductionItems.id, itemId));
    }
  });
}
