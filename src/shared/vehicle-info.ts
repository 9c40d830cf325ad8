import { z } from 'zod';

/**
 * `GET /api/dvla-info/{registration}` (admin; SPEC "Government vehicle-info result"): what DVLA's
 * Vehicle Enquiry Service and DVSA's MOT History API know about a registration, for the DVLA tab
 * of a valuation. Each part is null when its provider is not configured, has no record of the
 * vehicle, or failed while the other answered; `vesDataError` and `motHistoryError` then say why
 * in words an admin can read. A field the provider does not give is null.
 */

/**
 * Defect types as DVSA gives them (its document's enum, plus PRS, "pass after rectification at
 * the station", which public clients report and the document omits). Other values are passed on
 * as they come, so a type DVSA adds later still shows.
 */
export const MOT_DEFECT_TYPES = [
  'DANGEROUS',
  'MAJOR',
  'MINOR',
  'ADVISORY',
  'PRS',
  'FAIL',
  'NON SPECIFIC',
  'SYSTEM GENERATED',
  'USER ENTERED',
] as const;

export const motDefectSchema = z.object({
  text: z.string(),
  /** Upper case, as DVSA gives it (see MOT_DEFECT_TYPES); "NON SPECIFIC" when DVSA gives none. */
  type: z.string(),
  /** DVSA's flag; when DVSA leaves it out, whether the type is DANGEROUS. */
  dangerous: z.boolean(),
});

export type MotDefect = z.infer<typeof motDefectSchema>;

export const motTestSchema = z.object({
  /** `PASSED` or `FAILED`. */
  testResult: z.string(),
  /** When the test was completed, ISO date-time (`2024-03-02T10:15:00.000Z`); null only for some heavy-vehicle tests. */
  completedDate: z.string().nullable(),
  /** The odometer reading as a number; null when it was not read (see odometerResultType). */
  odometerValue: z.number().int().nonnegative().nullable(),
  odometerUnit: z.enum(['mi', 'km']).nullable(),
  /** `READ`, `UNREADABLE` or `NO_ODOMETER`, as DVSA gives it. */
  odometerResultType: z.string().nullable(),
  /** `YYYY-MM-DD`; null on a failed test. */
  expiryDate: z.string().nullable(),
  motTestNumber: z.string().nullable(),
  /** Every defect, advisory and comment, in DVSA's order. */
  defects: z.array(motDefectSchema),
  /**
   * The retired MOT API's name for the same list (reasons for refusal and comments); SPEC keeps
   * it. It holds each defect's text, so a reader of the old shape sees them; show `defects`.
   */
  rfrAndComments: z.array(z.object({ text: z.string() })),
});

export type MotTest = z.infer<typeof motTestSchema>;

export const motHistorySchema = z.object({
  make: z.string().nullable(),
  model: z.string().nullable(),
  /** DVSA's spelling (`Petrol`, `Electric`). */
  fuelType: z.string().nullable(),
  /** Engine capacity in cc, as digits ("1598"). */
  engineSize: z.string().nullable(),
  /** Newest first; empty when the vehicle has had no MOT yet (a new car). */
  motTests: z.array(motTestSchema),
  /** A new car's first MOT due date, `YYYY-MM-DD`; null once it has MOT tests. */
  motTestDueDate: z.string().nullable(),
  /** DVSA's recall flag: `Yes`, `No`, `Unknown` or `Unavailable`. */
  hasOutstandingRecall: z.string().nullable(),
});

export type MotHistory = z.infer<typeof motHistorySchema>;

export const vesDataSchema = z.object({
  /** Upper case (`FORD`). */
  make: z.string().nullable(),
  /** DVLA's spelling (`PETROL`, `ELECTRICITY`). */
  fuelType: z.string().nullable(),
  /** Cubic centimetres. */
  engineCapacity: z.number().int().nullable(),
  /** `Taxed`, `Untaxed`, `SORN`, `Not Taxed for on Road Use`. */
  taxStatus: z.string().nullable(),
  /** Dates are `YYYY-MM-DD`. */
  taxDueDate: z.string().nullable(),
  /** `Valid`, `Not valid`, `No details held by DVLA`, `No results returned`. */
  motStatus: z.string().nullable(),
  motExpiryDate: z.string().nullable(),
  dateOfLastV5CIssued: z.string().nullable(),
  /** Grams per kilometre. */
  co2Emissions: z.number().int().nullable(),
  yearOfManufacture: z.number().int().nullable(),
  colour: z.string().nullable(),
  markedForExport: z.boolean().nullable(),
});

export type VesData = z.infer<typeof vesDataSchema>;

export const vehicleInfoResultSchema = z.object({
  success: z.literal(true),
  /** The registration looked up, upper case without spaces. */
  registration: z.string(),
  vesData: vesDataSchema.nullable(),
  /** Why vesData is null (not configured, no record, the service failed); null when it is there. */
  vesDataError: z.string().nullable(),
  motHistory: motHistorySchema.nullable(),
  /** Why motHistory is null; null when it is there. */
  motHistoryError: z.string().nullable(),
});

export type VehicleInfoResult = z.infer<typeof vehicleInfoResultSchema>;

/** 400 bad registration, 404 neither provider knows it, 502/503 provider trouble or nothing configured. */
export const vehicleInfoFailureSchema = z.object({
  success: z.literal(false),
  /** Shown after "Unable to load vehicle information from DVLA". */
  error: z.string(),
  code: z.string().optional(),
});

export type VehicleInfoFailure = z.infer<typeof vehicleInfoFailureSchema>;

export const vehicleInfoMessages = {
  notConfigured: 'Vehicle information is not configured',
  vesNotConfigured: 'DVLA vehicle details are not configured (DVLA_API_KEY is not set).',
  motNotConfigured: 'MOT history is not configured (the DVSA_MOT_ settings are not set).',
  vesNotFound: 'DVLA has no record of this registration.',
  motNotFound: 'DVSA has no MOT record of this registration.',
  notFound: 'Neither DVLA nor DVSA has a record of this registration.',
} as const;
