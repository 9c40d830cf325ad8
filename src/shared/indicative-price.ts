import { groupDigits } from './group-digits';
import { formatPounds } from './offer-basics';

/**
 * The indicative price (issue 34), without zod: the range of the prices we ourselves offered for
 * similar cars, shown on the success screen, in the receipt, on the seller's page and to staff,
 * with the same words everywhere. Never market data: only offers we made (features/comparables).
 *
 * "Similar" is the same make and model (compared without case or surrounding spaces), a year
 * within INDICATIVE_YEAR_SPAN, a mileage within INDICATIVE_MILEAGE_SPAN and the same answer to
 * "overall condition"; "recent" is an offer made in the last INDICATIVE_MONTHS months. One car is
 * one figure: a request that had several offers counts with its newest. With fewer than
 * INDICATIVE_MIN_OFFERS such cars there is no figure at all.
 */

export const INDICATIVE_MIN_OFFERS = 5;
export const INDICATIVE_MONTHS = 12;
export const INDICATIVE_YEAR_SPAN = 2;
export const INDICATIVE_MILEAGE_SPAN = 20_000;
/** The range's ends are rounded to the nearest £50. */
export const INDICATIVE_ROUNDING_PENCE = 5_000;
/** The range: from the 25th to the 75th percentile of those offers. */
export const INDICATIVE_PERCENTILES = [0.25, 0.75] as const;

/** What is stored with the request at submit and shown wherever it is. */
export type IndicativePrice = { lowPence: number; highPence: number; count: number };

/** A percentile in pence, rounded to the nearest £50 (halves up). */
export function roundIndicativePence(pence: number): number {
  return Math.round(pence / INDICATIVE_ROUNDING_PENCE) * INDICATIVE_ROUNDING_PENCE;
}

/** "£6,250 to £7,100", or one amount when both ends round to the same. */
export function indicativeRange(price: Pick<IndicativePrice, 'lowPence' | 'highPence'>): string {
  return price.lowPence === price.highPence
    ? formatPounds(price.lowPence)
    : `${formatPounds(price.lowPence)} to ${formatPounds(price.highPence)}`;
}

/** The words that go with the range, everywhere it is shown (`/how-we-value` quotes them with "N"). */
export function indicativeLabel(count: number | 'N'): string {
  return `Indicative, based on ${typeof count === 'number' ? groupDigits(count) : count} offers we made for similar cars in the last ${INDICATIVE_MONTHS} months. We confirm your price within 24 hours.`;
}

/** A stored figure as the three nullable columns hold it, or null when any is missing. */
export function indicativePriceOf(columns: {
  indicativeLowPence: number | null;
  indicativeHighPence: number | null;
  indicativeOfferCount: number | null;
}): IndicativePrice | null {
  const { indicativeLowPence: lowPence, indicativeHighPence: highPence, indicativeOfferCount: count } = columns;
  return lowPence === null || highPence === null || count === null ? null : { lowPence, highPence, count };
}
