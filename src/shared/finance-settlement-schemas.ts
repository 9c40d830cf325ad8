import { z } from 'zod';
import { collectionSlots } from './collections';
import {
  FINANCE_LENDER_MAX_LENGTH,
  financeMessages as m,
  financeWarningKinds,
  SETTLEMENT_MAX_PENCE,
  type FinanceSettlement,
} from './finance-settlement';
import { text } from './schema-kit';
import { poundsField } from './pounds-field';

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
  settlement: poundsField({
    allowZero: true,
    maxPence: SETTLEMENT_MAX_PENCE,
    messages: { required: m.settlementRequired, invalid: m.settlementInvalid, tooHigh: m.settlementTooHigh },
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
