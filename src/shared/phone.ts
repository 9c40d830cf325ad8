import { parsePhoneNumberFromString, type PhoneNumber as ParsedPhoneNumber } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { z } from 'zod';
import { storableCharacters } from './schema-kit';

/**
 * Phone numbers (DESIGN 6: kept as entered, and normalised to E.164 for sending), with
 * libphonenumber-js and its "min" metadata. UK is the default country, so "01507 123456",
 * "+44 (0)1507 123456" and "0044 1507 123456" are all +441507123456; numbers of other countries
 * are accepted when written with their + code.
 *
 * Bundle: about 29 KB gzipped with every country's metadata, so no public page loads it up front.
 * Only the server, the back office (its messages page) and the public forms import it, the forms
 * on demand (through ./valuation.ts and ./complaints.ts, at their first use). The public pages'
 * build carries +44's metadata alone, about 11 KB in all (scripts/lib/uk-phone-metadata-plugin.ts):
 * there a number written with another country's code is not judged, and the server judges it
 * when the form is sent. Site details reach the browser already formatted
 * (src/server/features/site/site-config.ts).
 */

/** False in the public pages' build, whose metadata knows +44 alone (see above). */
const knowsEveryCountry = Object.keys(metadata.country_calling_codes).length > 1;

/** "+33 6…" or "0033 6…": written with a country's code other than the UK's +44. */
function hasOtherCountryCode(raw: string): boolean {
  const digits = /^\s*(?:\+|00)\s*(\d)\s*(\d)?/.exec(raw);
  return digits !== null && `${digits[1]}${digits[2] ?? ''}` !== '44';
}

/** The phone column holds the number as typed (varchar 30). */
export const PHONE_MAX_LENGTH = 30;

export const phoneMessages = {
  /** SPEC section 5. */
  required: 'Phone number is required',
  invalid: 'Enter a phone number we can call, such as 07911 123456 or 01507 123456.',
  tooLong: `Phone numbers must be at most ${PHONE_MAX_LENGTH} characters`,
} as const;

export type UkPhone = {
  /** "+441507123456": for tel: links, wa.me links and SMS. */
  e164: string;
  /** "01507 123456" for UK numbers; the international form for others. */
  display: string;
  /** True when the number exists in the numbering plan; false when it has only a plausible length. */
  valid: boolean;
};

function parse(raw: string): ParsedPhoneNumber | undefined {
  if (raw.length > 50) return undefined; // nobody types a longer number; keeps parsing cheap
  return parsePhoneNumberFromString(raw, 'GB', metadata);
}

/** Parses a number as a person writes it, or undefined when it cannot be a phone number. */
export function parsePhone(raw: string): UkPhone | undefined {
  const parsed = parse(raw.trim());
  if (!parsed || !parsed.isPossible()) return undefined;
  return {
    e164: parsed.number,
    display:
      parsed.country === 'GB' || parsed.countryCallingCode === '44'
        ? parsed.formatNational()
        : parsed.formatInternational(),
    valid: parsed.isValid(),
  };
}

/** "+44 (0)1507 123456" -> "+441507123456"; undefined when it cannot be a phone number. */
export function toE164(raw: string): string | undefined {
  return parsePhone(raw)?.e164;
}

/** "+441507123456" -> "01507 123456"; other countries' numbers in international form. */
export function formatPhone(raw: string): string | undefined {
  return parsePhone(raw)?.display;
}

/**
 * True for a number that exists in its country's numbering plan. In the public pages' build, also
 * for any number written with another country's code, which the server then judges.
 */
export function isValidPhone(raw: string): boolean {
  const parsed = parsePhone(raw);
  if (parsed) return parsed.valid;
  return !knowsEveryCountry && hasOtherCountryCode(raw);
}

/**
 * What the API document says of a phone number field (issue 32). Whether a number exists in the
 * numbering plan cannot be written as a pattern, so the pattern is the common UK shapes that do
 * (mobiles, London, the big cities' 01x1 numbers; src/shared/documented-patterns.test.ts checks
 * each pattern it can make is a number we take), and the description says what else is taken.
 */
export const phoneInDocument = {
  pattern:
    '^(?:0|\\+44 ?)(?:7(?:[45][0-9]|[78][1-9])[0-9] ?[0-9]{3} ?[0-9]{3}|20 ?[378][0-9]{3} ?[0-9]{4}|1[2-69]1 ?[2-5][0-9]{2} ?[0-9]{4})$',
  maxLength: PHONE_MAX_LENGTH,
  description:
    'A UK phone number that exists, such as 07911 123456 or 01507 123456 (any spacing, brackets or +44); ' +
    "another country's number with its + code. The pattern shows the common UK forms.",
} as const;

/**
 * A phone number field: trimmed, required with SPEC's message, a real number (not only the right
 * length). The output is the number as typed; derive E.164 with `toE164` when storing it.
 */
export const phoneSchema = storableCharacters(z.string({ message: phoneMessages.required }).trim())
  .min(1, phoneMessages.required)
  .max(PHONE_MAX_LENGTH, phoneMessages.tooLong)
  .refine(isValidPhone, phoneMessages.invalid)
  .meta(phoneInDocument);
