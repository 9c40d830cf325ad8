import { groupDigits } from './group-digits';
import { valuationOptions } from './valuation-options';

/**
 * A firm offer's words and rules without zod (issue 34; DESIGN section 9), for the back office, the
 * seller's page and the messages alike. The request schema is in ./valuation-offer.ts.
 */

/** `open` until answered, superseded by a newer one, or past its end; `revised` is for later issues. */
export const offerStatuses = ['open', 'accepted', 'declined', 'expired', 'superseded', 'revised'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

export const offerStatusLabels: Record<OfferStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  superseded: 'Replaced by a newer offer',
  revised: 'Revised',
};

/** How far the mileage at collection may be from what the seller declared, and the offer still stand. */
export const OFFER_MILEAGE_TOLERANCE = 500;

/**
 * The seller's own declarations an offer rests on, copied into the offer when it is made, so what
 * they accepted stays what they accepted whatever is edited later.
 */
export type OfferConditions = {
  mileage: number;
  overallCondition: string | null;
  scuffedWheels: number | null;
  tyresNeedReplacing: number | null;
  serviceHistory: string | null;
  mechanicalIssues: string | null;
  mechanicalDetails: string | null;
  outstandingFinance: string | null;
};

type OptionField = keyof typeof valuationOptions;
function label(field: OptionField, value: string | number | null): string {
  const found = (valuationOptions[field] as readonly { value: unknown; label: string }[]).find(
    (o) => o.value === value,
  );
  return found?.label ?? 'Not given';
}

/** The conditions as the seller reads them: one plain sentence each. */
export function conditionLines(conditions: OfferConditions): string[] {
  const lines = [
    `The mileage is within ${groupDigits(OFFER_MILEAGE_TOLERANCE)} miles of the ${groupDigits(conditions.mileage)} you told us.`,
    `Overall condition: ${label('overallCondition', conditions.overallCondition)}.`,
    `Scuffed wheels: ${label('scuffedWheels', conditions.scuffedWheels)}. Tyres needing replacing: ${label('tyresNeedReplacing', conditions.tyresNeedReplacing)}.`,
    `Service history: ${label('serviceHistory', conditions.serviceHistory)}.`,
    conditions.mechanicalIssues === 'yes'
      ? `Mechanical issues: as you described them${conditions.mechanicalDetails ? ` (“${conditions.mechanicalDetails}”)` : ''}.`
      : 'Mechanical issues: none.',
    conditions.outstandingFinance === 'yes'
      ? 'Outstanding finance: yes, settled by us from the price.'
      : 'Outstanding finance: none.',
  ];
  return lines;
}

/** "£1,250" / "£1,250.50": how the seller and staff read an amount. */
export function formatPounds(pence: number): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: pence % 100 === 0 ? 0 : 2,
  }).format(pence / 100);
}
