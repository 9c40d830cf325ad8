import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  carValuations,
  collectionBookings,
  collectionDays,
  collectionSettings,
  valuationDocuments,
} from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import {
  bookedAboveMessage,
  collectionMessages as m,
  collectionSlots,
  type AdminCollectionBooking,
  type AdminCollectionDay,
  type AdminCollections,
  type CollectionDocumentsState,
  type CollectionFinanceState,
  type CollectionSlot,
} from '~/shared/collection-schemas';
import { DISTANCE_BAND_NAMES, type DistanceBand } from '~/shared/distance';
import { documentsAsked } from '~/shared/documents';
import type { ValuationStage } from '~/shared/valuation-lifecycle';
import { agreedPrices } from '../valuations';
import { slotsOn, usualCapacity, type Capacity } from './collection-slots';
import { addCalendarDays, bankHolidayOn, isWorkingDay } from './working-days';

/**
 * Staff's Collections screen (issue 36): each calendar day of a window with its capacity, its
 * note and each slot's bookings (the car, the seller, the distance band, where the documents and
 * the finance stand, the accepted offer); the usual capacity and a day's own, which never goes
 * below what is booked. Every query reads by key or index: the bookings by the partial index on
 * booked dates, the requests by their ids, documents and offers by their request's id.
 */

export type BandOf = (postcode: string) => Promise<DistanceBand | null>;
export type Logger = { warn(details: object, message: string): void };

/** At most this many distance look-ups at once (each is cached per postcode for a day). */
const BAND_LOOKUPS_AT_ONCE = 4;

/**
 * Where a request's documents stand: complete once staff marked them so; something sent waits for
 * a check; asked for (an accepted offer, or staff asked early) and waiting for the seller; or not asked.
 */
export function documentsState(
  valuation: { status: ValuationStage; documentsRequestedAt: Date | null; documentsCompletedAt: Date | null },
  pendingDocuments: number,
): CollectionDocumentsState {
  if (valuation.documentsCompletedAt) return 'complete';
  if (pendingDocuments > 0) return 'to_check';
  return documentsAsked(valuation.status, valuation.documentsRequestedAt) ? 'waiting' : 'not_asked';
}

/**
 * Where a request's finance stands on its collection day: none declared; declared and not yet
 * confirmed by staff; once confirmed, negative equity when the settlement is more than the
 * accepted offer, the letter expiring when its figure stops holding before the day, else confirmed.
 */
export function financeState(
  valuation: {
    outstandingFinance: string | null;
    financeConfirmedAt: Date | null;
    settlementPence: number | null;
    settlementValidUntil: string | null;
  },
  offerPence: number | null,
  collectionDate: string,
): CollectionFinanceState {
  if (valuation.outstandingFinance !== 'yes') return 'none';
  if (!valuation.financeConfirmedAt) return 'declared';
  if (valuation.settlementPence !== null && offerPence !== null && valuation.settlementPence > offerPence) {
    return 'negative_equity';
  }
  if (valuation.settlementValidUntil !== null && valuation.settlementValidUntil < collectionDate) {
    return 'letter_expires';
  }
  return 'confirmed';
}

const isBand = (value: string | null): value is DistanceBand =>
  value !== null && (DISTANCE_BAND_NAMES as readonly string[]).includes(value);

/** Each postcode's band, asked a few at a time; a failed look-up is unknown (null), not an error. */
async function bandsOf(postcodes: readonly string[], bandOf: BandOf, log: Logger) {
  const bands = new Map<string, DistanceBand | null>();
  const queue = [...new Set(postcodes)];
  const worker = async () => {
    for (let postcode = queue.shift(); postcode !== undefined; postcode = queue.shift()) {
      try {
        bands.set(postcode, await bandOf(postcode));
      } catch (error) {
        log.warn({ err: error }, 'a distance band for the Collections screen could not be found');
        bands.set(postcode, null);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BAND_LOOKUPS_AT_ONCE, queue.length) }, worker));
  return bands;
}

