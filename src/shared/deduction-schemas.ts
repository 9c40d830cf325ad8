import { z } from 'zod';
import {
  DEDUCTION_EVIDENCE_MAX_LENGTH,
  DEDUCTION_MAX_PENCE,
  DEDUCTION_NAME_MAX_LENGTH,
  deductionMessages as m,
  type DeductionItem,
  type DeductionTable,
  type PublicDeduction,
} from './deductions';
import { poundsField } from './pounds-field';
import { text } from './schema-kit';

/**
 * The deductions table's route schemas (issue 37): `GET/POST /api/admin/deductions`,
 * `PUT /api/admin/deductions/{id}`, `POST …/{id}/move`, `…/retire` and `…/restore`. Words and types
 * are in ./deductions.ts (no zod, for the public page).
 */

export * from './deductions';

const amount = poundsField({
  allowZero: false,
  maxPence: DEDUCTION_MAX_PENCE,
  messages: { required: m.amountRequired, invalid: m.amountInvalid, tooHigh: m.amountTooHigh },
});

/**
 * An item as staff type it: its name, the amount (`amountFrom`, and `amountTo` for a range; none,
 * or the same figure, for a fixed amount) and the evidence it needs.
 */
export const deductionBodySchema = z
  .object({
    name: text({
      min: 1,
      max: DEDUCTION_NAME_MAX_LENGTH,
      required: m.nameRequired,
      tooShort: m.nameRequired,
      tooLong: m.nameTooLong,
    }),
    amountFrom: amount,
    amountTo: amount.nullish(),
    evidence: text({
      min: 1,
      max: DEDUCTION_EVIDENCE_MAX_LENGTH,
      required: m.evidenceRequired,
      tooShort: m.evidenceRequired,
      tooLong: m.evidenceTooLong,
    }),
  })
  .superRefine((body, ctx) => {
    if (body.amountTo !== null && body.amountTo !== undefined && body.amountTo < body.amountFrom) {
      ctx.addIssue({ code: 'custom', path: ['amountTo'], message: m.rangeBackwards });
    }
  });
export type DeductionBody = z.input<typeof deductionBodySchema>;
export type DeductionInput = z.output<typeof deductionBodySchema>;

/** The item's amounts in pence: a fixed amount is a range of one figure. */
export const amountsOf = (input: DeductionInput) => ({
  minPence: input.amountFrom,
  maxPence: input.amountTo ?? input.amountFrom,
});

export const deductionIdParamsSchema = z.object({ id: z.uuid({ message: m.notFound }) });

export const moveDeductionSchema = z.object({
  direction: z.enum(['up', 'down'], { message: m.directionInvalid }),
});

export const deductionItemSchema: z.ZodType<DeductionItem> = z.object({
  id: z.uuid(),
  name: z.string(),
  minPence: z.number().int(),
  maxPence: z.number().int(),
  evidence: z.string(),
  retiredAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});

export const deductionTableSchema: z.ZodType<DeductionTable> = z.object({
  items: z.array(deductionItemSchema),
  retired: z.array(deductionItemSchema),
});

/** What a change answers: the table as it now is, and what happened in words. */
export const deductionChangeSchema = z.object({ table: deductionTableSchema, message: z.string() });
export type DeductionChange = z.infer<typeof deductionChangeSchema>;

export const publicDeductionSchema: z.ZodType<PublicDeduction> = z.object({
  name: z.string(),
  minPence: z.number().int(),
  maxPence: z.number().int(),
  evidence: z.string(),
});
