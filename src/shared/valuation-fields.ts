import { z } from 'zod';
import { registrationSchema } from './registration-schema';
import { calendarDate, emailInDocument, int, optionalText, storableCharacters } from './schema-kit';
import {
  CAMBELT_DATE_MAX_LENGTH,
  MILEAGE_MAX,
  VALUATION_DETAILS_MAX_LENGTH,
  VALUATION_EMAIL_MAX_LENGTH,
  valuationMessages,
  valuationOptions,
  type Option,
} from './valuation-options';
import { VALUATION_REFERENCE_PATTERN } from './valuation-reference';

/**
 * The valuation request (SPEC sections 3 to 5, the first field set) without its phone number:
 * every field's rule but the phone's, and steps 1 to 3 whole. The words, options and limits are
 * in ./valuation-options.ts (no zod: the wizard renders with them) and exported here too.
 *
 * It is apart from ./valuation.ts (the contact step and the whole request, which add the phone
 * number) only for the browser: the phone check needs libphonenumber's metadata, about 29 KB
 * gzipped, so the wizard loads this module for steps 1 to 3 and ./valuation.ts for step 4, both
 * in the background. Everything here is also exported by ./valuation.ts, which the server and
 * the tests import.
 *
 * Unknown keys are stripped: status, isArchived, id and createdAt never come from a client.
 */

export * from './valuation-options';

const values = <const V extends string>(options: readonly Option<V>[]) => options.map((o) => o.value) as [V, ...V[]];

const choice = <const V extends string>(options: readonly Option<V>[], message: string) =>
  z.enum(values(options), { message });

const count = (message: string) => int({ min: -1, max: 4, message });

const contactPreferenceValues: readonly string[] = values(valuationOptions.contactPreference);
export const isContactPreference = (value: string) => contactPreferenceValues.includes(value);

// --- UK postcode --------------------------------------------------------------------------------

/** A full UK postcode without its space (the Royal Mail's shapes, plus GIR 0AA). */
const POSTCODE_PATTERN =
  /^(GIR0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?|[0-9][A-HJKPS-UW])[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** A postcode district's shapes (the outward code: "LN11", "SW1A"), as POSTCODE_PATTERN has them. */
const DISTRICT = '[A-PR-UWYZ](?:[0-9]{1,2}|[A-HK-Y][0-9][0-9ABEHMNPRV-Y]?|[0-9][A-HJKPS-UW])';
/** The inward code ("0LQ"), after an optional space. */
const INWARD = ' ?[0-9][ABD-HJLNP-UW-Z]{2}';

/**
 * The API document's patterns (issue 32): JSON Schema has no flags, so these are the capitals and
 * single-space forms; the server also takes any capitals and spacing, as each field's description says.
 */
export const postcodePatterns = {
  full: `^(?:GIR ?0AA|${DISTRICT}${INWARD})$`,
  /** A full postcode or a district of at least 3 characters ("LN11", "M1 1AE"; not "M1"). */
  fullOrDistrict: `^(?:GIR ?0AA|${DISTRICT}${INWARD}|${DISTRICT.replace('[0-9]{1,2}', '[0-9]{2}')})$`,
} as const;

/** "ln110lq" or " LN11  0LQ " -> "LN11 0LQ"; undefined when it is not a full UK postcode. */
export function normalisePostcode(raw: string): string | undefined {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  if (!POSTCODE_PATTERN.test(compact)) return undefined;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** A UK postcode field: required, output upper-case with a single space (DESIGN 6). */
export const postcodeSchema = storableCharacters(z.string({ message: valuationMessages.postcodeRequired }).trim())
  .min(1, valuationMessages.postcodeRequired)
  .transform((v, ctx) => {
    const postcode = normalisePostcode(v);
    if (postcode) return postcode;
    ctx.addIssue({ code: 'custom', message: valuationMessages.postcodeInvalid });
    return z.NEVER;
  })
  .meta({
    pattern: postcodePatterns.full,
    description: 'A full UK postcode, such as LN11 0LQ (any capitals and spacing).',
  });

/** An e-mail address field: required, trimmed, lower-cased. */
export const valuationEmailSchema = storableCharacters(
  z.string({ message: valuationMessages.emailRequired }).trim().toLowerCase(),
)
  .min(1, valuationMessages.emailRequired)
  .max(VALUATION_EMAIL_MAX_LENGTH, valuationMessages.emailInvalid)
  .refine((v) => z.email().safeParse(v).success, valuationMessages.emailInvalid)
  .meta(emailInDocument(VALUATION_EMAIL_MAX_LENGTH));

// --- The identified vehicle (optional: the lookup may fail or not be configured) -----------------

const vehicleText = (label: string, max: number) =>
  optionalText({ max, tooLong: valuationMessages.vehicleText(label, max) });

const optionalDate = calendarDate(valuationMessages.vehicleDate)
  .nullish()
  .transform((v) => v ?? null);

export const vehicleFieldsShape = {
  make: vehicleText('Make', 100),
  model: vehicleText('Model', 100),
  year: int({ min: 1900, max: 2100, message: valuationMessages.vehicleYear })
    .nullish()
    .transform((v) => v ?? null),
  fuelType: vehicleText('Fuel type', 50),
  /** The lookup may give a number of cc (1598) or text ("1.6L"). */
  engineSize: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), vehicleText('Engine size', 20)),
  color: vehicleText('Colour', 50),
  motStatus: vehicleText('MOT status', 50),
  motExpiryDate: optionalDate,
  taxStatus: vehicleText('Tax status', 50),
  taxDueDate: optionalDate,
  co2Emissions: int({ min: 0, max: 10_000, message: valuationMessages.co2 })
    .nullish()
    .transform((v) => v ?? null),
  dateOfLastV5CIssued: optionalDate,
  markedForExport: z
    .boolean({ message: valuationMessages.markedForExport })
    .nullish()
    .transform((v) => v ?? null),
};

