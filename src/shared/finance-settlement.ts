import type { CollectionSlot } from './collections';
import { formatPounds } from './offer-basics';

/**
 * The finance to settle on collection day (issue 36): what the seller declared, and the lender, the
 * settlement figure and the last day of the settlement letter as staff confirm them from the letter.
 * Words and pure rules without zod, so the back office reads the same equity and warnings as the
 * server sends; the route schemas are in ./finance-settlement-schemas.ts.
 */

export const FINANCE_LENDER_MAX_LENGTH = 100;
/** £1,000,000, as for offers: no car we buy carries more finance; a larger figure is a typing slip. */
export const SETTLEMENT_MAX_PENCE = 100_000_000;

export const financeMessages = {
  lenderRequired: 'Please enter the lender, as the settlement letter names it',
  lenderTooLong: `The lender’s name must be at most ${FINANCE_LENDER_MAX_LENGTH} characters`,
  /** As the offer form's words (./valuation-offer.ts). */
  settlementRequired: 'Please enter a settlement figure',
  settlementInvalid: 'Please enter a valid settlement figure',
  settlementTooHigh: 'Settlement figures are at most £1,000,000. Please check the amount.',
  validUntilInvalid: 'Please enter the date the settlement letter is valid until, such as 2026-12-01',
  noFinance: 'The seller did not declare any outstanding finance, so there is no settlement to confirm.',
  closed: 'This request is closed: its finance settlement can no longer be changed.',
  /** The back office's toasts. */
  confirmed: 'Finance settlement confirmed',
  failed: 'Finance settlement not confirmed',
} as const;

export const financeWarningKinds = ['negative_equity', 'letter_expired', 'letter_expires_before_collection'] as const;
export type FinanceWarningKind = (typeof financeWarningKinds)[number];
export type FinanceWarning = { kind: FinanceWarningKind; message: string };

/** `GET /api/admin/valuations/{id}/finance`. */
export type FinanceSettlement = {
  /** The seller's answer to "Is there outstanding finance on the car?" (null: not answered). */
  declared: 'yes' | 'no' | null;
  /** What the seller said they owe. */
  declaredAmountPence: number | null;
  /** As staff confirmed them from the settlement letter (null until then). */
  lender: string | null;
  settlementPence: number | null;
  /** The letter's last day, 'YYYY-MM-DD'. */
  validUntil: string | null;
  confirmedAt: string | null;
  confirmedBy: string | null;
  /** The accepted offer's amount, else the open offer's, else null. */
  offerPence: number | null;
  /** Offer minus settlement; null when either is missing. */
  equityPence: number | null;
  /** The booked collection, if any. */
  collection: { date: string; slot: CollectionSlot } | null;
  warnings: FinanceWarning[];
};

/** Offer minus settlement: what the seller receives once we clear the finance (negative: what they pay). */
export function equityOf(offerPence: number | null, settlementPence: number | null): number | null {
  return offerPence === null || settlementPence === null ? null : offerPence - settlementPence;
}

/** "Equity: £1,250", "Equity: −£250" (a true minus sign), or "Equity: £0". */
export function formatEquity(equityPence: number): string {
  return `Equity: ${equityPence < 0 ? '−' : ''}${formatPounds(Math.abs(equityPence))}`;
}

// Fixed names: en-GB's own short month writes September as "Sept".
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * "Tue 1 Dec 2026" for a calendar date 'YYYY-MM-DD', or "Tue 1 Dec" when it falls in the year of
 * `today` ('YYYY-MM-DD'); the text itself for one that is not a date.
 */
export function formatDay(date: string, today?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  const noon = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) return date;
  const label = `${WEEKDAYS[noon.getUTCDay()]} ${Number(day)} ${MONTHS[Number(month) - 1]}`;
  return today?.slice(0, 4) === year ? label : `${label} ${year}`;
}

let ukDayFormat: Intl.DateTimeFormat | undefined;
/** The UK calendar day of an instant, 'YYYY-MM-DD'. */
export function ukDayOf(now: Date): string {
  ukDayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
  return ukDayFormat.format(now);
}

export type FinanceFacts = Pick<FinanceSettlement, 'offerPence' | 'settlementPence' | 'validUntil' | 'collection'> & {
  /** Today in the UK, 'YYYY-MM-DD'. */
  today: string;
};

/**
 * What staff must act on before collection day: a settlement larger than the offer (the seller pays
 * the difference, and how), and a settlement letter that has run out or runs out before the booked
 * collection (its figure no longer holds on the day: the seller asks the lender for a new one).
 */
export function financeWarnings(facts: FinanceFacts): FinanceWarning[] {
  const { offerPence, settlementPence, validUntil, collection, today } = facts;
  const warnings: FinanceWarning[] = [];
  const equity = equityOf(offerPence, settlementPence);
  if (equity !== null && equity < 0) {
    warnings.push({
      kind: 'negative_equity',
      message:
        `The settlement (${formatPounds(settlementPence!)}) is more than our offer (${formatPounds(offerPence!)}): ` +
        `the seller must pay the lender the ${formatPounds(-equity)} difference before collection, or on the day ` +
        'by bank transfer, so the finance can be cleared.',
    });
  }
  if (validUntil !== null) {
    const day = (date: string) => formatDay(date, today);
    if (validUntil < today) {
      warnings.push({
        kind: 'letter_expired',
        message: `The settlement letter was valid until ${day(validUntil)} and has expired: ask the seller for an updated letter.`,
      });
    } else if (collection && validUntil < collection.date) {
      warnings.push({
        kind: 'letter_expires_before_collection',
        message:
          `The settlement letter is valid until ${day(validUntil)}, before the collection on ${day(collection.date)}: ` +
          'ask the seller for an updated letter.',
      });
    }
  }
  return warnings;
}
