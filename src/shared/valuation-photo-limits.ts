/**
 * The seller's photos of a submitted valuation (SPEC section 8, issue 10): the limits and their
 * words, shared by the success screen and the photo routes so both count and word the limits
 * alike. No zod here: the valuation page imports this and its JavaScript budget has no room for
 * zod. The schemas are in ./valuation-photos.ts, which also exports everything here.
 */

/** At most this many photos per valuation, in total (existing and new). */
export const VALUATION_PHOTOS_MAX = 20;
/** Each photo as sent: 5MB (5 × 1024 × 1024 bytes). */
export const VALUATION_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const valuationPhotoMessages = {
  /** SPEC section 8: the toast's title and text. */
  tooManyTitle: 'Too many files',
  tooMany: `Please select a maximum of ${VALUATION_PHOTOS_MAX} photos.`,
  tooLargeTitle: 'Files too large',
  tooLarge: 'Each photo must be 5MB or smaller.',
  notAnImage: 'Only photos can be uploaded: please choose JPEG, PNG or WebP images.',
  heicUnsupported:
    'HEIC photos cannot be read here. Please choose a JPEG, PNG or WebP image (on an iPhone, set Settings > Camera > Formats to "Most Compatible").',
  unreadable: 'This photo could not be read. Please choose another image.',
  tooManyPixels: 'This photo has too many pixels (at most 50 megapixels). Please choose a smaller image.',
  noPhotos: 'Please choose at least one photo.',
  onlyPhotos: 'Only photos can be sent here, in the field "photos".',
  requestTooLarge: 'Too much data in one upload. Please send fewer photos at a time.',
  notFound: 'Valuation not found.',
  photoNotFound: 'Photo not found.',
} as const;

/** A photo as the client names it: the random part of its stored name (32 hex), never a path. */
export const PHOTO_ID_PATTERN = /^[0-9a-f]{32}$/;
