import { formatDeductionAmount, type DeductionItem } from './deductions';
import { formatPounds } from './offer-basics';
import { offerValidUntil } from './offer-validity';
import type { ValuationStage } from './valuation-lifecycle';

/**
 * Evidenced price revisions (issue 37; DESIGN section 9: "a price only goes down through an
 * evidenced revision the seller accepts"). At inspection staff record each difference from the
 * seller's declarations: an item of the deductions table, an amount inside its range, a note and
 * photos. The seller sees the itemised revised price on their page (and by e-mail and text) and
 * accepts it, which makes it the agreed price, or declines it, which ends the sale at no cost to
 * them. Words, limits and types without zod, for the seller's page as much as the back office; the
 * request schemas are in ./price-revision-schemas.ts.
 */

/**
 * A revision stands to the end of the UK day after it is made (23:59 UK time tomorrow): long
 * enough to think it over, short enough that the car at the door is the car revised. Past that it
 * lapses: the price the seller accepted stands, unless staff decide not to buy the car (lost).
 */
export const REVISION_VALID_UK_DAYS = 1;
export const REVISION_ITEMS_MAX = 12;
export const REVISION_PHOTOS_PER_ITEM_MAX = 6;
export const REVISION_QUANTITY_MAX = 50;
export const REVISION_NOTE_MAX_LENGTH = 500;
export const REVISION_DECLINE_REASON_MAX_LENGTH = 500;
/** One photo as sent from a phone at the door: 10 MB. */
export const REVISION_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/**
 * `open` until the seller answers (`accepted`, `declined`), staff withdraw it (`withdrawn`), or it is
 * found past its end (`lapsed`). An open revision past `validUntil` has lapsed, whether or not
 * anything has written so yet.
 */
export const revisionStatuses = ['open', 'accepted', 'declined', 'lapsed', 'withdrawn'] as const;
export type RevisionStatus = (typeof revisionStatuses)[number];

/** How staff read a revision's state. */
export const revisionStatusLabels: Record<RevisionStatus, string> = {
  open: 'Waiting for the seller',
  accepted: 'Accepted by the seller',
  declined: 'Declined by the seller',
  lapsed: 'Lapsed: the accepted price stands',
  withdrawn: 'Withdrawn',
};

/** The instant a revision made at `proposedAt` lapses: 23:59:59 UK time the next day. */
export function revisionValidUntil(proposedAt: Date): Date {
  return offerValidUntil(proposedAt, REVISION_VALID_UK_DAYS);
}

/** A revision's status as people should read it: an open one past its end has lapsed. */
export function effectiveRevisionStatus(
  revision: { status: RevisionStatus; validUntil: Date | string },
  now: Date,
): RevisionStatus {
  return revision.status === 'open' && now > new Date(revision.validUntil) ? 'lapsed' : revision.status;
}

export const itemAmountPence = (item: { quantity: number; unitPence: number }) => item.quantity * item.unitPence;

/** What the items come to, and the price they leave from `agreedPence` (which must stay above £0). */
export function revisedPrice(agreedPence: number, items: readonly { quantity: number; unitPence: number }[]) {
  const deductedPence = items.reduce((sum, item) => sum + itemAmountPence(item), 0);
  return { deductedPence, revisedPence: agreedPence - deductedPence };
}

/** Whether `unitPence` is allowed by the item: inside its range, or its fixed amount. */
export const withinRange = (item: Pick<DeductionItem, 'minPence' | 'maxPence'>, unitPence: number) =>
  Number.isSafeInteger(unitPence) && unitPence >= item.minPence && unitPence <= item.maxPence;

/** "2 × £60" for more than one, "£60" for one. */
export function itemAmountWords(item: { quantity: number; unitPence: number }): string {
  return item.quantity > 1 ? `${item.quantity} × ${formatPounds(item.unitPence)}` : formatPounds(item.unitPence);
}

export type RevisionPhoto = { id: string };

/** One difference found, as the seller and staff see it. */
export type RevisionItemView = {
  id: string;
  /** The deductions table's item, as it read when the revision was made. */
  name: string;
  evidence: string;
  quantity: number;
  unitPence: number;
  amountPence: number;
  /** How the car differs from what the seller declared. */
  note: string;
  photos: RevisionPhoto[];
};

/** A revision as the seller's page shows it. */
export type SellerRevision = {
  id: string;
  /** At the time the page was made: an open revision past its end reads `lapsed`. */
  status: RevisionStatus;
  /** The price agreed before it, and the revised price. */
  fromPence: number;
  toPence: number;
  deductedPence: number;
  /** ISO instant it stands until. */
  validUntil: string;
  proposedAt: string;
  /** When the seller answered, or staff withdrew it. */
  closedAt: string | null;
  items: RevisionItemView[];
};

/** A revision as staff see it: who made it, and why the seller declined. */
export type AdminRevision = SellerRevision & {
  proposedBy: string | null;
  withdrawnBy: string | null;
  declineReason: string | null;
};

