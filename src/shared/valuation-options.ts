import { registrationMessages } from './registration';
import { groupDigits } from './group-digits';

/**
 * The valuation request's words, options and limits (SPEC sections 3 to 5), without zod: the
 * wizard renders with these, and the valuation page's JavaScript budget has no room for zod. The
 * fields' rules are in ./valuation-fields.ts (steps 1 to 3) and ./valuation.ts (step 4 and the
 * whole request), which also export everything here.
 *
 * Choice fields take short stable values; `valuationOptions` gives the wizard each one's label.
 */

export const MILEAGE_MAX = 999_999;
export const VALUATION_NAME_MAX_LENGTH = 100;
export const VALUATION_EMAIL_MAX_LENGTH = 255;
export const VALUATION_DETAILS_MAX_LENGTH = 2000;
export const CAMBELT_DATE_MAX_LENGTH = 100;

export const valuationMessages = {
  /** SPEC section 5. */
  registrationRequired: registrationMessages.required,
  mileageRequired: 'Mileage is required',
  mileageNotNumber: 'Enter the mileage in numbers, such as 45000',
  mileageNotWhole: 'Enter the mileage in whole miles, such as 45000',
  mileageTooLow: 'Mileage must be 1 or more',
  mileageTooHigh: `Mileage must be at most ${groupDigits(MILEAGE_MAX)}`,
  conditionRequired: 'Please select a condition',
  scuffedWheelsRequired: 'Please select how many wheels are scuffed',
  tyresRequired: 'Please select how many tyres need replacing',
  cambeltRequired: 'Please specify if the cambelt has been changed',
  cambeltDateTooLong: `Cambelt date must be at most ${CAMBELT_DATE_MAX_LENGTH} characters`,
  serviceHistoryRequired: 'Please select service history',
  mechanicalIssuesRequired: 'Please select mechanical issues',
  mechanicalDetailsRequired: 'Please describe the mechanical issues',
  mechanicalDetailsTooLong: `Mechanical details must be at most ${VALUATION_DETAILS_MAX_LENGTH} characters`,
  financeRequired: 'Please specify if your car has outstanding finance',
  firstNameRequired: 'First name is required',
  firstNameTooLong: `First name must be at most ${VALUATION_NAME_MAX_LENGTH} characters`,
  lastNameRequired: 'Last name is required',
  lastNameTooLong: `Last name must be at most ${VALUATION_NAME_MAX_LENGTH} characters`,
  postcodeRequired: 'Postcode is required',
  postcodeInvalid: 'Enter a full UK postcode, such as LN11 0LQ',
  emailRequired: 'Email address is required',
  emailInvalid: 'Invalid email address',
  contactPreferenceRequired: 'Please select at least one contact preference',
  /** SPEC's "You must agree to the terms and conditions" spoke of a box the form does not have. */
  consentRequired: 'Tick the box to agree to be contacted about your car valuation',
  marketingConsentInvalid: 'Marketing consent must be ticked or left unticked',
  vehicleText: (label: string, max: number) => `${label} must be at most ${max} characters`,
  vehicleYear: 'Year must be a whole number from 1900 to 2100',
  vehicleDate: 'Dates must be written as YYYY-MM-DD',
  co2: 'CO2 emissions must be a whole number from 0 to 10000',
  markedForExport: 'Marked for export must be true or false',
} as const;

/** SPEC section 5: the consent label, exactly. */
export const CONSENT_LABEL = 'I agree to be contacted by the company regarding my car valuation';

/**
 * The separate marketing box (PECR reg 22, DESIGN 7): optional, unticked unless the seller ticks
 * it, and never implied by the box above, which is only about this valuation.
 */
export const MARKETING_CONSENT_LABEL = 'Yes, send me news and offers by email and text message';
export const MARKETING_CONSENT_HINT =
  'Optional. Leave this unticked and we will contact you only about this valuation. You can change your mind at any time, free of charge.';

/** SPEC section 4: shown when outstandingFinance is "yes". */
export const FINANCE_NOTE =
  'No problem: we can settle outstanding finance for you. The amount is taken off the price we pay.';

export type Option<V> = { value: V; label: string };
const option = <const V>(value: V, label: string): Option<V> => ({ value, label });

/** "Not sure" is -1; the rest are counts of wheels or tyres. */
const countOptions = [
  option(-1, 'Not sure / not near the car'),
  ...[0, 1, 2, 3, 4].map((n) => option(n, String(n))),
] as const;

/** SPEC section 5's option table: values stored, labels shown. */
export const valuationOptions = {
  overallCondition: [
    option('great', 'Great Condition'),
    option('fair', 'Fair Condition'),
    option('poor', 'Poor Condition'),
  ],
  scuffedWheels: countOptions,
  tyresNeedReplacing: countOptions,
  cambeltChanged: [option('yes', 'Yes'), option('no', 'No'), option('not_sure', 'Not sure / does not have cambelt')],
  serviceHistory: [option('full', 'Full'), option('partial', 'Partial'), option('none', 'No Service records')],
  mechanicalIssues: [option('no', 'No'), option('yes', 'Yes')],
  outstandingFinance: [option('yes', 'Yes'), option('no', 'No')],
  contactPreference: [option('call', 'Call'), option('text', 'Text'), option('whatsapp', 'WhatsApp')],
} as const;

export type ContactPreferenceValue = (typeof valuationOptions.contactPreference)[number]['value'];
