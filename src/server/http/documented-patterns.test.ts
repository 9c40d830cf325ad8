import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDistancePostcode } from '~/server/features/distance/distance-service';
import { registrationSchema } from '~/shared/registration-schema';
import { isValidPhone, phoneInDocument } from '~/shared/phone';
import { emailInDocument } from '~/shared/schema-kit';
import { normalisePostcode, postcodePatterns } from '~/shared/valuation-fields';
import { checkLookupRegistration, lookupRegistrationParam } from '~/shared/vehicle-lookup';
import { z } from 'zod';

/**
 * The API document states, as patterns, rules the server checks in code (issue 32): every value
 * such a pattern describes must be one the server takes, or a client generated from the document
 * (or a fuzzer) sends values we refuse. Thousands of values are drawn from each pattern.
 */

const RUNS = 3000;
const drawn = (pattern: string, fits: (value: string) => boolean = () => true) =>
  fc.sample(fc.stringMatching(new RegExp(pattern)).filter(fits), { numRuns: RUNS, seed: 32 });
const documented = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;

describe('patterns the API document states', () => {
  it('phone numbers: each is a number we can call', () => {
    expect(drawn(phoneInDocument.pattern).filter((phone) => !isValidPhone(phone))).toEqual([]);
  });

  it('postcodes: each full one is a UK postcode; each for the distance is a postcode or district', () => {
    expect(drawn(postcodePatterns.full).filter((postcode) => !normalisePostcode(postcode))).toEqual([]);
    expect(drawn(postcodePatterns.fullOrDistrict).filter((code) => checkDistancePostcode(code).problem)).toEqual([]);
  });

  it('registrations: each is one the lookups and the valuation form take', () => {
    const lookup = documented(lookupRegistrationParam) as { pattern: string; minLength: number; maxLength: number };
    const fits = (value: string) => value.length >= lookup.minLength && value.length <= lookup.maxLength;
    expect(drawn(lookup.pattern, fits).filter((reg) => checkLookupRegistration(reg).problem)).toEqual([]);
    const field = documented(registrationSchema) as { pattern: string; maxLength: number };
    const stored = drawn(field.pattern, (value) => value.length <= field.maxLength);
    expect(stored.filter((reg) => !registrationSchema.safeParse(reg).success)).toEqual([]);
  });

  it('e-mail addresses: each is one zod takes, and the document says so', () => {
    const rule = emailInDocument(254);
    expect(drawn(rule.pattern).filter((email) => !z.email().safeParse(email).success)).toEqual([]);
    expect(rule.format).toBe('email');
  });
});