/** The request page's and the handover screen's revision card. */
export type AdminRevisions = {
  stage: ValuationStage;
  /** The price agreed now (the accepted offer, as lowered by accepted revisions); null before acceptance. */
  agreedPricePence: number | null;
  /** The accepted offer's own amount. */
  offerPence: number | null;
  /** Null when staff may propose a revision now; else why not, in words. */
  cannotPropose: string | null;
  /** Newest first; the open one, if any, is the first. */
  revisions: AdminRevision[];
  /** The deductions table's items in use, for the form. */
  deductions: DeductionItem[];
};

/** Where the seller's and staff's photo routes are (`size`: the 400 px thumbnail or the 2,048 px photo). */
export const sellerRevisionPhotoUrl = (photoId: string, size: 'thumb' | 'full') =>
  `/api/your-valuation/revision-photos/${encodeURIComponent(photoId)}?size=${size}`;
export const adminRevisionPhotoUrl = (valuationId: string, photoId: string, size: 'thumb' | 'full') =>
  `/api/admin/valuations/${encodeURIComponent(valuationId)}/revision-photos/${encodeURIComponent(photoId)}?size=${size}`;

export const revisionMessages = {
  itemsRequired: 'Add at least one difference from the seller’s declarations.',
  tooManyItems: `A revision has at most ${REVISION_ITEMS_MAX} items.`,
  deductionRequired: 'Choose the item from the deductions table.',
  deductionUnknown: 'This item is not in the deductions table in use. Choose another.',
  amountRequired: 'Enter the amount, in pounds.',
  amountInvalid: 'Enter an amount in pounds, such as 45 or 45.50.',
  amountOutside: (name: string, item: Pick<DeductionItem, 'minPence' | 'maxPence'>) =>
    item.minPence === item.maxPence
      ? `${name} is a fixed ${formatDeductionAmount(item)}.`
      : `${name}: the amount must be from ${formatDeductionAmount(item)}.`,
  quantityInvalid: `Enter how many, from 1 to ${REVISION_QUANTITY_MAX}.`,
  noteRequired: 'Say how the car differs from what the seller told us.',
  noteTooLong: `The note must be at most ${REVISION_NOTE_MAX_LENGTH} characters.`,
  photosRequired: 'Add at least one photo of this difference.',
  tooManyPhotos: `An item has at most ${REVISION_PHOTOS_PER_ITEM_MAX} photos.`,
  photoIdInvalid: 'A photo was not uploaded properly. Remove it and add it again.',
  photoUnknown: 'A photo was not found for this request. Remove it and add it again.',
  photoUsedTwice: 'A photo can evidence one item of one revision only. Take another for this item.',
  noAgreedPrice: 'The seller has not accepted an offer, so there is no price to revise.',
  notBelowZero: (deducted: number, agreed: number) =>
    `The items come to ${formatPounds(deducted)}, which leaves nothing of the agreed ${formatPounds(agreed)}. If the car is not worth buying, mark the request as lost instead.`,
  alreadyOpen: 'A revised price is already waiting for the seller’s answer. Withdraw it before you propose another.',
  revisionIdInvalid: 'Choose the revised price to answer.',
  declineReasonTooLong: `The reason must be at most ${REVISION_DECLINE_REASON_MAX_LENGTH} characters.`,
  notFound: 'This revised price was not found.',
  notOpen: 'This revised price is no longer open: it has been answered or withdrawn.',
  lapsed: (deadline: string, price: string) =>
    `This revised price lapsed at ${deadline} (UK time), so it can no longer be accepted. The price you accepted, ${price}, stands: we will be in touch.`,
  proposed: 'Revised price sent to the seller. They can accept it or decline it on their page.',
  withdrawn: 'Revised price withdrawn: the agreed price stands. The seller has been told.',
  accepted: (price: string) =>
    `Thank you: you have accepted the revised price of ${price}. It is the price we pay you.`,
  declined:
    'You have declined the revised price, so we will not buy your car. You keep it, and there is nothing to pay.',
  photosUploading: 'Wait for the photos to finish uploading.',
  photosFailed: 'Remove the photos that did not upload, or add them again.',
  photoRequired: 'Choose a photo to upload.',
  onePhoto: 'Send one photo at a time, in the field “photo”.',
  photoEmpty: 'This file is empty. Choose another photo.',
  photoTooLarge: `Each photo must be ${REVISION_PHOTO_MAX_BYTES / (1024 * 1024)} MB or smaller.`,
  photoNotFound: 'Photo not found.',
} as const;

/** What the seller reads about declining: nothing to pay, their car stays theirs. */
export const NO_COST_WORDS =
  'If you decline, we will not buy your car and the sale ends there: there is no fee, nothing to pay and no obligation. You keep your car.';

/** The deadline as the seller's page and messages state it. */
export function revisionStandsWords(deadline: string): string {
  return `This revised price stands until ${deadline} (UK time). If you do not answer by then, it lapses and the price you accepted stands, unless we decide not to buy the car.`;
}
