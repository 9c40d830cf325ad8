import { and, count, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, valuationDamageMarkers, valuationEvents } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { DAMAGE_MARKERS_MAX, damageMessages as m, panelAt, roundPlace, type CarPanel } from '~/shared/car-diagram';
import { damageMarkerFromRow, type DamageMarker } from '~/shared/damage-markers';
import type { ValuationStage } from '~/shared/valuation-lifecycle';
import { photoIds } from '../valuations';

/**
 * The seller's damage markers (issue 35). Each change runs with the request's row locked, so the
 * stage it checks (markers change only before an offer is accepted) and the count (at most 30)
 * hold until it commits, and each writes its line on the request's timeline.
 */

type MarkerRow = typeof valuationDamageMarkers.$inferSelect;
type Place = Pick<DamageMarker, 'x' | 'y' | 'kind' | 'description' | 'photoId'> & { panel: CarPanel };

/** Before an offer is accepted, and while the request is open. */
const EDITABLE_STAGES: readonly ValuationStage[] = ['new', 'contacted', 'offer_made'];
export const markersEditable = (stage: ValuationStage) => EDITABLE_STAGES.includes(stage);

/** Locks the request's row; its stage must still allow changes, and its photos are returned. */
async function lockEditable(tx: Db, valuationId: string) {
  const [valuation] = await tx
    .select({ status: carValuations.status, photoPaths: carValuations.photoPaths })
    .from(carValuations)
    .where(eq(carValuations.id, valuationId))
    .for('update');
  if (!valuation) throw new AppError('NOT_FOUND', m.markerNotFound);
  if (!markersEditable(valuation.status)) throw new AppError('CONFLICT', m.locked);
  return { photos: photoIds(valuation.photoPaths) };
}

/** The point must be on the panel named, and the close-up one of the request's photos. */
function checked(place: Place, photos: readonly string[]): Place {
  const x = roundPlace(place.x);
  const y = roundPlace(place.y);
  if (panelAt(x, y) !== place.panel) {
    throw new AppError('INVALID_INPUT', m.offPanel, { issues: [{ path: 'x', message: m.offPanel }] });
  }
  if (place.photoId !== null && !photos.includes(place.photoId)) {
    throw new AppError('INVALID_INPUT', m.notYourPhoto, { issues: [{ path: 'photoId', message: m.notYourPhoto }] });
  }
  return { ...place, x, y };
}

type Change = { valuationId: string; now: Date };

export async function addDamageMarker(db: Db, change: Change & { marker: Place }): Promise<DamageMarker> {
  const { valuationId, now } = change;
  return db.transaction(async (tx) => {
    const { photos } = await lockEditable(tx, valuationId);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(valuationDamageMarkers)
      .where(eq(valuationDamageMarkers.valuationId, valuationId));
    if (total >= DAMAGE_MARKERS_MAX) throw new AppError('CONFLICT', m.tooMany);
    const place = checked(change.marker, photos);
    const [row] = await tx
      .insert(valuationDamageMarkers)
      .values({ valuationId, ...place, createdAt: now, updatedAt: now })
      .returning();
    await timeline(tx, valuationId, 'damage_marked', row!, now);
    return damageMarkerFromRow(row!, photos);
  });
}

export async function changeDamageMarker(
  db: Db,
  change: Change & { markerId: string; fields: Partial<Place> },
): Promise<DamageMarker> {
  const { valuationId, markerId, now } = change;
  return db.transaction(async (tx) => {
    const { photos } = await lockEditable(tx, valuationId);
    const current = await findMarker(tx, valuationId, markerId);
    const defined = Object.fromEntries(Object.entries(change.fields).filter(([, v]) => v !== undefined));
    const place = checked({ ...current, ...defined }, photos);
    const [row] = await tx
      .update(valuationDamageMarkers)
      .set({ ...place, updatedAt: now })
      .where(eq(valuationDamageMarkers.id, markerId))
      .returning();
    await timeline(tx, valuationId, 'damage_marker_changed', row!, now);
    return damageMarkerFromRow(row!, photos);
  });
}

export async function removeDamageMarker(db: Db, change: Change & { markerId: string }): Promise<void> {
  const { valuationId, markerId, now } = change;
  await db.transaction(async (tx) => {
    await lockEditable(tx, valuationId);
    const current = await findMarker(tx, valuationId, markerId);
    await tx.delete(valuationDamageMarkers).where(eq(valuationDamageMarkers.id, markerId));
    await timeline(tx, valuationId, 'damage_marker_removed', current, now);
  });
}

async function findMarker(tx: Db, valuationId: string, markerId: string): Promise<MarkerRow> {
  const [row] = await tx
    .select()
    .from(valuationDamageMarkers)
    .where(and(eq(valuationDamageMarkers.id, markerId), eq(valuationDamageMarkers.valuationId, valuationId)));
  if (!row) throw new AppError('NOT_FOUND', m.markerNotFound);
  return row;
}

async function timeline(
  tx: Db,
  valuationId: string,
  type: 'damage_marked' | 'damage_marker_changed' | 'damage_marker_removed',
  marker: MarkerRow,
  now: Date,
) {
  await tx.insert(valuationEvents).values({
    valuationId,
    type,
    data: { markerId: marker.id, panel: marker.panel, kind: marker.kind, by: 'seller' },
    createdAt: now,
  });
}
