import { valuationOptions } from '~/shared/valuation-options';

/**
 * The seller's answers in words (SPEC section 5's option table). Values are stored short
 * ("great", "not_sure", -1); staff read the labels the seller chose from. Older rows that hold
 * a label or another spelling ("great condition") are shown as they are, tidied.
 */

type ChoiceField = Exclude<keyof typeof valuationOptions, 'scuffedWheels' | 'tyresNeedReplacing'>;

/** "great" → "Great Condition"; null → "Not answered"; an unknown value as written, first letter up. */
export function choiceLabel(field: ChoiceField, value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return NOT_ANSWERED;
  const options: readonly { value: string; label: string }[] = valuationOptions[field];
  const found = options.find((option) => option.value === value.trim().toLowerCase());
  if (found) return found.label;
  const text = value.trim().replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const NOT_ANSWERED = 'Not answered';

/** Scuffed wheels and tyres needing replacement: 0 to 4, or -1 for "Not sure". */
export function countLabel(value: number | null | undefined, noun: 'wheel' | 'tyre'): string {
  if (value === null || value === undefined) return NOT_ANSWERED;
  if (value < 0) return 'Not sure';
  if (value === 0) return `No ${noun}s`;
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

/** ["call", "text"] → "Call, Text"; none → "None chosen". */
export function contactPreferencesLabel(values: readonly string[]): string {
  if (values.length === 0) return 'None chosen';
  return values.map((value) => choiceLabel('contactPreference', value)).join(', ');
}

/** "45,000 miles". */
export function formatMiles(miles: number): string {
  return `${miles.toLocaleString('en-GB')} ${miles === 1 ? 'mile' : 'miles'}`;
}

/** "FORD" → "Ford", "MODEL 3" → "Model 3": DVLA writes makes in capitals; staff read names. */
export function titleCase(value: string): string {
  return value
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** "Ford Focus", or "Vehicle details pending" when the vehicle was not identified (SPEC section 2). */
export function vehicleName(valuation: { make: string | null; model: string | null }): string {
  const name = [valuation.make, valuation.model]
    .filter(Boolean)
    .map((part) => titleCase(part!))
    .join(' ');
  return name || 'Vehicle details pending';
}