/** The booked slots between two dates (both included), each with what staff and the driver need. */
export async function bookedCollections(
  db: Db,
  from: string,
  to: string,
  deps: { bandOf: BandOf; log: Logger },
): Promise<(AdminCollectionBooking & { date: string; slot: CollectionSlot })[]> {
  const rows = await db
    .select({
      booking: {
        id: collectionBookings.id,
        date: collectionBookings.date,
        slot: collectionBookings.slot,
        distanceBand: collectionBookings.distanceBand,
        bookedBy: collectionBookings.bookedBy,
      },
      valuation: {
        id: carValuations.id,
        reference: carValuations.reference,
        registration: carValuations.registration,
        make: carValuations.make,
        model: carValuations.model,
        color: carValuations.color,
        mileage: carValuations.mileage,
        firstName: carValuations.firstName,
        lastName: carValuations.lastName,
        postcode: carValuations.postcode,
        phone: carValuations.phone,
        status: carValuations.status,
        documentsRequestedAt: carValuations.documentsRequestedAt,
        documentsCompletedAt: carValuations.documentsCompletedAt,
        keysCount: carValuations.keysCount,
        outstandingFinance: carValuations.outstandingFinance,
        financeLender: carValuations.financeLender,
        settlementPence: carValuations.settlementPence,
        settlementValidUntil: carValuations.settlementValidUntil,
        financeConfirmedAt: carValuations.financeConfirmedAt,
      },
    })
    .from(collectionBookings)
    .innerJoin(carValuations, eq(carValuations.id, collectionBookings.valuationId))
    .where(
      and(
        eq(collectionBookings.status, 'booked'),
        gte(collectionBookings.date, from),
        lte(collectionBookings.date, to),
      ),
    )
    .orderBy(
      asc(collectionBookings.date),
      asc(collectionBookings.slot),
      asc(collectionBookings.createdAt),
      asc(collectionBookings.id),
    );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.valuation.id);
  const [pending, offers, bands] = await Promise.all([
    db
      .select({ valuationId: valuationDocuments.valuationId, count: sql<number>`count(*)::int` })
      .from(valuationDocuments)
      .where(and(inArray(valuationDocuments.valuationId, ids), eq(valuationDocuments.status, 'pending')))
      .groupBy(valuationDocuments.valuationId),
    // The price agreed now: the accepted offer, as an accepted price revision lowered it (issue 37).
    agreedPrices(db, ids),
    bandsOf(
      rows.filter((row) => !isBand(row.booking.distanceBand)).map((row) => row.valuation.postcode),
      deps.bandOf,
      deps.log,
    ),
  ]);
  const offerOf = offers;
  return rows.map(({ booking, valuation: v }) => {
    const offerPence = offerOf.get(v.id) ?? null;
    return {
      date: booking.date,
      slot: booking.slot,
      bookingId: booking.id,
      valuationId: v.id,
      reference: v.reference,
      registration: v.registration,
      make: v.make,
      model: v.model,
      colour: v.color,
      mileage: v.mileage,
      sellerName: `${v.firstName} ${v.lastName}`.trim(),
      postcode: v.postcode,
      phone: v.phone,
      band: isBand(booking.distanceBand) ? booking.distanceBand : (bands.get(v.postcode) ?? null),
      documents: documentsState(v, pending.find((p) => p.valuationId === v.id)?.count ?? 0),
      keysCount: v.keysCount,
      finance: financeState(v, offerPence, booking.date),
      financeLender: v.financeLender,
      settlementPence: v.settlementPence,
      settlementValidUntil: v.settlementValidUntil,
      offerPence,
      bookedBy: booking.bookedBy,
    };
  });
}

/** The calendar days from `from`, `count` of them. */
export function calendarDays(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addCalendarDays(from, i));
}

const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

