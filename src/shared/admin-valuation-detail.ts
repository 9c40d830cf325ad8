import { z } from 'zod';
import { damageMarkerSchema } from './damage-markers';
import { photoShots } from './photo-shots';
import { plausibilityFlagSchema, plausibilityUncheckedSchema } from './plausibility';
import { valuationPhotoParamsSchema } from './valuation-photos';
import { valuationStatusValues } from './admin-valuations';
import { offerSchema } from './valuation-offer';

/**
 * `GET /api/admin/valuations/:id` (issue 11): everything the detail page's tabs show (Vehicle,
 * Condition, Finance, Contact, Photos) and its timeline. The DVLA and Location tabs have their own
 * calls (`/api/dvla-info/:registration`, `/api/distance/:postcode`).
 */

const nullableText = z.string().nullable();
const nullableInt = z.number().int().nullable();
/** "2026-03-12", as DVLA gives it. */
const nullableDate = z.iso.date().nullable();

export const valuationEventSchema = z.object({
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** The admin who acted; null for the seller, the system, or a deleted account. */
  actor: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ValuationEventView = z.infer<typeof valuationEventSchema>;

export const valuationDetailSchema = z.object({
  id: z.uuid(),
  /** "CB-7K3-9QX", what the seller quotes (issue 31). */
  reference: z.string(),
  status: z.enum(valuationStatusValues),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** When an admin first opened it (the first call of this route sets it). */
  firstViewedAt: z.iso.datetime().nullable(),
  isArchived: z.boolean(),
  archivedAt: z.iso.datetime().nullable(),

  // Vehicle
  registration: z.string(),
  mileage: z.number().int(),
  make: nullableText,
  model: nullableText,
  year: nullableInt,
  fuelType: nullableText,
  engineSize: nullableText,
  color: nullableText,
  motStatus: nullableText,
  motExpiryDate: nullableDate,
  taxStatus: nullableText,
  taxDueDate: nullableDate,
  co2Emissions: nullableInt,
  dateOfLastV5CIssued: nullableDate,
  markedForExport: z.boolean().nullable(),

  // Condition and finance
  overallCondition: nullableText,
  scuffedWheels: nullableInt,
  tyresNeedReplacing: nullableInt,
  cambeltChanged: nullableText,
  cambeltDate: nullableText,
  serviceHistory: nullableText,
  mechanicalIssues: nullableText,
  mechanicalDetails: nullableText,
  outstandingFinance: nullableText,

  // Contact
  firstName: z.string(),
  lastName: z.string(),
  postcode: z.string(),
  email: z.string(),
  /** As the seller typed it. */
  phone: z.string(),
  /** For tel: and SMS; null when the number could not be normalised. */
  phoneE164: nullableText,
  contactPreference: z.array(z.string()),
  agreeToContact: z.boolean(),
  /** When the seller ticked the separate marketing box (ISO); null: no marketing consent. */
  marketingConsentAt: z.string().nullable(),

  /** The seller's photos, oldest first, as ids for `/api/admin/valuations/:id/photos/:photoPath`. */
  photoIds: z.array(z.string()),
  /** The same photos, each with the guided shot it was taken for (issue 35; null for other photos). */
  photos: z.array(z.object({ id: z.string(), shot: z.enum(photoShots).nullable() })),
  /** The seller's damage markers on the car diagram, oldest first (numbered in that order; issue 35). */
  damageMarkers: z.array(damageMarkerSchema),
  /** Oldest first. */
  events: z.array(valuationEventSchema),
  /** Newest first, each with its messages' delivery status. */
  offers: z.array(offerSchema),
  /** The conversation with the seller (issue 34), oldest first: their messages from their page, and staff's answers. */
  conversation: z.array(
    z.object({
      id: z.uuid(),
      author: z.enum(['seller', 'staff']),
      body: z.string(),
      /** The member of staff who answered; null for the seller, or an account since removed. */
      staffName: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  /**
   * The indicative price found at submit (issue 34; src/shared/indicative-price.ts), null when we
   * had made too few offers for similar cars then (or the request is older than the figure).
   */
  indicativePrice: z
    .object({ lowPence: z.number().int(), highPence: z.number().int(), count: z.number().int() })
    .nullable(),
  /** The plausibility checks that raised a flag (issue 37; ./plausibility.ts), in the checks' order. */
  plausibility: z.array(plausibilityFlagSchema),
  /** The checks that could not be made for want of data, each saying why. */
  plausibilityUnchecked: z.array(plausibilityUncheckedSchema),
});
export type ValuationDetail = z.infer<typeof valuationDetailSchema>;

/** `GET /api/admin/valuations/:id/photos/:photoPath?size=thumb|full`. */
export const adminValuationPhotoParamsSchema = valuationPhotoParamsSchema;
export const adminValuationPhotoQuerySchema = z.object({
  size: z.enum(['full', 'thumb'], { message: 'Size must be full or thumb.' }).default('full'),
});
