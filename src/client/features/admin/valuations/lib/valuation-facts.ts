import type { ValuationListItem } from '~/shared/admin-valuations';
import { valuationOptions } from '~/shared/valuation-options';
import { makeAndModel } from '~/shared/vehicle-names';

/**
 * How the lists write a valuation's answers (SPEC sections 2 and 5): the seller's stored values
 * become the labels the wizard showed them, worded for staff scanning a list.
 */

export const VEHICLE_PENDING = 'Vehicle details pending';
export const NOT_GIVEN = 'Not given';

/** "PETROL" → "Petrol", "DARK BLUE" → "Dark Blue": DVLA writes in capitals; staff read words (makes and models: vehicle-names.ts). */
export function titleCase(value: string): string {
  return value
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** "Ford Focus" ("BMW 320d"), or "Vehicle details pending" when the vehicle was not identified (SPEC 2). */
export function vehicleName(item: Pick<ValuationListItem, 'make' | 'model'>): string {
  return makeAndModel(item) || VEHICLE_PENDING;
}

/** "45,000 miles" ("1 mile"). */
export function formatMileage(miles: number): string {
  return `${miles.toLocaleString('en-GB')} ${miles === 1 ? 'mile' : 'miles'}`;
}

type ChoiceField = Exclude<keyof typeof valuationOptions, 'scuffedWheels' | 'tyresNeedReplacing'>;

/**
 * The seller's answers in words (SPEC section 5's option table): values are stored short ("great",
 * "not_sure"); staff read the labels the seller chose from. A value the options do not know (an
 * older spelling) is shown as written, tidied; none is "Not given".
 */
export function choiceLabel(field: ChoiceField, value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return NOT_GIVEN;
  const options: readonly { value: string; label: string }[] = valuationOptions[field];
  const found = options.find((option) => option.value === value.trim().toLowerCase());
  if (found) return found.label;
  const text = value.trim().replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Great Condition". */
export const conditionLabel = (value: string | null) => choiceLabel('overallCondition', value);

/** Outstanding finance: "Yes", "No", or "Not given". */
export const financeLabel = (value: string | null) => choiceLabel('outstandingFinance', value);

/**
 * Scuffed wheels and tyres needing replacement: 0 to 4, -1 for "Not sure" (the wizard's "Not sure /
 * not near the car"). With a noun, in words ("1 wheel", "No tyres"); without, the bare count for a
 * list's labelled cell.
 */
export function countLabel(value: number | null | undefined, noun?: 'wheel' | 'tyre'): string {
  if (value === null || value === undefined) return NOT_GIVEN;
  if (value < 0) return 'Not sure';
  if (!noun) return String(value);
  if (value === 0) return `No ${noun}s`;
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

/** ["call", "text"] → "Call, Text"; none → "None chosen". */
export function contactPreferencesLabel(values: readonly string[]): string {
  if (values.length === 0) return 'None chosen';
  return values.map((value) => choiceLabel('contactPreference', value)).join(', ');
}

export const customerName = (item: Pick<ValuationListItem, 'firstName' | 'lastName'>) =>
  `${item.firstName} ${item.lastName}`.trim();
