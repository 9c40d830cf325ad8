import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '~/server/http/app-error';

/**
 * An uploaded image, checked and opened for re-encoding (DESIGN 5): the type is judged by content
 * only (never the name or the Content-Type header), a pixel flood is refused before anything is
 * decoded, and the pipeline applies the EXIF orientation and keeps no metadata (EXIF, GPS, XMP,
 * ICC are dropped unless sharp is asked to keep them, which we never do). Sellers' valuation photos
 * and staff's purchased-vehicle photos both come through here; each passes its own words.
 */

/** Pixel-flood guard: an image declaring more pixels than this is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

export type UploadedImageMessages = {
  notAnImage: string;
  heicUnsupported?: string;
  tooManyPixels: string;
  unreadable: string;
};

export type OpenedImage = {
  /**
   * A fresh pipeline each call: oriented, flattened onto white, no metadata. A truncated or corrupt
   * file fails only when encoded: wrap the encoding in `readError` (and encode before storing).
   */
  pipeline(): Sharp;
  /** The oriented size. */
  width: number;
  height: number;
};

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const HEIF = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/**
 * sharp's prebuilt libvips reads AVIF but not HEVC-coded HEIC (patents), so iPhone HEIC photos are
 * refused with a message saying what to do; true when this build can decode HEIC after all.
 */
export const canDecodeHeic = (sharp.format.heif.input.fileSuffix ?? []).some((s) => /\.hei[cf]$/i.test(s));

/** Checks `bytes` and opens them; throws AppError (415 or 400) with the caller's words otherwise. */
export async function openUploadedImage(
  bytes: Buffer,
  messages: UploadedImageMessages,
  options: { maxInputPixels?: number | undefined; field?: string } = {},
): Promise<OpenedImage> {
  const maxPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const issue = (message: string) => ({ issues: [{ path: options.field ?? 'photos', message }] });
  const type = await fileTypeFromBuffer(bytes);
  if (type && HEIF.has(type.mime) && !canDecodeHeic && messages.heicUnsupported) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.heicUnsupported, issue(messages.heicUnsupported));
  }
  if (!type || !(ACCEPTED.has(type.mime) || (canDecodeHeic && HEIF.has(type.mime)))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.notAnImage, {
      ...issue(messages.notAnImage),
      detail: `refused upload of type ${type?.mime ?? 'unknown'}`,
    });
  }
  const input = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated: false });
  try {
    // The header's size, read without decoding: a pixel flood is refused before any work.
    const { width = 0, height = 0, autoOrient } = await input().metadata();
    if (width * height > maxPixels)
      throw new AppError('INVALID_INPUT', messages.tooManyPixels, issue(messages.tooManyPixels));
    return {
      pipeline: () => input().rotate().flatten({ background: '#ffffff' }),
      width: autoOrient?.width ?? width,
      height: autoOrient?.height ?? height,
    };
  } catch (error) {
    throw readError(error, messages, issue);
  }
}

/** sharp's failures in the caller's words (pixel limit, unreadable); our own errors unchanged. */
export function readError(
  error: unknown,
  messages: Pick<UploadedImageMessages, 'tooManyPixels' | 'unreadable'>,
  issue: (message: string) => { issues: { path: string; message: string }[] },
): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message))
    return new AppError('INVALID_INPUT', messages.tooManyPixels, issue(messages.tooManyPixels));
  return new AppError('INVALID_INPUT', messages.unreadable, {
    ...issue(messages.unreadable),
    detail: `sharp could not read an upload: ${message}`,
  });
}
