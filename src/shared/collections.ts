import type { DistanceBand } from './distance';

/**
 * Collection day (issue 36): the two slots of a working day, how soon each distance band can be
 * collected, how far ahead a seller may book, and the words of the booking. Plain data without zod:
 * the seller's page island, the back office and the server read the same; the route schemas are in
 * ./collection-schemas.ts.
 */

export const collectionSlots = ['morning', 'afternoon'] as const;
export type CollectionSlot = (typeof collectionSlots)[number];

export const collectionBookingStatuses = ['booked', 'moved', 'cancelled', 'collected'] as const;
export type CollectionBookingStatus = (typeof collectionBookingStatuses)[number];

/** UK local times (Europe/London) each slot covers: the driver arrives within it. */
export const slotTimes: Record<CollectionSlot, { label: string; start: string; end: string }> = {
  morning: { label: 'Morning, 8am to 12 noon', start: '08:00', end: '12:00' },
  afternoon: { label: 'Afternoon, 12 noon to 5pm', start: '12:00', end: '17:00' },
};

/**
 * The first working day a car can be collected, counted in working days from the day it is booked:
 * Local the next working day, Regional 2, Long Distance 3. Very Far: by arrangement, staff propose
 * dates (null).
 */
export const LEAD_WORKING_DAYS: Record<DistanceBand, number | null> = {
  Local: 1,
  Regional: 2,
  'Long Distance': 3,
  'Very Far': null,
};

/** How many working days the seller is offered, from the earliest. */
export const BOOKING_WINDOW_WORKING_DAYS = 15;
/** Until this many hours before the slot starts, the seller may move or cancel it themselves. */
export const CHANGE_CUTOFF_HOURS = 24;
/** The SMS reminder goes at this UK time on the day before the collection (for sellers who chose texts). */
export const REMINDER_TIME = '18:00';

/** What a new day offers unless staff set otherwise (the `collection_settings` row's defaults). */
export const DEFAULT_SLOT_CAPACITY: Record<CollectionSlot, number> = { morning: 2, afternoon: 2 };
export const SLOT_CAPACITY_MAX = 50;

export const collectionMessages = {
  notAccepted: 'A collection can be booked once you have accepted our offer.',
  slotFull: 'Sorry, that slot has just been taken. Please choose another.',
  notOffered: 'That slot is not one we can offer. Please choose one of the slots shown.',
  byArrangement: 'Your car is a long way from us, so we arrange the day with you: we will call you with dates.',
  tooLate: 'Your collection is less than 24 hours away, so it can no longer be changed here. Please call us.',
  noBooking: 'There is no collection booked.',
  unknownSlot: 'Choose the morning or the afternoon.',
  invalidDate: 'Choose a date, such as 2026-12-01.',
  capacityRange: `Enter a number of collections from 0 to ${SLOT_CAPACITY_MAX}.`,
  noteTooLong: 'Keep the note to 200 characters.',
  pastDate: 'That day has passed.',
} as const;

/** What the seller's page shows of collection day. */
export type SellerCollection = {
  /**
   * `not_yet` before an offer is accepted; `choose` with days to pick from; `by_arrangement` for a
   * Very Far car (staff propose dates); `booked`; `collected` once the car is ours; `closed`.
   */
  state: 'not_yet' | 'choose' | 'by_arrangement' | 'booked' | 'collected' | 'closed';
  booking: {
    date: string;
    slot: CollectionSlot;
    /** "Tuesday 1 December 2026", "morning, 8am to 12 noon". */
    dayLabel: string;
    slotLabel: string;
    /** More than 24 hours before it starts: the seller may move or cancel it. */
    changeable: boolean;
  } | null;
  /** The days offered (to book, or to move to), each slot free or not; empty when none apply. */
  days: { date: string; dayLabel: string; slots: { slot: CollectionSlot; free: boolean }[] }[];
};
