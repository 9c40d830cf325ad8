import type { DeductionItem } from '~/shared/deductions';
import { poundsToPence } from '~/shared/pounds-field';
import {
  REVISION_NOTE_MAX_LENGTH,
  REVISION_PHOTOS_PER_ITEM_MAX,
  REVISION_QUANTITY_MAX,
  revisionMessages as m,
  withinRange,
  type ProposeRevisionBody,
} from '~/shared/price-revision-schemas';

/**
 * The "Revise the price" form's state and checks (issue 37), apart from the screen so they can be
 * tested alone. Each difference is a draft: the deductions table's item, how many, the amount each
 * (as typed, in pounds), the note and its photos, each uploaded as soon as it is chosen. The server
 * checks all of it again.
 */

export type PhotoDraft = {
  key: string;
  name: string;
  /** A local preview while it uploads (an object URL), then the stored thumbnail. */
  previewUrl: string;
  status: 'uploading' | 'done' | 'failed';
  progress: number;
  id?: string;
  error?: string;
};

export type ItemDraft = {
  key: string;
  deductionId: string;
  quantity: string;
  amount: string;
  note: string;
  photos: PhotoDraft[];
};

export type ItemField = 'deductionId' | 'quantity' | 'amount' | 'note' | 'photos';
export type ItemErrors = Partial<Record<ItemField, string>>;

let counter = 0;
export const draftKey = () => `draft-${++counter}`;

export const emptyItem = (): ItemDraft => ({
  key: draftKey(),
  deductionId: '',
  quantity: '1',
  amount: '',
  note: '',
  photos: [],
});

/** 8000 → "80", 4550 → "45.50": an amount as the field holds it. */
export const poundsText = (pence: number) => (pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2));

/** The quantity typed, when it is a whole number in range. */
function quantityOf(text: string): number | undefined {
  if (!/^\d{1,3}$/.test(text.trim())) return undefined;
  const quantity = Number(text.trim());
  return quantity >= 1 && quantity <= REVISION_QUANTITY_MAX ? quantity : undefined;
}

/** What the items typed so far come to, and the price they leave (unfinished items count as £0). */
export function runningPrice(agreedPence: number, items: readonly ItemDraft[]) {
  const deductedPence = items.reduce((sum, item) => {
    const unit = poundsToPence(item.amount);
    const quantity = quantityOf(item.quantity);
    return unit === undefined || quantity === undefined ? sum : sum + unit * quantity;
  }, 0);
  return { deductedPence, revisedPence: agreedPence - deductedPence };
}

/** A chosen item changes: a fixed amount fills itself in; a range keeps what was typed. */
export function withDeduction(item: ItemDraft, deduction: DeductionItem | undefined): ItemDraft {
  if (!deduction) return { ...item, deductionId: '' };
  const fixed = deduction.minPence === deduction.maxPence;
  return { ...item, deductionId: deduction.id, amount: fixed ? poundsText(deduction.minPence) : item.amount };
}

/**
 * The request to send, or each item's messages (in the server's words). Photos still uploading, or
 * failed, stop it with a message on the item.
 */
export function readRevision(
  items: readonly ItemDraft[],
  deductions: readonly DeductionItem[],
  agreedPence: number,
): { body: ProposeRevisionBody } | { errors: Record<string, ItemErrors>; whole?: string } {
  const errors: Record<string, ItemErrors> = {};
  const body: ProposeRevisionBody = { items: [] };
  for (const item of items) {
    const problems: ItemErrors = {};
    const deduction = deductions.find((d) => d.id === item.deductionId);
    if (!deduction) problems.deductionId = m.deductionRequired;
    const quantity = quantityOf(item.quantity);
    if (quantity === undefined) problems.quantity = m.quantityInvalid;
    const unit = poundsToPence(item.amount);
    if (item.amount.trim() === '') problems.amount = m.amountRequired;
    else if (unit === undefined || unit <= 0) problems.amount = m.amountInvalid;
    else if (deduction && !withinRange(deduction, unit)) problems.amount = m.amountOutside(deduction.name, deduction);
    const note = item.note.trim();
    if (!note) problems.note = m.noteRequired;
    else if (note.length > REVISION_NOTE_MAX_LENGTH) problems.note = m.noteTooLong;
    const done = item.photos.filter((photo) => photo.status === 'done' && photo.id);
    if (item.photos.some((photo) => photo.status === 'uploading')) problems.photos = m.photosUploading;
    else if (item.photos.some((photo) => photo.status === 'failed')) problems.photos = m.photosFailed;
    else if (done.length === 0) problems.photos = m.photosRequired;
    else if (done.length > REVISION_PHOTOS_PER_ITEM_MAX) problems.photos = m.tooManyPhotos;
    if (Object.keys(problems).length > 0) {
      errors[item.key] = problems;
      continue;
    }
    body.items.push({
      deductionId: deduction!.id,
      quantity: quantity!,
      amount: item.amount.trim(),
      note,
      photoIds: done.map((photo) => photo.id!),
    });
  }
  if (Object.keys(errors).length > 0) return { errors };
  const { revisedPence, deductedPence } = runningPrice(agreedPence, items);
  if (revisedPence <= 0) return { errors: {}, whole: m.notBelowZero(deductedPence, agreedPence) };
  return { body };
}

/** The server's `items.N.field` issues, on the drafts' keys. */
export function serverItemErrors(
  issues: readonly { path: string; message: string }[],
  items: readonly ItemDraft[],
): { errors: Record<string, ItemErrors>; whole: string | undefined } {
  const errors: Record<string, ItemErrors> = {};
  let whole: string | undefined;
  for (const issue of issues) {
    const match = /^items\.(\d+)\.(\w+)/.exec(issue.path);
    const item = match ? items[Number(match[1])] : undefined;
    const field = match?.[2] === 'photoIds' ? 'photos' : (match?.[2] as ItemField | undefined);
    if (item && field && ['deductionId', 'quantity', 'amount', 'note', 'photos'].includes(field)) {
      errors[item.key] = { ...errors[item.key], [field]: issue.message };
    } else {
      whole ??= issue.message;
    }
  }
  return { errors, whole };
}
