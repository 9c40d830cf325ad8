import {
  VALUATION_PHOTO_MAX_BYTES,
  VALUATION_PHOTOS_MAX,
  valuationPhotoMessages as m,
} from '~/shared/valuation-photo-limits';

/** What the server can read (it re-encodes everything to JPEG); iPhones send JPEG to this list. */
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type SelectionProblem = { title: string; description: string };

export type CheckedSelection = {
  /** The files to add to the seller's list. */
  accepted: File[];
  /** Why some or all were left out, for a toast; undefined when all were taken. */
  problem?: SelectionProblem;
};

/**
 * Checks a new selection from the file input against SPEC section 8's limits before anything is
 * sent: at most 20 photos in total (stored, waiting and new), images only, each 5MB or smaller.
 * A selection that would pass 20 is refused whole, as SPEC's message asks the seller to choose
 * fewer; single files that are too large or not photos are left out and the rest kept.
 */
export function checkSelection(alreadyCounted: number, selected: readonly File[]): CheckedSelection {
  if (alreadyCounted + selected.length > VALUATION_PHOTOS_MAX) {
    return { accepted: [], problem: { title: m.tooManyTitle, description: m.tooMany } };
  }
  const photos = selected.filter((file) => isAcceptedType(file));
  const small = photos.filter((file) => file.size <= VALUATION_PHOTO_MAX_BYTES);
  if (small.length < photos.length) {
    return { accepted: small, problem: { title: m.tooLargeTitle, description: m.tooLarge } };
  }
  if (photos.length < selected.length) {
    const heic = selected.some((file) => /hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name));
    return {
      accepted: photos,
      problem: { title: 'Not a photo', description: heic ? m.heicUnsupported : m.notAnImage },
    };
  }
  return { accepted: photos };
}

function isAcceptedType(file: File): boolean {
  return (ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type);
}

/** "3 photos", "1 photo". */
export function photoCount(count: number): string {
  return `${count} ${count === 1 ? 'photo' : 'photos'}`;
}
