import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { valuationEvents, valuationOffers } from '~/server/db/schema';

/**
 * The two questions the seller's page and the seller's actions both ask about offers: which is the
 * newest (offers are records never edited, so the newest is the one that stands or last stood),
 * and whether the seller has asked for a fresh offer since it was made.
 */

/** Newest first: by when it was made, the id breaking a tie of equal times. */
export const newestOffersFirst = [desc(valuationOffers.createdAt), desc(valuationOffers.id)] as const;

/** The request's newest offer; `forUpdate` locks it for the rest of the transaction. */
export async function newestOffer(db: Db, valuationId: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(valuationOffers)
    .where(eq(valuationOffers.valuationId, valuationId))
    .orderBy(...newestOffersFirst)
    .limit(1);
  const [newest] = options.forUpdate ? await query.for('update') : await query;
  return newest;
}

/** When the seller last asked for a fresh offer after `since` (the newest offer's making), if they did. */
export async function freshOfferAskedSince(db: Db, valuationId: string, since: Date): Promise<Date | undefined> {
  const [asked] = await db
    .select({ createdAt: valuationEvents.createdAt })
    .from(valuationEvents)
    .where(
      and(
        eq(valuationEvents.valuationId, valuationId),
        eq(valuationEvents.type, 'fresh_offer_requested'),
        gt(valuationEvents.createdAt, since),
      ),
    )
    .orderBy(desc(valuationEvents.createdAt))
    .limit(1);
  return asked?.createdAt;
}
