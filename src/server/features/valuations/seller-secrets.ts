import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, sellerSecrets } from '~/server/db/schema';

/**
 * The seller's credential (DESIGN section 9; issue 34). A secret is 32 random bytes (256 bits),
 * base64url, and only its SHA-256 is stored, so a copy of the database opens nothing. The first is
 * the upload token the success screen holds for photos; every later message to the seller carries a
 * fresh one (we cannot put in a link a secret we do not keep), and "Lost your link?" makes another.
 * Each opens its own valuation, while the request is open and for `daysAfterClose` after it closes.
 */

/** How long links keep working after a request is completed or lost (SELLER_LINK_DAYS_AFTER_CLOSE). */
export const SELLER_LINK_DAYS_AFTER_CLOSE = 30;

/** base64url of 32 bytes: exactly this shape; anything else is not worth a query. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashSellerSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new secret for `valuationId`, stored as its hash in `tx`; the secret itself goes only into a link. */
export async function issueSellerSecret(tx: Db, valuationId: string, now: Date): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await tx.insert(sellerSecrets).values({ secretHash: hashSellerSecret(secret), valuationId, createdAt: now });
  return secret;
}

export type SellerAccess = { valuationId: string };

/**
 * The valuation `secret` opens now, or null: for a secret of the wrong shape, one we never issued,
 * one of a request closed more than `daysAfterClose` ago, and (with `valuationId`) one of another
 * request alike, so a caller learns nothing from which it was.
 */
export async function valuationForSecret(
  db: Db,
  secret: string | undefined,
  options: { now: Date; daysAfterClose: number; valuationId?: string },
): Promise<SellerAccess | null> {
  if (!secret || !SECRET_SHAPE.test(secret)) return null;
  const [row] = await db
    .select({
      valuationId: sellerSecrets.valuationId,
      status: carValuations.status,
      closedAt: carValuations.closedAt,
      updatedAt: carValuations.updatedAt,
    })
    .from(sellerSecrets)
    .innerJoin(carValuations, eq(carValuations.id, sellerSecrets.valuationId))
    .where(
      and(
        eq(sellerSecrets.secretHash, hashSellerSecret(secret)),
        options.valuationId ? eq(sellerSecrets.valuationId, options.valuationId) : undefined,
      ),
    );
  if (!row) return null;
  const closedAt = closedSince(row);
  if (closedAt && !linkStillWorks(closedAt, options.now, options.daysAfterClose)) return null;
  return { valuationId: row.valuationId };
}

/** When a request closed: `closedAt`, or for a closed one written without it, its last change. */
export function closedSince(row: { status: string; closedAt: Date | null; updatedAt: Date }): Date | null {
  return row.closedAt ?? (row.status === 'completed' || row.status === 'lost' ? row.updatedAt : null);
}

/** Whether a closed request's links still work at `now`. */
export function linkStillWorks(closedAt: Date, now: Date, daysAfterClose: number): boolean {
  return now.getTime() <= closedAt.getTime() + daysAfterClose * 24 * 60 * 60_000;
}
