import { boolean, integer, literal, object, optional, reader, string } from './json-reader';
import { storageRegistration } from './registration';
import type { VehicleLookupFailure, VehicleLookupResult } from './vehicle-lookup';

/**
 * The vehicle lookup's words, the registration check and readers of its answers, without zod:
 * the valuation page imports this and its JavaScript budget has no room for zod. The answers'
 * schemas are in ./vehicle-lookup.ts, which also exports everything here but the readers.
 */

export const vehicleLookupMessages = {
  tooShort: 'Enter at least 3 characters of the registration',
  tooLong: 'A UK registration has at most 7 letters and numbers',
  characters: 'A registration has only letters and numbers',
  lettersAndDigits: 'A UK registration has both letters and numbers',
  notConfigured: 'Vehicle lookup is not configured',
  notFound: 'We could not find a vehicle with that registration. Check it, or enter the details yourself.',
} as const;

/** Longest UK registration (GB and NI), once spaces are removed. */
export const LOOKUP_REGISTRATION_MAX_LENGTH = 7;

/**
 * Whether `typed` could be a UK registration: the storage form (upper case, no spaces) and,
 * when it cannot be one, the reason to show.
 */
export function checkLookupRegistration(typed: string): { registration: string; problem?: string } {
  const registration = storageRegistration(typed);
  const problem =
    registration.length < 3
      ? vehicleLookupMessages.tooShort
      : !/^[A-Z0-9]+$/.test(registration)
        ? vehicleLookupMessages.characters
        : registration.length > LOOKUP_REGISTRATION_MAX_LENGTH
          ? vehicleLookupMessages.tooLong
          : !/[A-Z]/.test(registration) || !/\d/.test(registration)
            ? vehicleLookupMessages.lettersAndDigits
            : undefined;
  return problem ? { registration, problem } : { registration };
}

const text = optional(string);

/** A found vehicle as vehicleLookupResultSchema outputs it, or undefined (./json-reader.ts). */
export const readVehicleLookupResult = reader(
  object<VehicleLookupResult>({
    success: literal(true),
    registration: string,
    make: text,
    model: text,
    year: optional(integer),
    fuelType: text,
    engineSize: text,
    color: text,
    transmission: text,
    motStatus: text,
    motExpiryDate: text,
    taxStatus: text,
    taxDueDate: text,
    co2Emissions: optional(integer),
    dateOfLastV5CIssued: text,
    markedForExport: optional(boolean),
  }),
);

/** A refusal as vehicleLookupFailureSchema outputs it, or undefined. */
export const readVehicleLookupFailure = reader(
  object<VehicleLookupFailure>({ success: literal(false), message: string, code: text }),
);
