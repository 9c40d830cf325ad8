import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { deductionItems } from '~/server/db/schema';

/**
 * The deductions table a new installation starts with (issue 37): common differences found at
 * inspection, at per-unit amounts in line with what UK body shops, tyre fitters and windscreen
 * firms charge (a smart repair of a scuff, a paintless dent repair, an alloy refurbishment, a
 * mid-range tyre fitted, a chip repair up to a windscreen replaced, a key cut and coded). Staff
 * change, add and retire them at /admin/deductions; `/how-we-value` publishes them.
 */
export const STARTING_DEDUCTIONS: readonly { name: string; minPence: number; maxPence: number; evidence: string }[] = [
  {
    name: 'Scuff or scratch, per panel',
    minPence: 3_000,
    maxPence: 8_000,
    evidence: 'A photo of each panel: close up, and from a step back',
  },
  {
    name: 'Dent, per panel',
    minPence: 6_000,
    maxPence: 18_000,
    evidence: 'A photo of each dent, with the light across it so the dent shows',
  },
  {
    name: 'Kerbed alloy wheel, per wheel',
    minPence: 4_000,
    maxPence: 9_000,
    evidence: 'A photo of each damaged rim',
  },
  {
    name: 'Tyre with less than 2 mm of tread, per tyre',
    minPence: 6_000,
    maxPence: 14_000,
    evidence: 'A photo of a tread depth gauge in the tyre’s main groove',
  },
  {
    name: 'Windscreen chip or crack',
    minPence: 6_000,
    maxPence: 30_000,
    evidence: 'A photo of the chip or crack, with a coin beside it for its size',
  },
  {
    name: 'Missing second key',
    minPence: 15_000,
    maxPence: 30_000,
    evidence: 'A photo of the keys handed over at the door',
  },
  {
    name: 'Service history missing or less than declared',
    minPence: 15_000,
    maxPence: 50_000,
    evidence: 'A photo of the service book’s stamped pages, or of the documents handed over when there is no book',
  },
  {
    name: 'Warning light on the dashboard',
    minPence: 10_000,
    maxPence: 50_000,
    evidence: 'A photo of the dashboard with the engine running and the light on',
  },
  {
    name: 'Interior damage or stain, per area',
    minPence: 3_000,
    maxPence: 15_000,
    evidence: 'A photo of each damaged or stained area',
  },
  {
    name: 'Mileage higher than declared, per 1,000 miles over',
    minPence: 5_000,
    maxPence: 10_000,
    evidence: 'A photo of the odometer with the ignition on',
  },
];

/**
 * Writes the starting table on the first start, when the table has never held an item (retired
 * items count: a table staff emptied stays empty). Several processes starting at once write it once:
 * the table's lock is taken first.
 */
export async function seedStartingDeductions(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('deduction items'))`);
    const [any] = await tx.select({ id: deductionItems.id }).from(deductionItems).limit(1);
    if (any) return;
    await tx
      .insert(deductionItems)
      .values(
        STARTING_DEDUCTIONS.map((item, index) => ({ ...item, position: index + 1, createdAt: now, updatedAt: now })),
      );
  });
}
