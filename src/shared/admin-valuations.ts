import { z } from 'zod';
import { paginationQuery, storableCharacters } from './schema-kit';
import { plausibilityFlagSchema } from './plausibility';
import { staffMemberSchema } from './staff-pipeline';
import { lostReasons, valuationStages } from './valuation-lifecycle';

/**
 * The back office's valuation calls (issue 11; SPEC sections 2, 7 and 8): the dashboard's and the
 * archive's lists (`GET /api/valuations/active`, `GET /api/valuations/archived`), the dashboard's
 * stats (`GET /api/admin/valuations/stats`), and archive, restore and permanent delete.
 */

/** A valuation's stage (DESIGN section 9): SPEC's new, contacted and completed, and the stages between. */
export const valuationStatusValues = valuationStages;
export type ValuationStatusValue = (typeof valuationStatusValues)[number];

/**
 * The dashboard's status filter: every stage, and "Offer expired" (at Offer made with no offer
 * still standing; `?offer=expired` to the list API).
 */
export const OFFER_EXPIRED_FILTER = 'offer_expired';
export const valuationListStatusFilters = [...valuationStatusValues, OFFER_EXPIRED_FILTER] as const;
export type ValuationListStatusFilter = (typeof valuationListStatusFilters)[number];

/** The list's owner filter (issue 37): the signed-in member of staff's requests, or nobody's. */
export const valuationOwnerFilters = ['mine', 'unassigned'] as const;
export type ValuationOwnerFilter = (typeof valuationOwnerFilters)[number];
/** The list's orders: newest first (the default), or least time left on the 24-hour promise first. */
export const valuationListSorts = ['time_left'] as const;

export const VALUATION_LIST_DEFAULT_PAGE_SIZE = 20;
export const VALUATION_LIST_MAX_PAGE_SIZE = 100;
export const VALUATION_SEARCH_MAX_LENGTH = 100;
/**
 * Lists count their matches only up to this many: past it the pager says "1,000+". Counting every
 * row of a million-row table on each page view is what makes such lists slow; nobody pages beyond
 * the first few hundred rows by hand, and a search narrows the list instead. Issue 37: at 10,000,
 * the count was most of the first page's time at a million rows (and nine of them, one per stage,
 * most of the stats'), and a common name's search rechecked 11,000 rows to count its matches.
 */
export const VALUATION_LIST_COUNT_CAP = 1_000;

export const adminValuationMessages = {
  notFound: 'Valuation not found',
  invalidId: 'Not a valid valuation id.',
  invalidStatus: `Status must be one of ${valuationStages.join(', ')}.`,
  invalidLostReason: `The reason must be one of ${lostReasons.join(', ')}.`,
  searchTooLong: `Search for at most ${VALUATION_SEARCH_MAX_LENGTH} characters.`,
  alreadyArchived: 'This valuation is already archived.',
  notArchived: 'This valuation is not archived, so there is nothing to restore.',
  deleteActive: 'Only archived valuations can be deleted permanently. Archive it first.',
  // SPEC section 8: the UI's toasts on success and its fallbacks on failure.
  archived: 'Valuation archived successfully',
  restored: 'Valuation restored to active list',
  deleted: 'Valuation permanently deleted',
  statusChanged: 'Status updated',
  invalidOfferFilter: 'The offer filter must be "expired" or empty.',
  invalidOwnerFilter: 'The owner filter must be "mine", "unassigned" or empty.',
  invalidSort: 'The order must be "time_left" or empty.',
  statusFailed: 'Failed to update status',
  archiveFailed: 'Failed to archive valuation',
  restoreFailed: 'Failed to restore valuation',
  deleteFailed: 'Failed to delete valuation',
  loadFailed: 'Error loading valuations',
  empty: 'No valuations found',
  emptyArchive: 'No archived valuations found',
} as const;

/**
 * `PATCH /api/valuations/:id/status`: the detail page's stage control. The lifecycle decides whether
 * the valuation may move there (409 with its reason if not); `lost` needs `lostReason`.
 */
export const valuationStatusChangeSchema = z.object({
  status: z.enum(valuationStatusValues, { message: adminValuationMessages.invalidStatus }),
  lostReason: z.enum(lostReasons, { message: adminValuationMessages.invalidLostReason }).optional(),
});

export const valuationIdParamsSchema = z.object({ id: z.uuid({ message: adminValuationMessages.invalidId }) });

