/**
 * Vehicle registrations in one place. Two forms:
 *
 * - the display form, for a box as the seller types: upper case (SPEC section 5), no leading
 *   spaces and single spaces between groups, so spaces never use up the characters
 *   ("  ab12 cde" -> "AB12 CDE");
 * - the storage form, for lookups and the database: upper case with no spaces at all (DESIGN 6;
 *   the car_valuations table checks it), "ab12 cde" -> "AB12CDE".
 *
 * No zod here: the home page imports this and its JavaScript budget has no room for zod. The
 * schema is in ./registration-schema.ts.
 */

/** SPEC section 9: the home page's registration inputs take at most 8 characters. */
export const REGISTRATION_INPUT_MAX_LENGTH = 8;

/** SPEC section 5 (the valuation form) and the car_valuations.registration column: 10. */
export const REGISTRATION_MAX_LENGTH = 10;

export const registrationMessages = {
  /** SPEC section 5. */
  required: 'Registration is required',
  tooLong: `Registration must be at most ${REGISTRATION_MAX_LENGTH} characters`,
  characters: 'Registration can only use letters and numbers',
} as const;

/** What the box shows as the seller types, cut to `maxLength` characters. */
export function displayRegistration(value: string, maxLength = REGISTRATION_INPUT_MAX_LENGTH): string {
  return value.toUpperCase().replace(/^\s+/, '').replace(/\s+/g, ' ').slice(0, maxLength);
}

/** The form that is looked up and stored: upper case, no white space anywhere. */
export function storageRegistration(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Letters and digits only, once in storage form. */
export const REGISTRATION_PATTERN = /^[A-Z0-9]+$/;

/**
 * A whole registration of the three dated formats, in storage form: current ("AB12CDE"), prefix
 * ("A123BCD") and suffix ("ABC123D"). Staff who type one mean that car, so the back office's search
 * looks it up exactly rather than as part of a word (issue 37). Dateless and Northern Irish marks are
 * left out: short, they can also be part of a name or an address.
 */
const DATED_REGISTRATION = /^(?:[A-Z]{2}\d{2}[A-Z]{3}|[A-Z]\d{1,3}[A-Z]{3}|[A-Z]{3}\d{1,3}[A-Z])$/;

/** The storage form of `typed` when it is a whole dated registration ("ab12 cde"), else undefined. */
export function wholeRegistration(typed: string): string | undefined {
  const registration = storageRegistration(typed);
  return DATED_REGISTRATION.test(registration) ? registration : undefined;
}
