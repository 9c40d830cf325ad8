import type { ValuationListItem } from '~/shared/admin-valuations';
import { valuationOptions } from '~/shared/valuation-options';

/**
 * How the lists write a valuation's answers (SPEC sections 2 and 5): the seller's stored values
 * become the labels the wizard showed them, worded for staff scanning a list.
 */

export const VEHICLE_PENDING = 'Vehicle details pending';

const titleCase = (word: string) => (word.length <= 3 ? word : word[0] + word.slice(1).toLowerCase());

/**
 * "Ford Focus", or "Vehicle details pending" when the vehicle was not identified. DVLA writes
 * makes in capitals ("FORD"); short ones ("BMW", "MG") are kept as they are.
 */
export function vehicleName(item: Pick<ValuationListItem, 'make' | 'model'>): string {
  const make = item.make ? item.make.split(/\s+/).map(titleCase).join(' ') : '';
  return [make, item.model ?? ''].filter(Boolean).join(' ') || VEHICLE_PENDING;
}

/** "45,000 miles" ("1 mile"). */
export function formatMileage(miles: number): string {
  return `${miles.toLocaleString('en-GB')} ${miles === 1 ? 'mile' : 'miles'}`;
}

/** "Great Condition"; a value the options do not know is shown as stored; none: "Not given". */
export function conditionLabel(value: string | null): string {
  if (!value) return 'Not given';
  return valuationOptions.overallCondition.find((o) => o.value === value)?.label ?? value;
}

/** 0 to 4 wheels or tyres, -1 for "Not sure" (the wizard's "Not sure / not near the car"). */
export function countLabel(value: number | null): string {
  if (value === null) return 'Not given';
  return value < 0 ? 'Not sure' : String(value);
}

/** Outstanding finance: "Yes", "No", or "Not given". */
export function financeLabel(value: string | null): string {
  if (!value) return 'Not given';
  return valuationOptions.outstandingFinance.find((o) => o.value === value)?.label ?? value;
}

export const customerName = (item: Pick<ValuationListItem, 'firstName' | 'lastName'>) =>
  `${item.firstName} ${item.lastName}`.trim();