// --- Steps 1 to 3 (step 4 and the whole request are in ./valuation.ts) -------------------------

/** Step 1 Vehicle: registration and mileage, plus whatever the lookup identified. */
export const vehicleStepShape = {
  registration: registrationSchema,
  /** Each way of getting it wrong has its own words: blank, not a number, a fraction, too low or high. */
  mileage: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? valuationMessages.mileageRequired
          : valuationMessages.mileageNotNumber,
    })
    .int(valuationMessages.mileageNotWhole)
    .min(1, valuationMessages.mileageTooLow)
    .max(MILEAGE_MAX, valuationMessages.mileageTooHigh),
  ...vehicleFieldsShape,
};

/** Step 2 Condition. */
export const conditionStepShape = {
  overallCondition: choice(valuationOptions.overallCondition, valuationMessages.conditionRequired),
  scuffedWheels: count(valuationMessages.scuffedWheelsRequired),
  tyresNeedReplacing: count(valuationMessages.tyresRequired),
  cambeltChanged: choice(valuationOptions.cambeltChanged, valuationMessages.cambeltRequired),
  /** Free text ("March 2022", "at 60,000 miles"); kept only when cambeltChanged is "yes". */
  cambeltDate: optionalText({ max: CAMBELT_DATE_MAX_LENGTH, tooLong: valuationMessages.cambeltDateTooLong }),
  serviceHistory: choice(valuationOptions.serviceHistory, valuationMessages.serviceHistoryRequired),
  mechanicalIssues: choice(valuationOptions.mechanicalIssues, valuationMessages.mechanicalIssuesRequired),
  /** Required when mechanicalIssues is "yes"; dropped otherwise. */
  mechanicalDetails: optionalText({
    max: VALUATION_DETAILS_MAX_LENGTH,
    tooLong: valuationMessages.mechanicalDetailsTooLong,
    multiline: true,
  }),
};

/** Step 3 Finance (the finance note is shown when the answer is "yes"). */
export const financeStepShape = {
  outstandingFinance: choice(valuationOptions.outstandingFinance, valuationMessages.financeRequired),
};

/** mechanicalDetails is required when mechanicalIssues is "yes" (SPEC section 4). */
export const hasMechanicalDetails = (value: { mechanicalIssues: string; mechanicalDetails: string | null }) =>
  value.mechanicalIssues !== 'yes' || Boolean(value.mechanicalDetails);
export const mechanicalDetailsRule = {
  path: ['mechanicalDetails'],
  message: valuationMessages.mechanicalDetailsRequired,
  // Also when other fields are wrong, so the form shows every error at once.
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

export const vehicleStepSchema = z.object(vehicleStepShape);
export const conditionStepSchema = z.object(conditionStepShape).refine(hasMechanicalDetails, mechanicalDetailsRule);
export const financeStepSchema = z.object(financeStepShape);
/** Steps 1 to 3 in order (index 0 is "Step 1 of 4"); ./valuation.ts adds step 4. */
export const fieldStepSchemas = [vehicleStepSchema, conditionStepSchema, financeStepSchema];

export type VehicleFields = z.output<z.ZodObject<typeof vehicleFieldsShape>>;

/**
 * The answer to a stored request: the valuation's id, the reference the seller quotes
 * ("CB-7K3-9QX", issue 31), the token for adding photos to it, and its indicative price (issue 34;
 * src/shared/indicative-price.ts), null when we made too few offers for similar cars.
 */
export const valuationCreatedSchema = z.object({
  id: z.uuid(),
  reference: z.string().regex(VALUATION_REFERENCE_PATTERN),
  uploadToken: z.string(),
  indicativePrice: z
    .object({ lowPence: z.number().int(), highPence: z.number().int(), count: z.number().int() })
    .nullable(),
});
export type ValuationCreated = z.infer<typeof valuationCreatedSchema>;

/** The Idempotency-Key header the wizard sends with its submission (one per submission). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{8,200}$/;
export const idempotencyMessages = {
  invalidKey: 'Idempotency-Key must be 8 to 200 visible ASCII characters (letters, digits, punctuation).',
  keyReused:
    'This Idempotency-Key was already used for a different valuation request. Send a new key with a new request.',
  inProgress: 'A request with this Idempotency-Key is still being handled. Please try again in a moment.',
} as const;
