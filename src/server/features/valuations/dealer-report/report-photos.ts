import sharp from 'sharp';
import type { FileStore } from '~/server/storage/file-store';
import { mainPhotoShots, photoShotGuide } from '~/shared/photo-shots';
import { parsePhotoEntry } from '../photos';

/** The report shows at most this many photos (two rows of four). */
export const REPORT_PHOTOS_MAX = 8;

/** A photo of the report's grid, and the guided shot's name under it (none for other photos). */
export type ReportPhoto = { image: Buffer; label: string | null };

/**
 * The photos the report shows, as small 4:3 JPEGs for its grid: the main guided shots first, in
 * their order and labelled (issue 35: the car all round and its dashboard), then the other shots
 * and photos oldest first, up to REPORT_PHOTOS_MAX. From the stored thumbnails (400 px), cropped to
 * fill their cell so the grid lines up. A photo that cannot be read is left out (the report still
 * goes), and said in the log by the caller's `onMissing`.
 */
export async function reportPhotos(
  files: FileStore,
  entries: readonly string[] | null,
  onMissing: (error: unknown) => void,
): Promise<ReportPhoto[]> {
  const parsed = (entries ?? []).flatMap((entry) => parsePhotoEntry(entry) ?? []);
  const main = mainPhotoShots.flatMap((shot) => parsed.filter((entry) => entry.shot === shot));
  const chosen = [...main, ...parsed.filter((entry) => !main.includes(entry))].slice(0, REPORT_PHOTOS_MAX);
  const photos = await Promise.all(
    chosen.map(async (entry) => {
      try {
        const bytes = await files.read(entry.thumb);
        const image = await sharp(bytes).resize(400, 300, { fit: 'cover' }).jpeg({ quality: 78 }).toBuffer();
        return { image, label: entry.shot ? photoShotGuide[entry.shot].label : null };
      } catch (error) {
        onMissing(error);
        return undefined;
      }
    }),
  );
  return photos.flatMap((photo) => photo ?? []);
}