/** `?page=&pageSize=&q=&status=` of both lists. */
export const valuationListQuerySchema = paginationQuery({
  defaultPageSize: VALUATION_LIST_DEFAULT_PAGE_SIZE,
  maxPageSize: VALUATION_LIST_MAX_PAGE_SIZE,
}).extend({
  /**
   * Words, any case, each beginning a word of the customer's name, the make or model, or the
   * registration ("smi" finds Smith, "ab12" finds AB12CDE); or the beginning of an e-mail address
   * ("jo.smith@"); or a whole reference however typed ("cb 7k3 9qx"). A whole dated registration
   * ("ab12 cde") finds that car's requests only.
   */
  q: storableCharacters(z.string().trim())
    .pipe(z.string().max(VALUATION_SEARCH_MAX_LENGTH, adminValuationMessages.searchTooLong))
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * `expired`: requests at "Offer made" whose newest offer ended before the seller answered (issue
   * 34). Absent or empty for all.
   */
  offer: z
    .union([z.literal(''), z.literal('expired')], { message: adminValuationMessages.invalidOfferFilter })
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * `mine`: the requests the signed-in member of staff owns; `unassigned`: those nobody owns yet
   * (issue 37). Absent or empty for everyone's.
   */
  owner: z
    .union([z.literal(''), z.enum(valuationOwnerFilters)], { message: adminValuationMessages.invalidOwnerFilter })
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * `time_left`: the requests still waiting for their first answer, least time left on the 24-hour
   * promise first (issue 37). Absent or empty: every request, newest first.
   */
  sort: z
    .union([z.literal(''), z.enum(valuationListSorts)], { message: adminValuationMessages.invalidSort })
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Absent (or empty, as the "All Requests" choice sends it) for every status. */
  status: z
    .union([z.literal(''), z.enum(valuationStatusValues)], { message: adminValuationMessages.invalidStatus })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ValuationListQuery = z.input<typeof valuationListQuerySchema>;
export type ValuationListFilters = z.output<typeof valuationListQuerySchema>;

/** One row of the dashboard's table or of the archive (SPEC section 2's columns). */
export const valuationListItemSchema = z.object({
  id: z.uuid(),
  /** "CB-7K3-9QX", what the seller quotes (issue 31). */
  reference: z.string(),
  registration: z.string(),
  /** Null when the vehicle was not identified ("Vehicle details pending"). */
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  mileage: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  postcode: z.string(),
  overallCondition: z.string().nullable(),
  /** 0 to 4, or -1 for "not sure". */
  scuffedWheels: z.number().int().nullable(),
  tyresNeedReplacing: z.number().int().nullable(),
  outstandingFinance: z.string().nullable(),
  status: z.enum(valuationStatusValues),
  createdAt: z.iso.datetime(),
  archivedAt: z.iso.datetime().nullable(),
  /** When the seller's documents were all checked (issue 35; ISO); null until then. */
  documentsCompletedAt: z.string().nullable(),
  /** Who owns it (issue 37); null while nobody does. */
  owner: staffMemberSchema.nullable(),
  /** When it got its first answer (an offer sent, a contact logged); null while it waits. */
  firstAnsweredAt: z.iso.datetime().nullable(),
  /** When the 24-hour promise to answer it runs (or ran) out. */
  promiseDueAt: z.iso.datetime(),
  /**
   * The plausibility checks' flags (issue 37; ./plausibility.ts): in the lists' pages, never absent
   * there, worded in full but without the other requests they link to (GET
   * /api/admin/valuations/:id/flags has those); left out of the one row that archive, restore and
   * a stage change answer with.
   */
  flags: z.array(plausibilityFlagSchema).optional(),
});
export type ValuationListItem = z.infer<typeof valuationListItemSchema>;

export const valuationListResponseSchema = z.object({
  items: z.array(valuationListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matches, counted up to VALUATION_LIST_COUNT_CAP. */
  total: z.number().int(),
  /** True when there are more matches than `total` (show "1,000+"); `total` is exact otherwise. */
  totalCapped: z.boolean(),
  /** Pages of `total` matches (so at most the cap's pages while `totalCapped`). */
  pageCount: z.number().int(),
  /** The server's time: the timers count from it, not from the browser's clock. */
  now: z.iso.datetime(),
});
export type ValuationListResponse = z.infer<typeof valuationListResponseSchema>;

/** `GET /api/admin/valuations/stats`: the dashboard's cards, chart and brands. */
export const valuationStatsSchema = z.object({
  /** Every valuation received and still stored, archived ones included ("all time"). */
  total: z.number().int(),
  /** Received since midnight, UK time. */
  today: z.number().int(),
  /** Received in the last 7 UK days, today included (the sum of `weeklyActivity`). */
  thisWeek: z.number().int(),
  /** Received in the last 30 UK days, today included. */
  thisMonth: z.number().int(),
  /** One entry per UK day, oldest first, the last being today; days without any have 0. */
  weeklyActivity: z.array(z.object({ date: z.iso.date(), count: z.number().int() })).length(7),
  /** The 5 most common makes, most first (ties by name), upper-case; empty: "No vehicle data yet". */
  popularBrands: z.array(z.object({ make: z.string(), count: z.number().int() })).max(5),
  /**
   * The dashboard list's requests (not archived) at each stage, in the lifecycle's order, then
   * "Offer expired" (at Offer made, the offer ended unanswered): one entry per choice of the
   * list's status filter, each counted as the list counts that filter, up to
   * VALUATION_LIST_COUNT_CAP (`capped` past it: "1,000+").
   */
  byStage: z
    .array(z.object({ filter: z.enum(valuationListStatusFilters), count: z.number().int(), capped: z.boolean() }))
    .length(valuationListStatusFilters.length),
});
export type ValuationStats = z.infer<typeof valuationStatsSchema>;

const count = z.number().int().nonnegative();

/**
 * `GET /api/admin/valuations/:id/deletion-summary`: what deleting the valuation takes with it
 * besides its own row (the seller's details and answers), counted, for the confirmation dialog to
 * list (issue 31): its photos, the seller's documents (issue 35), timeline, offers, the e-mails
 * and texts about it and their files.
 */
export const valuationDeletionSummarySchema = z.object({
  photos: count,
  /** The documents the seller sent for the sale (logbook, licence...), each with its file. */
  documents: count,
  timelineEvents: count,
  offers: count,
  /** Messages about it (to the seller, to staff, to dealers), kept on the Messages screen. */
  emails: count,
  textMessages: count,
  /** Files sent with those e-mails: the dealer reports (PDF). */
  attachments: count,
});
export type ValuationDeletionSummary = z.infer<typeof valuationDeletionSummarySchema>;
