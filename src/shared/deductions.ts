import { formatPounds } from './offer-basics';

/**
 * The deductions table (issue 37): what staff may take off an agreed price at inspection, each
 * item with a fixed amount or a range and the evidence it needs. Staff keep it at /admin/deductions;
 * `/how-we-value` publishes the same rows, so a seller can check any revised price against it.
 * Words, limits and types without zod, for the public page as much as the back office; the request
 * schemas are in ./deduction-schemas.ts.
 */

export const DEDUCTION_NAME_MAX_LENGTH = 100;
export const DEDUCTION_EVIDENCE_MAX_LENGTH = 300;
/** £5,000 for one unit (a panel, a wheel, 1,000 miles): more is a typing slip, or a reason not to buy. */
export const DEDUCTION_MAX_PENCE = 500_000;
/** Items in use at once: a table a seller can read in one go. */
export const DEDUCTIONS_IN_USE_MAX = 60;

/** One row of the table, as staff see it. `minPence === maxPence` is a fixed amount. */
export type DeductionItem = {
  id: string;
  name: string;
  minPence: number;
  maxPence: number;
  evidence: string;
  /** Null while in use; retired items stay for the revisions that used them, hidden from new ones. */
  retiredAt: string | null;
  updatedAt: string;
};

/** The table as staff see it: the items in use, in their published order, and the retired ones. */
export type DeductionTable = { items: DeductionItem[]; retired: DeductionItem[] };

/** One row as `/how-we-value` publishes it. */
export type PublicDeduction = Pick<DeductionItem, 'name' | 'minPence' | 'maxPence' | 'evidence'>;

/** `/how-we-value`'s server data: the deductions table as published. */
export type HowWeValuePageData = { deductions: PublicDeduction[] };

export const isFixedAmount = (item: Pick<DeductionItem, 'minPence' | 'maxPence'>) => item.minPence === item.maxPence;

/** "£150" for a fixed amount, "£30 to £80" for a range. */
export function formatDeductionAmount(item: Pick<DeductionItem, 'minPence' | 'maxPence'>): string {
  return isFixedAmount(item)
    ? formatPounds(item.minPence)
    : `${formatPounds(item.minPence)} to ${formatPounds(item.maxPence)}`;
}

export const deductionMessages = {
  nameRequired: 'Enter what the item is, such as “Dent, per panel”.',
  nameTooLong: `The item must be at most ${DEDUCTION_NAME_MAX_LENGTH} characters.`,
  nameTaken: 'An item with this name is already in the table. Change that one, or choose another name.',
  evidenceRequired: 'Say what evidence staff must record, such as “A photo of each panel”.',
  evidenceTooLong: `The evidence must be at most ${DEDUCTION_EVIDENCE_MAX_LENGTH} characters.`,
  amountRequired: 'Enter the amount, in pounds.',
  amountInvalid: 'Enter an amount in pounds, such as 45 or 45.50.',
  amountTooHigh: `An item is at most ${formatPounds(DEDUCTION_MAX_PENCE)}. Please check the amount.`,
  rangeBackwards: 'The highest amount must be at least the lowest.',
  directionInvalid: 'Choose up or down.',
  notFound: 'This item is not in the deductions table.',
  alreadyRetired: 'This item is already retired.',
  notRetired: 'This item is in use already.',
  retiredCannotMove: 'A retired item has no place in the table: bring it back first.',
  tooMany: `The table holds at most ${DEDUCTIONS_IN_USE_MAX} items in use. Retire one first.`,
  added: 'Item added to the deductions table. It shows on How we value at once.',
  saved: 'Item saved. How we value shows the change at once.',
  retired: 'Item retired: it is no longer offered for new revisions, and How we value no longer lists it.',
  restored: 'Item back in use, at the end of the table.',
  movedUp: 'Moved up the table.',
  movedDown: 'Moved down the table.',
} as const;
