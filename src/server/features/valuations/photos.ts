import type { FastifyReply } from 'fastify';
import { AppError } from '~/server/http/app-error';
import { openUploadedImage, readError } from '~/server/media/uploaded-image';
import type { FileStore } from '~/server/storage/file-store';
import { isPhotoShot, type PhotoShot } from '~/shared/photo-shots';
import { valuationPhotoMessages as m } from '~/shared/valuation-photos';

/**
 * Sellers' photos of a valuation (DESIGN 5: private, typed by content, re-encoded, random names).
 *
 * Storage: both images go to the private file store, area `valuation-photos`, under random names.
 * `car_valuations.photo_paths` holds one entry per photo, `<full key>|<thumbnail key>`, e.g.
 * `valuation-photos/3f…a1.jpg|valuation-photos/9c…04.jpg` (the store picks each name, so the
 * thumbnail's cannot be derived from the full image's; an entry without `|` is its own thumbnail).
 * A photo taken for one of the guided shots (issue 35) carries it as a third part,
 * `<full>|<thumb>|front_three_quarter`; at most one photo holds each shot.
 * Clients never see a key: a photo's id is the 32-hex random part of its full image's key.
 */

export const PHOTO_AREA = 'valuation-photos';
/** Longest side of the stored photo and of its thumbnail, in pixels. */
export const PHOTO_MAX_SIDE = 2048;
export const THUMB_MAX_SIDE = 400;

export type PhotoEntry = { id: string; full: string; thumb: string; shot: PhotoShot | null };

const KEY = /^valuation-photos\/([0-9a-f]{32})\.(jpg)$/;

export function formatPhotoEntry(full: string, thumb: string, shot: PhotoShot | null = null): string {
  return shot ? `${full}|${thumb}|${shot}` : `${full}|${thumb}`;
}

/** The parts of a stored entry; undefined for anything not in our shape (never served). */
export function parsePhotoEntry(entry: string): PhotoEntry | undefined {
  const [full = '', thumb = full, shot, ...rest] = entry.split('|');
  const id = KEY.exec(full)?.[1];
  if (!id || rest.length > 0 || !KEY.test(thumb) || (shot !== undefined && !isPhotoShot(shot))) return undefined;
  return { id, full, thumb, shot: shot ?? null };
}

/** The stored entry of the photo with this id, or undefined. */
export function findPhotoEntry(entries: readonly string[], id: string): PhotoEntry | undefined {
  return entries.map(parsePhotoEntry).find((entry) => entry?.id === id);
}

/** What clients see of the stored entries: the photos' ids, oldest first. */
export function photoIds(entries: readonly string[]): string[] {
  return entries.flatMap((entry) => parsePhotoEntry(entry)?.id ?? []);
}

/** The photos as clients see them: each id with its guided shot, if it was taken for one. */
export function photoList(entries: readonly string[]): { id: string; shot: PhotoShot | null }[] {
  return entries.flatMap((entry) => {
    const parsed = parsePhotoEntry(entry);
    return parsed ? [{ id: parsed.id, shot: parsed.shot }] : [];
  });
}

export type ProcessedPhoto = { full: Buffer; thumb: Buffer };

/**
 * Checks that `bytes` are an image we accept, judged by content only (media/uploaded-image.ts), and
 * re-encodes it: orientation applied, every metadata block dropped (EXIF, GPS, XMP, ICC), longest
 * side at most 2048 px, as JPEG; plus a 400 px thumbnail.
 */
export async function processPhoto(bytes: Buffer, options: { maxInputPixels?: number } = {}): Promise<ProcessedPhoto> {
  const image = await openUploadedImage(bytes, m, { maxInputPixels: options.maxInputPixels });
  const fit = (side: number) => ({ width: side, height: side, fit: 'inside' as const, withoutEnlargement: true });
  try {
    const [full, thumb] = await Promise.all([
      image.pipeline().resize(fit(PHOTO_MAX_SIDE)).jpeg({ quality: 82 }).toBuffer(),
      image.pipeline().resize(fit(THUMB_MAX_SIDE)).jpeg({ quality: 75 }).toBuffer(),
    ]);
    return { full, thumb };
  } catch (error) {
    throw readError(error, m, (message) => ({ issues: [{ path: 'photos', message }] }));
  }
}

/** Stores both images; returns the entry for photo_paths (with the guided shot it was taken for). */
export async function storePhoto(
  files: FileStore,
  photo: ProcessedPhoto,
  shot: PhotoShot | null = null,
): Promise<string> {
  const full = await files.save(photo.full, { area: PHOTO_AREA, extension: 'jpg' });
  try {
    const thumb = await files.save(photo.thumb, { area: PHOTO_AREA, extension: 'jpg' });
    return formatPhotoEntry(full, thumb, shot);
  } catch (error) {
    await files.remove(full);
    throw error;
  }
}

/** Removes both images of each entry; failures are logged by the caller, not thrown. */
export async function removePhotoFiles(files: FileStore, entries: readonly string[]): Promise<void> {
  for (const entry of entries) {
    const parsed = parsePhotoEntry(entry);
    if (!parsed) continue;
    await files.remove(parsed.full);
    if (parsed.thumb !== parsed.full) await files.remove(parsed.thumb);
  }
}

/**
 * Sends one stored photo (its thumbnail or full image) as a private JPEG, for the seller's token
 * route and staff's route alike; 404 when the valuation has no photo with that id.
 */
export async function sendPhoto(
  reply: FastifyReply,
  files: FileStore,
  entry: PhotoEntry | undefined,
  size: 'full' | 'thumb',
): Promise<FastifyReply> {
  if (!entry) throw new AppError('NOT_FOUND', m.photoNotFound);
  const bytes = await files.read(size === 'thumb' ? entry.thumb : entry.full);
  return reply
    .header('Content-Type', 'image/jpeg')
    .header('Cache-Control', 'no-store, private')
    .header('Content-Disposition', 'inline')
    .send(bytes);
}
