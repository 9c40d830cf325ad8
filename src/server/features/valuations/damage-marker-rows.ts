import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { valuationDamageMarkers } from '~/server/db/schema';
import { damageMarkerFromRow, type DamageMarker } from '~/shared/damage-markers';

/**
 * A request's damage marks (issue 35; features/evidence writes them), oldest first, as the seller's
 * page, the back office and the dealer report all read them. `photos` are the request's photo ids,
 * which the caller has already read with its row: a close-up no longer among them drops out.
 */
export async function damageMarkersOf(db: Db, valuationId: string, photos: readonly string[]): Promise<DamageMarker[]> {
  const rows = await db
    .select()
    .from(valuationDamageMarkers)
    .where(eq(valuationDamageMarkers.valuationId, valuationId))
    .orderBy(asc(valuationDamageMarkers.createdAt), asc(valuationDamageMarkers.id));
  return rows.map((row) => damageMarkerFromRow(row, photos));
}
