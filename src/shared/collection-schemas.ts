import { z } from 'zod';
import { collectionMessages as m, collectionSlots, SLOT_CAPACITY_MAX, type SellerCollection } from './collections';
import { DISTANCE_BAND_NAMES } from './distance';
import { text } from './schema-kit';

/**
 * The route schemas of collection day (issue 36). The seller's page: `GET`, `PUT` and `DELETE
 * /api/your-valuation/collection`. Staff: `GET /api/admin/collections`, the usual capacity, a day's
 * capacity, and booking or cancelling for a request. Words and rules are in ./collections.ts.
 */

export * from './collections';

/**
 * A real calendar day, YYYY-MM-DD. zod's ISO date checks the month and the day (29 February only in
 * leap years) and gives the API document `format: date` with that pattern, so a client reading the
 * document cannot build a date such as 2026-13-45 that the server would refuse.
 */
const isoDate = z.iso.date({ message: m.invalidDate });

export const slotChoiceSchema = z.object({
  date: isoDate,
  slot: z.enum(collectionSlots, { message: m.unknownSlot }),
});

const slotSchema = z.enum(collectionSlots);

export const sellerCollectionSchema: z.ZodType<SellerCollection> = z.object({
  state: z.enum(['not_yet', 'choose', 'by_arrangement', 'booked', 'collected', 'closed']),
  booking: z
    .object({
      date: z.string(),
      slot: slotSchema,
      dayLabel: z.string(),
      slotLabel: z.string(),
      changeable: z.boolean(),
    })
    .nullable(),
  days: z.array(
    z.object({
      date: z.string(),
      dayLabel: z.string(),
      slots: z.array(z.object({ slot: slotSchema, free: z.boolean() })),
    }),
  ),
});

const capacity = z
  .number({ message: m.capacityRange })
  .int({ message: m.capacityRange })
  .min(0, { message: m.capacityRange })
  .max(SLOT_CAPACITY_MAX, { message: m.capacityRange });

export const usualCapacitySchema = z.object({ morning: capacity, afternoon: capacity });

export const collectionDayParamsSchema = z.object({ date: isoDate });

// --- Staff's Collections screen (issue 36): the coming days, their capacity and their bookings ---

/**
 * Where a booked car's documents stand: `complete` (every needed document checked and the keys
 * counted), `to_check` (something sent waits for staff's check), `waiting` (asked for, waiting for
 * the seller), `not_asked`.
 */
export const collectionDocumentsStates = ['complete', 'to_check', 'waiting', 'not_asked'] as const;
export type CollectionDocumentsState = (typeof collectionDocumentsStates)[number];
export const collectionDocumentsLabels: Record<CollectionDocumentsState, string> = {
  complete: 'Documents complete',
  to_check: 'Documents to check',
  waiting: 'Waiting for documents',
  not_asked: 'Documents not asked for',
};

/**
 * Where a booked car's finance stands: `none` (the seller declared none), `declared` (declared,
 * the settlement not yet confirmed by staff), and once confirmed: `negative_equity` (the
 * settlement is more than our accepted offer: the seller pays the difference), `letter_expires`
 * (the settlement letter's figure stops holding before the collection day), else `confirmed`.
 */
export const collectionFinanceStates = ['none', 'declared', 'confirmed', 'negative_equity', 'letter_expires'] as const;
export type CollectionFinanceState = (typeof collectionFinanceStates)[number];
export const collectionFinanceLabels: Record<CollectionFinanceState, string> = {
  none: 'No finance',
  declared: 'Finance not confirmed',
  confirmed: 'Finance confirmed',
  negative_equity: 'Negative equity',
  letter_expires: 'Settlement letter expires',
};

/** How many days the Collections screen shows at once, and at most. */
export const COLLECTION_WINDOW_DAYS = 14;
export const COLLECTION_WINDOW_MAX_DAYS = 60;

export const collectionAdminMessages = {
  windowDays: `Choose from 1 to ${COLLECTION_WINDOW_MAX_DAYS} days.`,
  settingsSaved: 'Usual capacity saved',
  daySaved: 'Day changed',
  dayReset: 'Day back to the usual',
} as const;

/** "3 collections are booked that morning: move them first." */
export function bookedAboveMessage(booked: number, slot: (typeof collectionSlots)[number]): string {
  return booked === 1
    ? `1 collection is booked that ${slot}: move it first.`
    : `${booked} collections are booked that ${slot}: move them first.`;
}

/** `?from=YYYY-MM-DD` (today in the UK unless given) `&days=14` (1 to 60). */
export const collectionWindowQuerySchema = z.object({
  from: isoDate.optional(),
  days: z.coerce
    .number({ message: collectionAdminMessages.windowDays })
    .int({ message: collectionAdminMessages.windowDays })
    .min(1, { message: collectionAdminMessages.windowDays })
    .max(COLLECTION_WINDOW_MAX_DAYS, { message: collectionAdminMessages.windowDays })
    .default(COLLECTION_WINDOW_DAYS),
});

const capacityAnswer = z.object({ morning: z.number().int(), afternoon: z.number().int() });

export const adminCollectionBookingSchema = z.object({
  bookingId: z.uuid(),
  valuationId: z.uuid(),
  reference: z.string(),
  registration: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  mileage: z.number().int(),
  sellerName: z.string(),
  postcode: z.string(),
  phone: z.string(),
  /** The band stored with the booking, else the postcode's as measured now; null when unknown. */
  band: z.enum(DISTANCE_BAND_NAMES).nullable(),
  documents: z.enum(collectionDocumentsStates),
  keysCount: z.number().int().nullable(),
  finance: z.enum(collectionFinanceStates),
  financeLender: z.string().nullable(),
  settlementPence: z.number().int().nullable(),
  settlementValidUntil: z.string().nullable(),
  /** The accepted offer, in pence; null if none is on record. */
  offerPence: z.number().int().nullable(),
  bookedBy: z.enum(['seller', 'staff']),
});
export type AdminCollectionBooking = z.infer<typeof adminCollectionBookingSchema>;

export const adminCollectionDaySchema = z.object({
  date: z.string(),
  weekend: z.boolean(),
  /** The bank holiday's name (England and Wales), or null. */
  bankHoliday: z.string().nullable(),
  /** Staff changed this day's capacity (a `collection_days` row). */
  changed: z.boolean(),
  note: z.string(),
  slots: z.array(
    z.object({
      slot: slotSchema,
      capacity: z.number().int(),
      booked: z.number().int(),
      free: z.number().int(),
      bookings: z.array(adminCollectionBookingSchema),
    }),
  ),
});
export type AdminCollectionDay = z.infer<typeof adminCollectionDaySchema>;

export const adminCollectionsSchema = z.object({
  /** The usual capacity of a working day. */
  usual: capacityAnswer,
  /** Today in the UK, and the window shown: `from` to `to`, both included. */
  today: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(adminCollectionDaySchema),
});
export type AdminCollections = z.infer<typeof adminCollectionsSchema>;

export const usualCapacityAnswerSchema = capacityAnswer;

/**
 * A day's change as `PUT /api/admin/collections/days/{date}` takes it: each slot's capacity, and the
 * note held to characters that can be stored and shown (no control or broken characters).
 */
export const collectionDayChangeSchema = z.object({
  morning: capacity,
  afternoon: capacity,
  note: text({ max: 200, tooLong: m.noteTooLong }).default(''),
});
