import { z } from 'zod';
import { valuationListQuerySchema } from './admin-valuations';
import { calendarDate } from './schema-kit';

/**
 * The back office's CSV downloads (issue 37): the dashboard's (or the archive's) list as it is
 * filtered, every page of it, and the completed purchases. The server streams them
 * (features/exports); the dashboard links to them with the list's own filters.
 */

export const exportPaths = {
  valuations: '/api/admin/valuations/export.csv',
  purchases: '/api/admin/purchases/export.csv',
} as const;

export const exportMessages = {
  invalidArchived: 'The list must be "true" (the archive) or "false" (the dashboard).',
  invalidFrom: 'The first day must be a date written YYYY-MM-DD.',
  invalidTo: 'The last day must be a date written YYYY-MM-DD.',
  toBeforeFrom: 'The last day must not be before the first day.',
  downloadList: 'Download CSV',
  downloadPurchases: 'Completed purchases (CSV)',
} as const;

/**
 * `GET /api/admin/valuations/export.csv`: the list's own filters (`q`, `status`, `offer`, `owner`,
 * `sort`, read exactly as the list reads them) and which list, without the pager: every matching
 * row. Anything else in the address (`page`) is ignored, so the list's address can be passed on.
 */
export const valuationExportQuerySchema = valuationListQuerySchema.omit({ page: true, pageSize: true }).extend({
  /** `true`: the archive's list; absent, empty or `false`: the dashboard's. */
  archived: z
    .union([z.literal(''), z.enum(['true', 'false'])], { message: exportMessages.invalidArchived })
    .optional()
    .transform((v) => v === 'true'),
});
export type ValuationExportQuery = z.input<typeof valuationExportQuerySchema>;
export type ValuationExportFilters = z.output<typeof valuationExportQuerySchema>;

const optionalDay = (message: string) =>
  z
    .union([z.literal(''), calendarDate(message)], { message })
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * `GET /api/admin/purchases/export.csv?from=&to=`: the completed purchases whose sale completed on
 * those UK days, both included; either or both may be left out.
 */
export const purchaseExportQuerySchema = z
  .object({ from: optionalDay(exportMessages.invalidFrom), to: optionalDay(exportMessages.invalidTo) })
  .refine(({ from, to }) => !from || !to || from <= to, { message: exportMessages.toBeforeFrom, path: ['to'] });
export type PurchaseExportQuery = z.input<typeof purchaseExportQuerySchema>;

/** The valuations file's columns, in order: what staff want in a spreadsheet. */
export const valuationExportColumns = [
  'Reference',
  'Received (UK time)',
  'Stage',
  'Owner',
  'First answered (UK time)',
  'Registration',
  'Make',
  'Model',
  'Year',
  'Mileage',
  'Condition',
  'Outstanding finance',
  'Seller first name',
  'Seller last name',
  'E-mail',
  'Phone',
  'Postcode',
  'Latest offer (£)',
  'Offer status',
] as const;

/** The purchases file's columns, in order: an accountant's view of each car we bought. */
export const purchaseExportColumns = [
  'Reference',
  'Completed on',
  'Collected on',
  'Paid on (UK time)',
  'Registration',
  'Make',
  'Model',
  'Year',
  'Mileage at handover',
  'Price paid (£)',
  'Paid to the seller (£)',
  'Paid to the finance company (£)',
  'Finance company',
  'Seller first name',
  'Seller last name',
  'Postcode',
] as const;

/** The file's name, with the UK day it was made: `valuations-2026-03-02.csv`. */
export function exportFilename(kind: 'valuations' | 'archived-valuations' | 'purchases', ukDay: string): string {
  return `${kind}-${ukDay}.csv`;
}
