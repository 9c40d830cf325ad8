import { z } from 'zod';
import { collectionSlots } from './collections';
import {
  FINANCE_LENDER_MAX_LENGTH,
  financeMessages as m,
  financeWarningKinds,
  SETTLEMENT_MAX_PENCE,
  type FinanceSettlement,
} from './finance-settlement';
import { formatPounds } from './offer-basics';
import { text } from './schema-kit';
import { poundsToPence } from './valuation-offer';

/**
 * The route schemas of the finance settlement (issue 36): `GET` and `PUT
 * /api/admin/valuations/{id}/finance`. The figure is typed in pounds, read as the offer form's
 * amount is (`poundsToPence`), and stored as integer pence. Words and rules are in ./finance-settlement.ts.
 */

export * from './finance-settlement';

export const confirmFinanceSchema = z.object({
  lender: text({
    min: 1,
    max: FINANCE_LENDER_MAX_LENGTH,
    required: m.lenderRequired,
    tooShort: m.lenderRequired,
    tooLong: m.lenderTooLong,
  }),
  /** Pounds, as on the letter: "8,750.32", "£8750.32" or 8750.32; £0 when the finance is already paid off. */
  settlement: z
    .union([z.string(), z.number()], { message: m.settlementRequired })
    .refine((v) => String(v).trim() !== '', m.settlementRequired)
    .transform((v, ctx) => {
      const pence = poundsToPence(v);
      if (pence === undefined) {
        ctx.addIssue({ code: 'custom', message: m.settlementInvalid });
        return z.NEVER;
      }
      if (pence > SETTLEMENT_MAX_PENCE) {
        ctx.addIssue({ code: 'custom', message: m.settlementTooHigh });
        return z.NEVER;
      }
      return pence;
    })
    // The API document's statement of the rules above (issue 32): JSON Schema cannot parse pounds.
    .meta({
      anyOf: [
        { type: 'string', pattern: '^£?(?:0|[1-9][0-9]{0,5}|[1-9][0-9]{0,2},[0-9]{3})(?:\\.[0-9]{1,2})?$' },
        { type: 'number', minimum: 0, maximum: SETTLEMENT_MAX_PENCE / 100, multipleOf: 0.01 },
      ],
      description: `Pounds, from 0 to ${formatPounds(SETTLEMENT_MAX_PENCE)}, to the penny: 8750, "8,750.32" or "£8750.32".`,
    }),
  /** The settlement letter's last day. */
  validUntil: z.iso.date({ message: m.validUntilInvalid }),
});
export type ConfirmFinanceRequest = z.input<typeof confirmFinanceSchema>;

export const financeSettlementSchema: z.ZodType<FinanceSettlement> = z.object({
  declared: z.enum(['yes', 'no']).nullable(),
  declaredAmountPence: z.number().int().nullable(),
  lender: z.string().nullable(),
  settlementPence: z.number().int().nullable(),
  validUntil: z.iso.date().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  confirmedBy: z.string().nullable(),
  offerPence: z.number().int().nullable(),
  equityPence: z.number().int().nullable(),
  collection: z.object({ date: z.iso.date(), slot: z.enum(collectionSlots) }).nullable(),
  warnings: z.array(z.object({ kind: z.enum(financeWarningKinds), message: z.string() })),
});
