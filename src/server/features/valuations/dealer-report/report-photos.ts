import sharp from 'sharp';
import type { FileStore } from '~/server/storage/file-store';
import { parsePhotoEntry } from '../photos';

/** The report shows at most this many photos (two rows of four). */
export const REPORT_PHOTOS_MAX = 8;

/**
 * The valuation's first photos, oldest first, as small 4:3 JPEGs for the report's grid: from the
 * stored thumbnails (400 px), cropped to fill their cell so the grid lines up. A photo that cannot
 * be read is left out (the report still goes), and said in the log by the caller's `onMissing`.
 */
export async function reportPhotos(
  files: FileStore,
  entries: readonly string[] | null,
  onMissing: (error: unknown) => void,
): Promise<Buffer[]> {
  const parsed = (entries ?? []).flatMap((entry) => parsePhotoEntry(entry) ?? []).slice(0, REPORT_PHOTOS_MAX);
  const photos = await Promise.all(
    parsed.map(async (entry) => {
      try {
        const bytes = await files.read(entry.thumb);
        return await sharp(bytes).resize(400, 300, { fit: 'cover' }).jpeg({ quality: 78 }).toBuffer();
      } catch (error) {
        onMissing(error);
        return undefined;
      }
    }),
  );
  return photos.flatMap((photo) => photo ?? []);
}
