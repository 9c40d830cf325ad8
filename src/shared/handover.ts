import type { CollectionSlot } from './collections';
import { formatPounds } from './offer-basics';
import type { ValuationStage } from './valuation-lifecycle';

/**
 * Collection day's handover and payment (issue 36): what the driver records at the door (the
 * mileage read, the keys, the V5C handed over, whether the car is as declared), the Faster Payments
 * that pay for it (to the seller and, when there is finance, to the lender), and the words of both.
 * Plain data without zod: the back office's phone screen and the server read the same rules; the
 * route schemas are in ./handover-schemas.ts.
 */

export const handoverConditions = ['as_declared', 'not_as_declared'] as const;
export type HandoverCondition = (typeof handoverConditions)[number];

export const payees = ['seller', 'lender'] as const;
export type Payee = (typeof payees)[number];

/** As the wizard's mileage (SPEC section 5). */
export const HANDOVER_MILEAGE_MAX = 999_999;
export const HANDOVER_KEYS_MAX = 5;
export const HANDOVER_NOTES_MAX_LENGTH = 500;
/** A Faster Payments reference is at most 18 characters (UK Finance's standard). */
export const PAYMENT_REFERENCE_MAX_LENGTH = 18;
/** Letters, digits, spaces and the few signs banks carry in a reference. */
export const PAYMENT_REFERENCE_PATTERN = /^[A-Za-z0-9 ./&-]+$/;
/** A payment's time may be a few minutes ahead of the server's clock (a phone's clock runs fast). */
export const PAYMENT_TIME_SKEW_MINUTES = 5;
/** We pay on collection day, before the car leaves: a payment sent long before the handover is a typing slip. */
export const PAYMENT_BEFORE_HANDOVER_HOURS = 24;

export const handoverMessages = {
  conditionRequired: 'Say whether the car is as the seller declared it.',
  mileageRequired: `Enter the mileage on the dashboard, a whole number from 0 to ${HANDOVER_MILEAGE_MAX.toLocaleString('en-GB')}.`,
  keysRequired: `Enter the number of keys handed over, from 1 to ${HANDOVER_KEYS_MAX}.`,
  v5cRequired: 'Say whether the V5C logbook was handed over.',
  keeperRequired: 'Say whether the seller is the keeper named on the V5C.',
  notesTooLong: `Keep the note to ${HANDOVER_NOTES_MAX_LENGTH} characters.`,
  notAsDeclaredNeedsNotes: 'Say what is not as declared: the seller and the timeline will read it.',
  notBooked: 'Only a car with a booked collection can be handed over.',
  alreadyCollected: 'This car has already been collected.',
  paymentNeedsCollection: 'Record the handover before the payment.',
  alreadyPaid: 'This sale is already paid.',
  noPrice: 'There is no accepted offer, so there is nothing to pay.',
  financeNotConfirmed:
    'The seller declared outstanding finance: confirm the settlement from the letter before paying, so the lender is paid first.',
  paymentPartInvalid: 'Give each payment as its amount, reference and time, or null when nothing is paid to them.',
  sellerPaymentMissing: 'Enter the payment to the seller.',
  lenderPaymentMissing: 'Enter the payment to the lender: the finance must be settled.',
  lenderPaymentNotOwed: 'There is no finance to settle, so nothing is paid to a lender.',
  amountInvalid: 'Please enter a valid amount, such as 1,250.50',
  amountTooHigh: 'Payments are at most £1,000,000. Please check the amount.',
  referenceRequired: 'Enter the payment’s reference, as sent with the transfer.',
  referenceTooLong: `A Faster Payments reference is at most ${PAYMENT_REFERENCE_MAX_LENGTH} characters.`,
  referenceCharacters: 'Use letters, digits, spaces and . / & - only in the reference.',
  paidAtInvalid: 'Enter the date and time the payment was sent.',
  paidAtFuture: 'The payment’s time cannot be in the future.',
  paidAtBeforeCollection: 'The payment’s time is before the collection: check the date and time it was sent.',
  /** The back office's toasts. */
  handoverRecorded: 'Handover recorded',
  carNotTaken: 'Recorded: we are not buying this car',
  handoverFailed: 'Handover not recorded',
  paymentRecorded: 'Payment recorded: the receipt is on its way to the seller',
  paymentFailed: 'Payment not recorded',
} as const;

/** The split a payment must follow: the lender is paid the settlement (up to the price), the seller the rest. */
export type PaymentSplit = { pricePence: number; sellerPence: number; lenderPence: number };

/**
 * How the agreed price divides between the lender and the seller. With negative equity the lender
 * takes the whole price and the seller pays the lender the difference themselves.
 */
export function paymentSplit(pricePence: number, settlementPence: number | null): PaymentSplit {
  const lenderPence = Math.min(settlementPence ?? 0, pricePence);
  return { pricePence, sellerPence: pricePence - lenderPence, lenderPence };
}

/** The words for an amount that does not match the split, for the payee it is wrong for. */
export function amountMismatch(payee: Payee, expectedPence: number): string {
  return payee === 'seller'
    ? `The seller is owed ${formatPounds(expectedPence)}: the price less the finance settled. Please check the amount.`
    : `The lender is owed ${formatPounds(expectedPence)}: the settlement figure, up to the price. Please check the amount.`;
}

export type HandoverRecord = {
  condition: HandoverCondition;
  mileage: number | null;
  keys: number | null;
  v5cHandedOver: boolean | null;
  sellerIsKeeper: boolean | null;
  notes: string | null;
  recordedAt: string;
  recordedBy: string | null;
};

export type PaymentRecord = {
  payee: Payee;
  amountPence: number;
  reference: string;
  paidAt: string;
  recordedBy: string | null;
};

/** `GET /api/admin/valuations/{id}/handover`: everything the driver's phone needs at the door. */
export type HandoverView = {
  valuationId: string;
  reference: string;
  stage: ValuationStage;
  registration: string;
  vehicle: string | null;
  colour: string | null;
  declaredMileage: number;
  seller: { name: string; phone: string; email: string; postcode: string };
  booking: { date: string; slot: CollectionSlot } | null;
  documents: { complete: boolean; summary: string; keysStated: number | null };
  /** The accepted offer's amount (null: none accepted). */
  pricePence: number | null;
  finance: {
    declared: 'yes' | 'no' | null;
    lender: string | null;
    settlementPence: number | null;
    confirmed: boolean;
  };
  /** What the payment must be; null while there is no price or the finance is unconfirmed. */
  split: PaymentSplit | null;
  /** Things to check before paying: finance warnings, documents not complete, V5C not handed over. */
  warnings: string[];
  handover: HandoverRecord | null;
  payments: PaymentRecord[];
  /** Once paid: the receipt, for staff to download. */
  receiptPath: string | null;
};
