/**
 * Recently purchased vehicles (issue 13), the zod-free part the public pages use: the photos'
 * limits, words and public addresses, and the page's words. The schemas are in
 * src/shared/purchased-vehicles.ts, which re-exports all of this.
 *
 * Each photo is stored once per width and format under /uploads/purchased-vehicles/, named
 * `<photo id>-<width>.<webp|jpg>`; the database keeps `<photo id>_<width>x<height>` (the largest
 * width's size), from which every file name and the `srcset` follow.
 */

/** SPEC section 9: at most 3 photos per vehicle. */
export const PURCHASED_VEHICLE_PHOTOS_MAX = 3;
/** Staff upload camera originals, which are often larger than the sellers' 5MB limit. */
export const PURCHASED_VEHICLE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The widths each photo is stored at (never wider than the original). */
export const PURCHASED_VEHICLE_PHOTO_WIDTHS = [400, 800, 1200] as const;
/** The public folder's sub-folder for these photos. */
export const PURCHASED_VEHICLE_UPLOAD_AREA = 'purchased-vehicles';
/** SPEC section 9: the home page shows at most 6. */
export const HOME_VEHICLES_SHOWN = 6;
/** SPEC section 3: the four default images, chosen by (id modulo 4) + 1. */
export const DEFAULT_VEHICLE_IMAGE_COUNT = 4;

/** SPEC section 5: what /recently-purchased says when the vehicles could not be loaded. */
export const VEHICLES_LOAD_FAILED = 'Failed to load vehicles. Please try again later.';

export const purchasedVehiclePhotoMessages = {
  /** SPEC section 8. */
  tooMany: 'Maximum 3 photos allowed',
  notAnImage: 'Photos must be images (JPEG, PNG or WebP).',
  tooLarge: 'Each photo must be 10MB or smaller.',
  unreadable: 'This photo could not be read. It may be damaged; please try another.',
  tooManyPixels: 'This photo is too large to process. Please use one under 50 megapixels.',
  notFound: 'Photo not found',
} as const;

/** A stored photo's id: 32 hex characters. */
export const VEHICLE_PHOTO_ID_PATTERN = /^[0-9a-f]{32}$/;
const ENTRY = /^([0-9a-f]{32})_(\d{1,5})x(\d{1,5})$/;

/** One photo as the API sends it: enough to build its `<picture>` without a layout shift. */
export type VehiclePhoto = {
  id: string;
  /** Size of the largest stored width (the aspect ratio for `width` and `height`). */
  width: number;
  height: number;
  /** The largest JPEG, for anything that wants one address (SPEC's photoPaths, the e-mail, og:image). */
  url: string;
  /** `srcset` values by format, narrowest first. */
  srcSet: { webp: string; jpeg: string };
};

export type StoredPhoto = { id: string; width: number; height: number };

export function formatPhotoEntry(photo: StoredPhoto): string {
  return `${photo.id}_${photo.width}x${photo.height}`;
}

/** The parts of a stored entry; undefined for anything not in our shape (never served). */
export function parsePhotoEntry(entry: string): StoredPhoto | undefined {
  const match = ENTRY.exec(entry);
  if (!match) return undefined;
  const [, id = '', width, height] = match;
  return { id, width: Number(width), height: Number(height) };
}

/** The widths a photo whose largest stored width is `width` is kept at, narrowest first. */
export function storedWidths(width: number): number[] {
  return [...PURCHASED_VEHICLE_PHOTO_WIDTHS.filter((w) => w < width), width];
}

/** A stored file's name within the area, e.g. `3f…a1-800.webp`. */
export function photoFileName(id: string, width: number, format: 'webp' | 'jpeg'): string {
  return `${id}-${width}.${format === 'jpeg' ? 'jpg' : 'webp'}`;
}

/** Every file a photo is stored as (to write them, and to remove them all). */
export function photoFileNames(photo: StoredPhoto): string[] {
  return storedWidths(photo.width).flatMap((w) => [
    photoFileName(photo.id, w, 'webp'),
    photoFileName(photo.id, w, 'jpeg'),
  ]);
}

const uploadUrl = (fileName: string) => `/uploads/${PURCHASED_VEHICLE_UPLOAD_AREA}/${fileName}`;

/** What the API sends for one stored entry (undefined for an entry not in our shape). */
export function describePhoto(entry: string): VehiclePhoto | undefined {
  const photo = parsePhotoEntry(entry);
  if (!photo) return undefined;
  const widths = storedWidths(photo.width);
  const srcSet = (format: 'webp' | 'jpeg') =>
    widths.map((w) => `${uploadUrl(photoFileName(photo.id, w, format))} ${w}w`).join(', ');
  return {
    ...photo,
    url: uploadUrl(photoFileName(photo.id, photo.width, 'jpeg')),
    srcSet: { webp: srcSet('webp'), jpeg: srcSet('jpeg') },
  };
}

/** SPEC section 3: the default image for a vehicle without a (working) photo. */
export function defaultVehicleImage(vehicleId: number): string {
  const n = (Math.abs(Math.trunc(vehicleId)) % DEFAULT_VEHICLE_IMAGE_COUNT) + 1;
  return `/images/purchased-vehicles/default-${n}.svg`;
}
