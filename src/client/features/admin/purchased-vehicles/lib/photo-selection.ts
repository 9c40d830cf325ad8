import {
  PURCHASED_VEHICLE_PHOTO_MAX_BYTES,
  PURCHASED_VEHICLE_PHOTOS_MAX,
  purchasedVehiclePhotoMessages as m,
} from '~/shared/purchased-vehicles';

/** What to tell staff about chosen files that were left out: one toast (one is shown at a time). */
export type PhotoSelectionProblem = { title: string; description?: string };

export type PhotoSelection = {
  /** The chosen files to keep, in the order chosen. */
  accepted: File[];
  problem?: PhotoSelectionProblem;
};

/** "1 photo", "2 photos". */
export const photoCount = (count: number) => `${count} ${count === 1 ? 'photo' : 'photos'}`;

/**
 * Checks files chosen for a vehicle that already has (or has waiting) `current` photos, before
 * anything is sent. Files that are not images, or are over 10MB, are left out; of the rest only
 * as many as fit under SPEC's 3 are kept, the first chosen, with "Maximum 3 photos allowed". The
 * server checks all of this again, the type by the file's content.
 */
export function checkPhotoSelection(current: number, chosen: readonly File[]): PhotoSelection {
  const reasons: string[] = [];
  const images = chosen.filter((file) => file.type.startsWith('image/'));
  if (images.length < chosen.length) reasons.push(m.notAnImage);
  const small = images.filter((file) => file.size <= PURCHASED_VEHICLE_PHOTO_MAX_BYTES);
  if (small.length < images.length) reasons.push(m.tooLarge);
  const room = Math.max(PURCHASED_VEHICLE_PHOTOS_MAX - current, 0);
  const accepted = small.slice(0, room);

  if (accepted.length < small.length) {
    const kept =
      room === 0
        ? `There ${current === 1 ? 'is' : 'are'} already ${photoCount(current)}: remove one to add another.`
        : `Only the first ${photoCount(room)} you chose ${room === 1 ? 'was' : 'were'} kept.`;
    return { accepted, problem: { title: m.tooMany, description: [kept, ...reasons].join(' ') } };
  }
  const [title, ...more] = reasons;
  if (title === undefined) return { accepted };
  return { accepted, problem: more.length > 0 ? { title, description: more.join(' ') } : { title } };
}
