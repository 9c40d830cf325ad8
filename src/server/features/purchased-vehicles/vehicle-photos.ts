import { randomBytes } from 'node:crypto';
import { openUploadedImage, readError } from '~/server/media/uploaded-image';
import type { PublicUploads } from '~/server/storage/public-uploads';
import {
  formatPhotoEntry,
  parsePhotoEntry,
  photoFileName,
  photoFileNames,
  PURCHASED_VEHICLE_PHOTO_WIDTHS,
  PURCHASED_VEHICLE_UPLOAD_AREA as AREA,
  purchasedVehiclePhotoMessages as m,
  storedWidths,
  type StoredPhoto,
} from '~/shared/purchased-vehicle-basics';

/**
 * Purchased vehicles' photos (issue 13): public, so they are stored in the public uploads folder,
 * each re-encoded (orientation applied, EXIF and GPS gone) at up to three widths, as WebP and as
 * JPEG for browsers without WebP. Names are a fresh random id plus the width, so a file never
 * changes once written and browsers may keep it for a year.
 */

export type ProcessedVehiclePhoto = { photo: StoredPhoto; files: { name: string; bytes: Buffer }[] };

const LARGEST_WIDTH = Math.max(...PURCHASED_VEHICLE_PHOTO_WIDTHS);

/** Checks the upload (by content) and encodes every variant in memory; nothing is written yet. */
export async function processVehiclePhoto(
  bytes: Buffer,
  options: { maxInputPixels?: number | undefined } = {},
): Promise<ProcessedVehiclePhoto> {
  const image = await openUploadedImage(bytes, m, { maxInputPixels: options.maxInputPixels });
  const width = Math.min(LARGEST_WIDTH, image.width);
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const photo = { id: randomBytes(16).toString('hex'), width, height };
  try {
    const files = await Promise.all(
      storedWidths(width).flatMap((w) => {
        const resized = () => image.pipeline().resize({ width: w, withoutEnlargement: true });
        return [
          resized()
            .webp({ quality: 76 })
            .toBuffer()
            .then((out) => ({ name: photoFileName(photo.id, w, 'webp'), bytes: out })),
          resized()
            .jpeg({ quality: 80, mozjpeg: true })
            .toBuffer()
            .then((out) => ({ name: photoFileName(photo.id, w, 'jpeg'), bytes: out })),
        ];
      }),
    );
    return { photo, files };
  } catch (error) {
    throw readError(error, m, (message) => ({ issues: [{ path: 'photos', message }] }));
  }
}

/** Writes the photos' files; returns their entries for photo_paths. On a failure, removes what it wrote. */
export async function storeVehiclePhotos(
  uploads: PublicUploads,
  processed: readonly ProcessedVehiclePhoto[],
): Promise<string[]> {
  const entries: string[] = [];
  try {
    for (const { photo, files } of processed) {
      entries.push(formatPhotoEntry(photo));
      for (const file of files) await uploads.write(AREA, file.name, file.bytes);
    }
    return entries;
  } catch (error) {
    await removeVehiclePhotoFiles(uploads, entries);
    throw error;
  }
}

/** Removes every file of each entry (a file already gone is fine). */
export async function removeVehiclePhotoFiles(uploads: PublicUploads, entries: readonly string[]): Promise<void> {
  for (const entry of entries) {
    const photo = parsePhotoEntry(entry);
    if (!photo) continue;
    await Promise.all(photoFileNames(photo).map((name) => uploads.remove(AREA, name)));
  }
}
