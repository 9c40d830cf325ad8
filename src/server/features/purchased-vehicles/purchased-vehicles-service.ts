import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { paginate } from '~/server/db/paginate';
import { purchasedVehicles as v, type PurchasedVehicle } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import {
  describePhoto,
  parsePhotoEntry,
  photoFileName,
  PURCHASED_VEHICLE_PHOTOS_MAX,
  PURCHASED_VEHICLE_UPLOAD_AREA,
  purchasedVehicleMessages as m,
  purchasedVehiclePhotoMessages as pm,
  type AdminPurchasedVehicle,
  type PublicPurchasedVehicle,
  type PurchasedVehicleDetails,
  type PurchasedVehicleUpdate,
  type VehiclePhoto,
} from '~/shared/purchased-vehicles';
import type { Paginated, PaginationQuery } from '~/shared/schema-kit';

/** Queries of the purchased vehicles (issue 13). Routes do HTTP; this does rows. */

const notFound = () => new AppError('NOT_FOUND', m.notFound);
const tooManyPhotos = () =>
  new AppError('INVALID_INPUT', pm.tooMany, { issues: [{ path: 'photos', message: pm.tooMany }] });

function photosOf(row: PurchasedVehicle): VehiclePhoto[] {
  return row.photoPaths.flatMap((entry) => describePhoto(entry) ?? []);
}

/** What anyone may see: never the registration or the price paid. */
export function toPublicVehicle(row: PurchasedVehicle): PublicPurchasedVehicle {
  const photos = photosOf(row);
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    fuelType: row.fuelType,
    engineSize: row.engineSize,
    color: row.color,
    mileage: row.mileage,
    location: row.location,
    description: row.description,
    purchaseDate: row.purchaseDate,
    photoPaths: photos.map(
      (photo) => `${PURCHASED_VEHICLE_UPLOAD_AREA}/${photoFileName(photo.id, photo.width, 'jpeg')}`,
    ),
    photos,
  };
}

export function toAdminVehicle(row: PurchasedVehicle): AdminPurchasedVehicle {
  return {
    ...toPublicVehicle(row),
    registration: row.registration,
    purchasePricePence: row.purchasePricePence,
    isVisible: row.isVisible,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Staff's list: every vehicle, newest added first (index purchased_vehicles_created_at_id_idx). */
export async function listAdminVehicles(db: Db, query: PaginationQuery): Promise<Paginated<AdminPurchasedVehicle>> {
  const list = db.select().from(v).orderBy(desc(v.createdAt), desc(v.id)).$dynamic();
  const page = await paginate(db, list, query);
  return { ...page, items: page.items.map(toAdminVehicle) };
}

/** The public list: visible vehicles, newest purchase first, undated ones last (purchased_vehicles_public_order_idx). */
export async function listVisibleVehicles(db: Db, query: PaginationQuery): Promise<Paginated<PublicPurchasedVehicle>> {
  const list = db
    .select()
    .from(v)
    .where(eq(v.isVisible, true))
    .orderBy(sql`${v.purchaseDate} desc nulls last`, desc(v.createdAt), desc(v.id))
    .$dynamic();
  const page = await paginate(db, list, query);
  return { ...page, items: page.items.map(toPublicVehicle) };
}

/**
 * Changes whenever the public list could: any edit moves the latest updated_at, any delete the
 * count. For the page-data version (and the page cache to come).
 */
export async function vehiclesVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, latest: sql<string | null>`max(${v.updatedAt})::text` })
    .from(v);
  return `${row?.count ?? 0}:${row?.latest ?? ''}`;
}

export async function findVehicle(db: Db, id: number): Promise<PurchasedVehicle> {
  const [row] = await db.select().from(v).where(eq(v.id, id));
  if (!row) throw notFound();
  return row;
}

