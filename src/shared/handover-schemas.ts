import { z } from 'zod';
import {
  HANDOVER_KEYS_MAX,
  HANDOVER_MILEAGE_MAX,
  HANDOVER_NOTES_MAX_LENGTH,
  handoverConditions,
  handoverMessages as m,
  PAYMENT_REFERENCE_MAX_LENGTH,
  PAYMENT_REFERENCE_PATTERN,
  payees,
  type HandoverView,
} from './handover';
import { collectionSlots } from './collections';
import { poundsField } from './pounds-field';
import { optionalText, text } from './schema-kit';
import { valuationStages } from './valuation-lifecycle';
import { OFFER_MAX_PENCE } from './valuation-offer';

/**
 * The route schemas of the handover and payment (issue 36): `GET /api/admin/valuations/{id}/handover`,
 * `POST …/handover` and `POST …/payment`. Words and rules are in ./handover.ts.
 */

export * from './handover';

const notes = optionalText({ max: HANDOVER_NOTES_MAX_LENGTH, tooLong: m.notesTooLong, multiline: true });

/** The car is as declared: what was read and handed over at the door. */
const asDeclaredSchema = z.object({
  condition: z.literal('as_declared'),
  mileage: z
    .number({ message: m.mileageRequired })
    .int(m.mileageRequired)
    .min(0, m.mileageRequired)
    .max(HANDOVER_MILEAGE_MAX, m.mileageRequired),
  keys: z
    .number({ message: m.keysRequired })
    .int(m.keysRequired)
    .min(1, m.keysRequired)
    .max(HANDOVER_KEYS_MAX, m.keysRequired),
  v5cHandedOver: z.boolean({ message: m.v5cRequired }),
  sellerIsKeeper: z.boolean({ message: m.keeperRequired }),
  notes,
});

/** The car is not as declared: until the staff pipeline's evidenced revision, we do not buy it. */
const notAsDeclaredSchema = z.object({
  condition: z.literal('not_as_declared'),
  notes: text({
    min: 1,
    max: HANDOVER_NOTES_MAX_LENGTH,
    required: m.notAsDeclaredNeedsNotes,
    tooShort: m.notAsDeclaredNeedsNotes,
    tooLong: m.notesTooLong,
    multiline: true,
  }),
});

export const handoverRequestSchema = z.discriminatedUnion('condition', [asDeclaredSchema, notAsDeclaredSchema], {
  message: m.conditionRequired,
});
export type HandoverRequest = z.input<typeof handoverRequestSchema>;
/** As the route receives it, checked. */
export type HandoverBody = z.output<typeof handoverRequestSchema>;

const paymentPartSchema = z.object(
  {
    amount: poundsField({
      allowZero: false,
      maxPence: OFFER_MAX_PENCE,
      messages: { required: m.amountInvalid, invalid: m.amountInvalid, tooHigh: m.amountTooHigh },
    }),
    reference: text({
      min: 1,
      max: PAYMENT_REFERENCE_MAX_LENGTH,
      required: m.referenceRequired,
      tooShort: m.referenceRequired,
      tooLong: m.referenceTooLong,
    })
      .refine((v) => PAYMENT_REFERENCE_PATTERN.test(v), m.referenceCharacters)
      .meta({ pattern: PAYMENT_REFERENCE_PATTERN.source }),
    /** When the transfer was sent, with its offset: "2026-12-01T10:42:00Z" or "2026-12-01T10:42:00+00:00". */
    paidAt: z.iso.datetime({ offset: true, message: m.paidAtInvalid }),
  },
  { message: m.paymentPartInvalid },
);

/** The Faster Payments that pay for the car: the seller's part and, when there is finance, the lender's. */
export const paymentRequestSchema = z.object({
  seller: paymentPartSchema.nullable(),
  lender: paymentPartSchema.nullable(),
});
export type PaymentRequest = z.input<typeof paymentRequestSchema>;
/** As the route receives it, checked: amounts in pence. */
export type PaymentBody = z.output<typeof paymentRequestSchema>;

const splitSchema = z.object({
  pricePence: z.number().int(),
  sellerPence: z.number().int(),
  lenderPence: z.number().int(),
});

export const handoverViewSchema: z.ZodType<HandoverView> = z.object({
  valuationId: z.uuid(),
  reference: z.string(),
  stage: z.enum(valuationStages),
  registration: z.string(),
  vehicle: z.string().nullable(),
  colour: z.string().nullable(),
  declaredMileage: z.number().int(),
  seller: z.object({ name: z.string(), phone: z.string(), email: z.string(), postcode: z.string() }),
  booking: z.object({ date: z.iso.date(), slot: z.enum(collectionSlots) }).nullable(),
  documents: z.object({ complete: z.boolean(), summary: z.string(), keysStated: z.number().int().nullable() }),
  pricePence: z.number().int().nullable(),
  finance: z.object({
    declared: z.enum(['yes', 'no']).nullable(),
    lender: z.string().nullable(),
    settlementPence: z.number().int().nullable(),
    confirmed: z.boolean(),
  }),
  split: splitSchema.nullable(),
  warnings: z.array(z.string()),
  handover: z
    .object({
      condition: z.enum(handoverConditions),
      mileage: z.number().int().nullable(),
      keys: z.number().int().nullable(),
      v5cHandedOver: z.boolean().nullable(),
      sellerIsKeeper: z.boolean().nullable(),
      notes: z.string().nullable(),
      recordedAt: z.iso.datetime(),
      recordedBy: z.string().nullable(),
    })
    .nullable(),
  payments: z.array(
    z.object({
      payee: z.enum(payees),
      amountPence: z.number().int(),
      reference: z.string(),
      paidAt: z.iso.datetime(),
      recordedBy: z.string().nullable(),
    }),
  ),
  receiptPath: z.string().nullable(),
});
