import { z } from 'zod';
import { phoneSchema } from './phone';
import { text } from './schema-kit';
import {
  conditionStepShape,
  fieldStepSchemas,
  financeStepShape,
  hasMechanicalDetails,
  isContactPreference,
  mechanicalDetailsRule,
  postcodeSchema,
  VALUATION_NAME_MAX_LENGTH,
  valuationEmailSchema,
  valuationMessages,
  vehicleStepShape,
  type ContactPreferenceValue,
} from './valuation-fields';
import { valuationOptions } from './valuation-options';

/**
 * The valuation wizard's fields (SPEC sections 3 to 5, the first field set), shared by the wizard
 * (step by step) and `POST /api/valuations` (whole), so both refuse the same input with the same
 * words.
 *
 * This module adds what needs the phone number (step 4 and the whole request) to
 * ./valuation-fields.ts, and exports both: import from here. Only the wizard imports
 * ./valuation-fields.ts on its own, so that the page loads without libphonenumber.
 */

export * from './valuation-fields';

const name = (required: string, tooLong: string) =>
  text({ min: 1, max: VALUATION_NAME_MAX_LENGTH, required, tooShort: required, tooLong });

/** Step 4 Contact. */
export const contactStepShape = {
  firstName: name(valuationMessages.firstNameRequired, valuationMessages.firstNameTooLong),
  lastName: name(valuationMessages.lastNameRequired, valuationMessages.lastNameTooLong),
  postcode: postcodeSchema,
  email: valuationEmailSchema,
  phone: phoneSchema,
  /** One or more of call, text, whatsapp; repeats are dropped. */
  contactPreference: z
    .array(z.string(), { message: valuationMessages.contactPreferenceRequired })
    .refine((list) => list.length > 0 && list.every(isContactPreference), {
      message: valuationMessages.contactPreferenceRequired,
      abort: true,
    })
    // The rule the refine applies, for the API document (issue 32).
    .meta({ minItems: 1, items: { type: 'string', enum: valuationOptions.contactPreference.map((o) => o.value) } })
    // The message sits on the field itself, not on one of its boxes.
    .transform((list) => [...new Set(list as ContactPreferenceValue[])]),
  agreeToContact: z.literal(true, { message: valuationMessages.consentRequired }),
  /** The separate, optional marketing box: absent or false means no marketing, ever. */
  marketingConsent: z.boolean({ message: valuationMessages.marketingConsentInvalid }).default(false),
};

export const contactStepSchema = z.object(contactStepShape);

/** The wizard's steps in order (index 0 is "Step 1 of 4"), for validating one step on Next. */
export const valuationStepSchemas = [...fieldStepSchemas, contactStepSchema];

const valuationShape = { ...vehicleStepShape, ...conditionStepShape, ...financeStepShape, ...contactStepShape };

/** The whole request: what the wizard submits and `POST /api/valuations` accepts. */
export const valuationRequestSchema = z
  .object(valuationShape)
  .refine(hasMechanicalDetails, mechanicalDetailsRule)
  // The same rule as the API document states it (issue 32).
  .meta({
    if: { properties: { mechanicalIssues: { const: 'yes' } }, required: ['mechanicalIssues'] },
    then: { properties: { mechanicalDetails: { type: 'string', minLength: 1 } }, required: ['mechanicalDetails'] },
  });

/** What the wizard holds and sends (before parsing). */
export type ValuationRequestInput = z.input<typeof valuationRequestSchema>;
/** What the server stores (after parsing: registration and postcode normalised, blanks null). */
export type ValuationRequest = z.output<typeof valuationRequestSchema>;
