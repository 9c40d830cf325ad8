import { z } from 'zod';
import { storageRegistration } from './registration';

/**
 * `GET /api/vehicle/{registration}` (SPEC "Vehicle lookup result"): what DVLA's Vehicle Enquiry
 * Service knows about a registration, with the model from DVSA's MOT History when it is
 * configured. A field the providers do not give is left out (an electric car has no engine
 * size, a SORN car no tax due date; transmission is never known from these two).
 */
export const vehicleLookupResultSchema = z.object({
  success: z.literal(true),
  /** The registration looked up, upper case without spaces. */
  registration: z.string(),
  make: z.string().optional(),
  model: z.string().optional(),
  year: z.number().int().optional(),
  fuelType: z.string().optional(),
  /** Engine capacity in cc, as digits ("1998"). */
  engineSize: z.string().optional(),
  color: z.string().optional(),
  transmission: z.string().optional(),
  motStatus: z.string().optional(),
  /** Dates are `YYYY-MM-DD`. */
  motExpiryDate: z.string().optional(),
  taxStatus: z.string().optional(),
  taxDueDate: z.string().optional(),
  /** Grams per kilometre. */
  co2Emissions: z.number().int().optional(),
  dateOfLastV5CIssued: z.string().optional(),
  markedForExport: z.boolean().optional(),
});

export type VehicleLookupResult = z.infer<typeof vehicleLookupResultSchema>;

/** Every refusal: 400 bad registration, 404 not found, 429, 502/503 provider trouble or not configured. */
export const vehicleLookupFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional(),
});

export type VehicleLookupFailure = z.infer<typeof vehicleLookupFailureSchema>;

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
