import { z } from 'zod';
import { paginatedSchema, paginationQuery, text } from './schema-kit';
import {
  VOUCHER_CODE_MAX_LENGTH,
  voucherMessages as m,
  voucherStatuses,
  type SellerVoucher,
  type VoucherListItem,
} from './vouchers';

/**
 * The route schemas of the launch vouchers (issue 36): `GET /api/admin/vouchers` and
 * `POST /api/admin/vouchers/{id}/sent`. Words are in ./vouchers.ts.
 */

export * from './vouchers';

export const voucherListQuerySchema = paginationQuery().extend({
  /** Owed (the default: what staff must act on, soonest due first) or sent (newest first). */
  status: z.enum(voucherStatuses, { message: 'Choose owed or sent.' }).default('owed'),
});

export const voucherIdParamsSchema = z.object({ id: z.uuid({ message: m.notFound }) });

export const markVoucherSentSchema = z.object({
  code: text({
    min: 1,
    max: VOUCHER_CODE_MAX_LENGTH,
    required: m.codeRequired,
    tooShort: m.codeRequired,
    tooLong: m.codeTooLong,
  }),
});

export const voucherListItemSchema: z.ZodType<VoucherListItem> = z.object({
  id: z.uuid(),
  valuationId: z.uuid(),
  reference: z.string(),
  sellerName: z.string(),
  email: z.string(),
  registration: z.string(),
  amountPounds: z.number().int(),
  brand: z.string(),
  owedOn: z.iso.date(),
  dueDate: z.iso.date(),
  status: z.enum(voucherStatuses),
  overdue: z.boolean(),
  code: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
  sentBy: z.string().nullable(),
});

export const voucherListSchema = paginatedSchema(voucherListItemSchema).extend({
  counts: z.object({ owed: z.number().int(), overdue: z.number().int(), sent: z.number().int() }),
});
export type VoucherList = z.infer<typeof voucherListSchema>;

export const sellerVoucherSchema: z.ZodType<SellerVoucher> = z.object({
  status: z.enum(voucherStatuses),
  amountPounds: z.number().int(),
  brand: z.string(),
  dueDate: z.iso.date(),
  sentAt: z.iso.datetime().nullable(),
});
