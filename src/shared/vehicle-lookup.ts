import { z } from 'zod';
import { LOOKUP_REGISTRATION_MAX_LENGTH } from './vehicle-lookup-basics';

// The words and the registration check live without zod (for the valuation page, beside zod-free
// readers of the answers below) in ./vehicle-lookup-basics.ts; exported here too for the server.
export {
  checkLookupRegistration,
  LOOKUP_REGISTRATION_MAX_LENGTH,
  vehicleLookupMessages,
} from './vehicle-lookup-basics';

/**
 * The `{registration}` of the lookups, as the API document states it (issue 32). Checked in the
 * handler with checkLookupRegistration, so a bad one gets the lookup's own `{ success: false }`
 * answer; the schema only describes it: 3 to 7 letters and digits, at least one of each.
 */
export const lookupRegistrationParam = z.string().meta({
  pattern: '^(?:[A-Za-z]+[0-9]|[0-9]+[A-Za-z])[A-Za-z0-9]*$',
  minLength: 3,
  maxLength: LOOKUP_REGISTRATION_MAX_LENGTH,
  description:
    'A UK registration: 3 to 7 letters and digits, at least one of each (spaces are also taken, and dropped).',
  example: 'AB12CDE',
});

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
