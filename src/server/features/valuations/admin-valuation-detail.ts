import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, users, valuationEvents, valuationMessages } from '~/server/db/schema';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { indicativePriceOf } from '~/shared/indicative-price';
import { plausibilityUnchecked } from '~/shared/plausibility';
import { plausibilityFlagsById } from '../plausibility';
import { damageMarkersOf } from './damage-marker-rows';
import { listOffers } from './offers';
import { findPhotoEntry, photoIds, photoList, type PhotoEntry } from './photos';

/** The timeline shows at most this many events (a valuation has a handful; this bounds a broken one). */
const EVENTS_SHOWN = 500;
/** The conversation shows at most this many messages, the newest. */
const CONVERSATION_SHOWN = 500;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A valuation as the detail page shows it, or undefined when there is none. The first admin to
 * open it sets `firstViewedAt` and writes a "viewed" event (DESIGN 6), in the same transaction
 * that reads it, with the row locked so two admins opening it at once record one first view.
 */
export async function valuationDetail(
  db: Db,
  { id, viewerUserId, now }: { id: string; viewerUserId: number; now: Date },
): Promise<ValuationDetail | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(carValuations).where(eq(carValuations.id, id)).for('update');
    if (!row) return undefined;
    if (!row.firstViewedAt) {
      row.firstViewedAt = now;
      await tx.update(carValuations).set({ firstViewedAt: now }).where(eq(carValuations.id, id));
      await tx
        .insert(valuationEvents)
        .values({ valuationId: id, type: 'viewed', actorUserId: viewerUserId, createdAt: now });
    }
    const events = await tx
      .select({
        type: valuationEvents.type,
        data: valuationEvents.data,
        actor: users.username,
        createdAt: valuationEvents.createdAt,
      })
      .from(valuationEvents)
      .leftJoin(users, eq(users.id, valuationEvents.actorUserId))
      .where(eq(valuationEvents.valuationId, id))
      .orderBy(asc(valuationEvents.createdAt), asc(valuationEvents.id))
      .limit(EVENTS_SHOWN);

    const {
      photoPaths,
      financeAmountPence: _unused,
      closedAt: _closedAt,
      indicativeLowPence: _low,
      indicativeHighPence: _high,
      indicativeOfferCount: _count,
      makeKey: _makeKey,
      modelKey: _modelKey,
      ...fields
    } = row;
    return {
      ...fields,
      status: fields.status,
      createdAt: fields.createdAt.toISOString(),
      updatedAt: fields.updatedAt.toISOString(),
      firstViewedAt: iso(fields.firstViewedAt),
      archivedAt: iso(fields.archivedAt),
      marketingConsentAt: iso(fields.marketingConsentAt),
      contactPreference: fields.contactPreference ?? [],
      photoIds: photoIds(photoPaths ?? []),
      photos: photoList(photoPaths ?? []),
      damageMarkers: await damageMarkersOf(tx, id, photoIds(photoPaths ?? [])),
      events: events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
      offers: await listOffers(tx, id, now),
      conversation: await conversationOf(tx, id),
      indicativePrice: indicativePriceOf(row),
      // Read in this transaction, with the row above: the request is there.
      plausibility: (await plausibilityFlagsById(tx, id, now)) ?? [],
      plausibilityUnchecked: plausibilityUnchecked(row),
    };
  });
}

/** The conversation with the seller, oldest first (the newest CONVERSATION_SHOWN). */
async function conversationOf(db: Db, valuationId: string): Promise<ValuationDetail['conversation']> {
  const rows = await db
    .select({
      id: valuationMessages.id,
      author: valuationMessages.author,
      body: valuationMessages.body,
      staffName: users.username,
      createdAt: valuationMessages.createdAt,
    })
    .from(valuationMessages)
    .leftJoin(users, eq(users.id, valuationMessages.staffUserId))
    .where(eq(valuationMessages.valuationId, valuationId))
    .orderBy(desc(valuationMessages.createdAt))
    .limit(CONVERSATION_SHOWN);
  return rows.reverse().map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The stored files of one of the valuation's photos, or undefined when either is unknown. */
export async function adminPhotoEntry(db: Db, id: string, photoId: string): Promise<PhotoEntry | undefined> {
  const [row] = await db
    .select({ photoPaths: carValuations.photoPaths })
    .from(carValuations)
    .where(eq(carValuations.id, id));
  return row ? findPhotoEntry(row.photoPaths, photoId) : undefined;
}
