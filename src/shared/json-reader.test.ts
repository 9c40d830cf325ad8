import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiErrorSchema } from './api-error';
import { readApiErrorBody } from './api-error-reader';
import { vehicleLookupFailureSchema, vehicleLookupResultSchema } from './vehicle-lookup';
import { readVehicleLookupFailure, readVehicleLookupResult } from './vehicle-lookup-basics';

/** The reader gives what the schema outputs for every value, and undefined where it refuses. */
function expectAgreement(schema: z.ZodType, read: (value: unknown) => unknown, good: unknown[], bad: unknown[]) {
  for (const value of good) expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
  for (const value of bad) expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(false);
  for (const value of [...good, ...bad]) {
    const parsed = schema.safeParse(value);
    expect(read(value), JSON.stringify(value)).toEqual(parsed.success ? parsed.data : undefined);
  }
}

const notObjects = [null, undefined, 'message', 42, true, [], [{ message: 'm' }]];

describe('zod-free readers agree with their schemas', () => {
  it('readApiErrorBody ~ apiErrorSchema', () => {
    expectAgreement(
      apiErrorSchema,
      readApiErrorBody,
      [
        { message: 'Bad request' },
        {
          message: 'Check the form',
          code: 'VALIDATION',
          issues: [{ path: 'postcode', message: 'Enter a full UK postcode' }],
          requestId: 'req-1',
        },
        { message: 'm', issues: [] },
        // Unknown keys are dropped, in the issues too.
        { message: 'm', extra: 1, issues: [{ path: 'a', message: 'b', code: 'too_small' }] },
      ],
      [
        ...notObjects,
        {},
        { message: 1 },
        { message: null },
        { message: 'm', code: null },
        { message: 'm', code: 5 },
        { message: 'm', issues: {} },
        { message: 'm', issues: [{ path: 'a' }] },
        { message: 'm', issues: [{ path: ['a'], message: 'b' }] },
        { message: 'm', issues: [null] },
        { message: 'm', requestId: 7 },
      ],
    );
  });

  it('readVehicleLookupResult ~ vehicleLookupResultSchema', () => {
    const full = {
      success: true,
      registration: 'AA19AAA',
      make: 'FORD',
      model: 'FOCUS',
      year: 2019,
      fuelType: 'PETROL',
      engineSize: '1598',
      color: 'BLUE',
      transmission: 'MANUAL',
      motStatus: 'Valid',
      motExpiryDate: '2026-03-01',
      taxStatus: 'Taxed',
      taxDueDate: '2026-01-01',
      co2Emissions: 120,
      dateOfLastV5CIssued: '2019-05-01',
      markedForExport: false,
    };
    expectAgreement(
      vehicleLookupResultSchema,
      readVehicleLookupResult,
      [full, { success: true, registration: 'L2WPS' }, { ...full, wheels: 4, markedForExport: true }],
      [
        ...notObjects,
        { registration: 'AA19AAA' },
        { ...full, success: false },
        { ...full, success: 'true' },
        { ...full, registration: undefined },
        { ...full, make: null },
        { ...full, year: 2019.5 },
        { ...full, year: '2019' },
        { ...full, year: 2 ** 53 },
        { ...full, engineSize: 1598 },
        { ...full, co2Emissions: '120' },
        { ...full, markedForExport: 'no' },
        { ...full, motExpiryDate: 20260301 },
      ],
    );
  });

  it('readVehicleLookupFailure ~ vehicleLookupFailureSchema', () => {
    expectAgreement(
      vehicleLookupFailureSchema,
      readVehicleLookupFailure,
      [
        { success: false, message: 'Not found' },
        { success: false, message: 'Busy', code: 'RATE_LIMITED', retryAfter: 30 },
      ],
      [
        ...notObjects,
        { message: 'Not found' },
        { success: true, message: 'Not found' },
        { success: false },
        { success: false, message: 'Busy', code: 429 },
      ],
    );
  });
});