/** The days of the window, each with its capacity, its note and its bookings by slot. */
export async function collectionDaysBetween(
  db: Db,
  dates: readonly string[],
  deps: { bandOf: BandOf; log: Logger },
): Promise<AdminCollectionDay[]> {
  if (dates.length === 0) return [];
  const [slots, changed, bookings] = await Promise.all([
    slotsOn(db, dates),
    db
      .select({ date: collectionDays.date })
      .from(collectionDays)
      .where(inArray(collectionDays.date, [...dates])),
    bookedCollections(db, dates[0]!, dates[dates.length - 1]!, deps),
  ]);
  return slots.map((day) => ({
    date: day.date,
    weekend: isWeekend(day.date),
    bankHoliday: bankHolidayOn(day.date) ?? null,
    changed: changed.some((row) => row.date === day.date),
    note: day.note,
    slots: day.slots.map((slot) => ({
      ...slot,
      bookings: bookings
        .filter((b) => b.date === day.date && b.slot === slot.slot)
        .map(({ date: _date, slot: _slot, ...booking }) => booking),
    })),
  }));
}

/** The Collections screen's answer for `days` calendar days from `from`. */
export async function collectionsWindow(
  db: Db,
  window: { from: string; days: number; today: string },
  deps: { bandOf: BandOf; log: Logger },
): Promise<AdminCollections> {
  const dates = calendarDays(window.from, window.days);
  const [usual, days] = await Promise.all([usualCapacity(db), collectionDaysBetween(db, dates, deps)]);
  return { usual, today: window.today, from: dates[0]!, to: dates[dates.length - 1]!, days };
}

/** Saves the usual capacity (the one settings row). Days already booked above it keep their bookings. */
export async function saveUsualCapacity(
  db: Db,
  change: { capacity: Capacity; userId: number; now: Date },
): Promise<Capacity> {
  const values = {
    morningCapacity: change.capacity.morning,
    afternoonCapacity: change.capacity.afternoon,
    updatedAt: change.now,
    updatedByUserId: change.userId,
  };
  await db
    .insert(collectionSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: collectionSettings.id, set: values });
  return usualCapacity(db);
}

function refusePast(date: string, today: string) {
  if (date < today) {
    throw new AppError('INVALID_INPUT', m.pastDate, { issues: [{ path: 'date', message: m.pastDate }] });
  }
}

/**
 * Runs `change` with both of the day's slots locked (the lock a booking takes, bookings.ts), after
 * refusing a capacity below what each slot has booked: no booking can slip in between the count
 * and the change.
 */
async function withDayLocked(
  db: Db,
  date: string,
  capacity: (usual: Capacity) => Capacity,
  change: (tx: Db) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    for (const slot of collectionSlots) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`collection ${date} ${slot}`}))`);
    }
    const [day] = await slotsOn(tx, [date]);
    const wanted = capacity(await usualCapacity(tx));
    for (const slot of day!.slots) {
      if (wanted[slot.slot] < slot.booked) throw new AppError('CONFLICT', bookedAboveMessage(slot.booked, slot.slot));
    }
    await change(tx);
  });
}

/** Gives the day its own capacity and note (0 and 0: no collections). */
export async function changeDay(
  db: Db,
  change: { date: string; morning: number; afternoon: number; note: string; userId: number; now: Date; today: string },
): Promise<void> {
  refusePast(change.date, change.today);
  const values = {
    morningCapacity: change.morning,
    afternoonCapacity: change.afternoon,
    note: change.note,
    updatedAt: change.now,
    updatedByUserId: change.userId,
  };
  await withDayLocked(
    db,
    change.date,
    () => ({ morning: change.morning, afternoon: change.afternoon }),
    async (tx) => {
      await tx
        .insert(collectionDays)
        .values({ date: change.date, ...values })
        .onConflictDoUpdate({ target: collectionDays.date, set: values });
    },
  );
}

/** Puts the day back to the usual (none on a weekend or bank holiday). */
export async function resetDay(db: Db, change: { date: string; today: string }): Promise<void> {
  refusePast(change.date, change.today);
  await withDayLocked(
    db,
    change.date,
    (usual) => (isWorkingDay(change.date) ? usual : { morning: 0, afternoon: 0 }),
    async (tx) => {
      await tx.delete(collectionDays).where(eq(collectionDays.date, change.date));
    },
  );
}