export async function createVehicle(
  db: Db,
  details: PurchasedVehicleDetails,
  photoPaths: string[],
  now: Date,
): Promise<PurchasedVehicle> {
  const { purchasePrice, isVisible, ...rest } = details;
  const [row] = await db
    .insert(v)
    .values({
      ...rest,
      purchasePricePence: purchasePrice,
      isVisible: isVisible ?? true,
      photoPaths,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('The new vehicle was not returned');
  return row;
}

/**
 * Changes a vehicle with its row locked, so two edits at once (an upload beside a removal, two
 * uploads that together pass 3) see each other's result. `change` gets the current row and returns
 * the columns to set; it may throw an AppError to refuse.
 */
async function changeVehicle(
  db: Db,
  id: number,
  now: Date,
  change: (row: PurchasedVehicle) => Partial<typeof v.$inferInsert>,
): Promise<{ before: PurchasedVehicle; after: PurchasedVehicle }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(v).where(eq(v.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(v)
      .set({ ...change(before), updatedAt: now })
      .where(eq(v.id, id))
      .returning();
    if (!after) throw notFound();
    return { before, after };
  });
}

/** Applies the fields sent (SPEC's `{ isVisible }`, the edit form's details, a new photo order). */
export async function updateVehicle(
  db: Db,
  id: number,
  update: PurchasedVehicleUpdate,
  now: Date,
): Promise<PurchasedVehicle> {
  const { purchasePrice, photoOrder, ...rest } = update;
  const { after } = await changeVehicle(db, id, now, (row) => ({
    ...definedOnly(rest),
    ...(purchasePrice !== undefined ? { purchasePricePence: purchasePrice } : {}),
    ...(photoOrder !== undefined ? { photoPaths: reorderPhotos(row.photoPaths, photoOrder) } : {}),
  }));
  return after;
}

/** The entries in the order of `ids`, which must name each of them exactly once. */
function reorderPhotos(entries: readonly string[], ids: readonly string[]): string[] {
  const byId = new Map(entries.map((entry) => [parsePhotoEntry(entry)?.id, entry]));
  const reordered = ids.flatMap((id) => byId.get(id) ?? []);
  if (new Set(ids).size !== ids.length || reordered.length !== entries.length || ids.length !== entries.length) {
    throw new AppError('INVALID_INPUT', m.photoOrder, { issues: [{ path: 'photoOrder', message: m.photoOrder }] });
  }
  return reordered;
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The photo count a vehicle can still take; for refusing a too-big upload before reading it. */
export async function photoRoom(db: Db, id: number): Promise<number> {
  return PURCHASED_VEHICLE_PHOTOS_MAX - (await findVehicle(db, id)).photoPaths.length;
}

/** Appends stored photos, counted again with the row locked (3 at most). */
export async function addVehiclePhotos(db: Db, id: number, entries: string[], now: Date): Promise<PurchasedVehicle> {
  const { after } = await changeVehicle(db, id, now, (row) => {
    if (row.photoPaths.length + entries.length > PURCHASED_VEHICLE_PHOTOS_MAX) throw tooManyPhotos();
    return { photoPaths: [...row.photoPaths, ...entries] };
  });
  return after;
}

/** Takes one photo off the vehicle; returns the vehicle and the entry removed (its files are the caller's). */
export async function removeVehiclePhoto(
  db: Db,
  id: number,
  photoId: string,
  now: Date,
): Promise<{ vehicle: PurchasedVehicle; removed: string }> {
  let removed = '';
  const { after } = await changeVehicle(db, id, now, (row) => {
    const entry = row.photoPaths.find((e) => parsePhotoEntry(e)?.id === photoId);
    if (entry === undefined) throw new AppError('NOT_FOUND', pm.notFound);
    removed = entry;
    return { photoPaths: row.photoPaths.filter((e) => e !== entry) };
  });
  return { vehicle: after, removed };
}

/** Deletes the row; returns its photo entries so the caller can remove the files. */
export async function deleteVehicle(db: Db, id: number): Promise<string[]> {
  const [row] = await db.delete(v).where(eq(v.id, id)).returning({ photoPaths: v.photoPaths });
  if (!row) throw notFound();
  return row.photoPaths;
}
