import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { collectionBookings, collectionDays, collectionSettings } from '~/server/db/schema';
import {
  BOOKING_WINDOW_WORKING_DAYS,
  collectionSlots,
  DEFAULT_SLOT_CAPACITY,
  LEAD_WORKING_DAYS,
  slotTimes,
  type CollectionSlot,
} from '~/shared/collections';
import type { DistanceBand } from '~/shared/distance';
import { addWorkingDays, isWorkingDay, ukDateAt, ukInstant, workingDaysFrom } from './working-days';

/**
 * What each day's slots hold and have left (issue 36): a working day takes the settings' capacity
 * in each slot unless staff changed that day (0 and 0: no collections); a slot's use is its
 * `booked` rows. Weekends and bank holidays take none.
 */

export type Capacity = Record<CollectionSlot, number>;
export type DaySlots = {
  date: string;
  /** Why the day differs from the usual, as staff wrote it ("Van in for service"). */
  note: string;
  slots: { slot: CollectionSlot; capacity: number; booked: number; free: number }[];
};

/** When the slot starts and ends, as instants (UK times on the day). */
export function slotWindow(date: string, slot: CollectionSlot): { start: Date; end: Date } {
  return { start: ukInstant(date, slotTimes[slot].start), end: ukInstant(date, slotTimes[slot].end) };
}

/** The usual capacity of a working day's slots: the settings row, or the defaults before staff set one. */
export async function usualCapacity(db: Db): Promise<Capacity> {
  const [row] = await db.select().from(collectionSettings).where(eq(collectionSettings.id, 1));
  return row ? { morning: row.morningCapacity, afternoon: row.afternoonCapacity } : { ...DEFAULT_SLOT_CAPACITY };
}

/** Each of `dates` with its capacity (the day's own, or the usual on a working day), use and room. */
export async function slotsOn(db: Db, dates: readonly string[]): Promise<DaySlots[]> {
  if (dates.length === 0) return [];
  const usual = await usualCapacity(db);
  const overrides = await db
    .select()
    .from(collectionDays)
    .where(inArray(collectionDays.date, [...dates]));
  const counts = await db
    .select({ date: collectionBookings.date, slot: collectionBookings.slot, booked: sql<number>`count(*)::int` })
    .from(collectionBookings)
    .where(and(eq(collectionBookings.status, 'booked'), inArray(collectionBookings.date, [...dates])))
    .groupBy(collectionBookings.date, collectionBookings.slot);
  return dates.map((date) => {
    const override = overrides.find((row) => row.date === date);
    const capacity: Capacity = override
      ? { morning: override.morningCapacity, afternoon: override.afternoonCapacity }
      : isWorkingDay(date)
        ? usual
        : { morning: 0, afternoon: 0 };
    return {
      date,
      note: override?.note ?? '',
      slots: collectionSlots.map((slot) => {
        const booked = counts.find((c) => c.date === date && c.slot === slot)?.booked ?? 0;
        return { slot, capacity: capacity[slot], booked, free: Math.max(0, capacity[slot] - booked) };
      }),
    };
  });
}

/**
 * The first day a seller in `band` may book, from the UK date at `now`; null for Very Far, whose
 * days staff arrange. Without a known band (no distance could be measured), Regional's lead.
 */
export function earliestDay(band: DistanceBand | null, now: Date): string | null {
  const lead = band ? LEAD_WORKING_DAYS[band] : LEAD_WORKING_DAYS.Regional;
  return lead === null ? null : addWorkingDays(ukDateAt(now), lead);
}

/** The days a seller is offered: BOOKING_WINDOW_WORKING_DAYS working days from the earliest. */
export async function offeredDays(db: Db, band: DistanceBand | null, now: Date): Promise<DaySlots[] | null> {
  const first = earliestDay(band, now);
  if (first === null) return null;
  return slotsOn(db, workingDaysFrom(first, BOOKING_WINDOW_WORKING_DAYS));
}

/** Whether `date`'s `slot` is among the days a seller in `band` is offered now (room aside). */
export function isOffered(band: DistanceBand | null, now: Date, date: string): boolean {
  const first = earliestDay(band, now);
  if (first === null || date < first || !isWorkingDay(date)) return false;
  const days = workingDaysFrom(first, BOOKING_WINDOW_WORKING_DAYS);
  return date <= days[days.length - 1]!;
}

/** Booked slots between two dates (inclusive), for staff's Collections screen. */
export const bookingsBetween = (db: Db, from: string, to: string) =>
  db
    .select()
    .from(collectionBookings)
    .where(
      and(
        eq(collectionBookings.status, 'booked'),
        gte(collectionBookings.date, from),
        lte(collectionBookings.date, to),
      ),
    );
