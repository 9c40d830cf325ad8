import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, collectionBookings, valuationEvents } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import {
  CHANGE_CUTOFF_HOURS,
  collectionMessages as m,
  REMINDER_TIME,
  slotTimes,
  type CollectionSlot,
} from '~/shared/collections';
import type { DistanceBand } from '~/shared/distance';
import { alertStaff, carOf, collectionBooked, collectionCancelled, collectionReminder, type Outbox } from '../messages';
import { issueSellerSecret, moveValuation } from '../valuations';
import { collectionCalendarFile } from './calendar-file';
import { isOffered, slotsOn, slotWindow } from './collection-slots';
import { addCalendarDays, ukInstant } from './working-days';

/**
 * Booking, moving and cancelling a collection slot (issue 36). Each runs in one transaction with the
 * request's row locked, and the slot's count taken under a lock of its own (a transaction-scoped
 * advisory lock on the date and slot), so two sellers can never both take the last place: the
 * second waits for the first to commit, then counts it. The stage moves through the lifecycle,
 * and the seller's e-mail (with its calendar file), the evening-before reminder and staff's alert
 * go through the outbox in the same transaction.
 */

type Valuation = typeof carValuations.$inferSelect;
type Booking = typeof collectionBookings.$inferSelect;

export type BookingDeps = { db: Db; outbox: Outbox; staffNotifyEmails: readonly string[] };
export type Actor = { kind: 'seller' } | { kind: 'staff'; userId: number };

/** Whether the seller may still move or cancel it themselves: more than 24 hours before it starts. */
export function changeable(booking: { date: string; slot: CollectionSlot }, now: Date): boolean {
  return slotWindow(booking.date, booking.slot).start.getTime() - now.getTime() > CHANGE_CUTOFF_HOURS * 3_600_000;
}

async function lockValuation(tx: Db, valuationId: string): Promise<Valuation> {
  const [valuation] = await tx.select().from(carValuations).where(eq(carValuations.id, valuationId)).for('update');
  if (!valuation) throw new AppError('NOT_FOUND', 'Valuation not found');
  return valuation;
}

export async function currentBooking(db: Db, valuationId: string): Promise<Booking | undefined> {
  const [booking] = await db
    .select()
    .from(collectionBookings)
    .where(and(eq(collectionBookings.valuationId, valuationId), eq(collectionBookings.status, 'booked')));
  return booking;
}

/** Takes one place of the slot, or refuses when it has none left; holds the slot's lock to the commit. */
async function takePlace(tx: Db, date: string, slot: CollectionSlot) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`collection ${date} ${slot}`}))`);
  const [day] = await slotsOn(tx, [date]);
  if ((day?.slots.find((s) => s.slot === slot)?.free ?? 0) < 1) throw new AppError('CONFLICT', m.slotFull);
}

export type BookingChange = {
  valuationId: string;
  date: string;
  slot: CollectionSlot;
  actor: Actor;
  /** The seller's distance band (it decides the earliest day they are offered). */
  band: DistanceBand | null;
  now: Date;
};

/**
 * Books the slot for the request, or moves its booking there. The seller may book only what their
 * page offers, and move only until 24 hours before; staff may book any day with room.
 */
export async function bookCollection(deps: BookingDeps, change: BookingChange): Promise<Booking> {
  const { valuationId, date, slot, actor, band, now } = change;
  return deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    if (valuation.status !== 'offer_accepted' && valuation.status !== 'collection_booked') {
      throw new AppError('CONFLICT', m.notAccepted);
    }
    const previous = await currentBooking(tx, valuationId);
    if (previous?.date === date && previous.slot === slot) return previous;
    if (actor.kind === 'seller') {
      if (previous && !changeable(previous, now)) throw new AppError('CONFLICT', m.tooLate);
      if (!isOffered(band, now, date)) {
        throw new AppError('INVALID_INPUT', m.notOffered, { issues: [{ path: 'date', message: m.notOffered }] });
      }
    } else if (slotWindow(date, slot).start <= now) {
      throw new AppError('INVALID_INPUT', m.pastDate, { issues: [{ path: 'date', message: m.pastDate }] });
    }
    await takePlace(tx, date, slot);
    if (previous) await endBooking(tx, deps.outbox, previous, 'moved', now);
    const [booking] = await tx
      .insert(collectionBookings)
      .values({ valuationId, date, slot, distanceBand: band, bookedBy: actor.kind, createdAt: now })
      .returning();
    const reminderMessageId = await queueMessages(tx, deps, valuation, booking!, Boolean(previous), now);
    if (reminderMessageId) {
      await tx.update(collectionBookings).set({ reminderMessageId }).where(eq(collectionBookings.id, booking!.id));
    }
    await tx.insert(valuationEvents).values({
      valuationId,
      type: previous ? 'collection_moved' : 'collection_booked',
      data: {
        bookingId: booking!.id,
        date,
        slot,
        by: actor.kind,
        ...(previous ? { from: { date: previous.date, slot: previous.slot } } : {}),
      },
      actorUserId: actor.kind === 'staff' ? actor.userId : null,
      createdAt: now,
    });
    if (!previous) await moveValuation(tx, { valuation, event: { type: 'book_collection' }, actor, now });
    if (actor.kind === 'seller') {
      await alertStaff(tx, deps.outbox, {
        to: deps.staffNotifyEmails,
        valuation,
        kind: previous ? 'collection_moved' : 'collection_booked',
        amountPence: null,
      });
    }
    return { ...booking!, reminderMessageId: reminderMessageId ?? null };
  });
}

/** Cancels the request's booking: the offer stands, and the seller may book again. */
export async function cancelCollection(
  deps: BookingDeps,
  change: { valuationId: string; actor: Actor; now: Date },
): Promise<void> {
  const { valuationId, actor, now } = change;
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    const booking = await currentBooking(tx, valuationId);
    if (!booking) throw new AppError('CONFLICT', m.noBooking);
    if (actor.kind === 'seller' && !changeable(booking, now)) throw new AppError('CONFLICT', m.tooLate);
    await endBooking(tx, deps.outbox, booking, 'cancelled', now);
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'collection_cancelled',
      data: { bookingId: booking.id, date: booking.date, slot: booking.slot, by: actor.kind },
      actorUserId: actor.kind === 'staff' ? actor.userId : null,
      createdAt: now,
    });
    await moveValuation(tx, { valuation, event: { type: 'cancel_collection' }, actor, now });
    const { day, slot } = describeSlot(booking.date, booking.slot);
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: collectionCancelled,
      data: {
        ...carOf(valuation),
        firstName: valuation.firstName,
        day,
        slot,
        sellerSecret: await issueSellerSecret(tx, valuationId, now),
      },
      valuationId,
    });
    if (actor.kind === 'seller') {
      await alertStaff(tx, deps.outbox, {
        to: deps.staffNotifyEmails,
        valuation,
        kind: 'collection_cancelled',
        amountPence: null,
      });
    }
  });
}

/**
 * Cancels the request's booking inside the caller's transaction, when the sale ends another way (the
 * seller declined a revised price, issue 37): the slot is freed, its reminder taken back and the
 * timeline says why. The caller moves the stage and tells the seller in its own message. Returns the
 * booking it ended, if there was one, with its day and slot in words.
 */
export async function cancelBookingWithin(
  tx: Db,
  outbox: Outbox,
  change: { valuationId: string; by: Actor['kind']; reason: string; now: Date },
): Promise<{ booking: Booking; day: string; slot: string } | undefined> {
  const booking = await currentBooking(tx, change.valuationId);
  if (!booking) return undefined;
  await endBooking(tx, outbox, booking, 'cancelled', change.now);
  await tx.insert(valuationEvents).values({
    valuationId: change.valuationId,
    type: 'collection_cancelled',
    data: { bookingId: booking.id, date: booking.date, slot: booking.slot, by: change.by, reason: change.reason },
    createdAt: change.now,
  });
  return { booking, ...describeSlot(booking.date, booking.slot) };
}

/** Ends a booking (moved or cancelled) and takes its reminder back out of the outbox if not yet sent. */
async function endBooking(tx: Db, outbox: Outbox, booking: Booking, status: 'moved' | 'cancelled', now: Date) {
  await tx.update(collectionBookings).set({ status, endedAt: now }).where(eq(collectionBookings.id, booking.id));
  if (booking.reminderMessageId) await outbox.withdraw(tx, booking.reminderMessageId);
}

let dayFormat: Intl.DateTimeFormat | undefined;
/** "Tuesday 1 December 2026" and "morning, 8am to 12 noon", as the seller reads them. */
export function describeSlot(date: string, slot: CollectionSlot): { day: string; slot: string } {
  dayFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const day = dayFormat.format(new Date(`${date}T12:00:00Z`)).replace(',', '');
  const [part, hours] = slotTimes[slot].label.split(', ') as [string, string];
  return { day, slot: `${part.toLowerCase()}, ${hours}` };
}

/**
 * The seller's e-mail with its calendar file, and (when they chose texts and have a number we can
 * text) the reminder at 18:00 UK time the day before; returns the reminder's id, if one was queued.
 */
async function queueMessages(
  tx: Db,
  deps: BookingDeps,
  valuation: Valuation,
  booking: Booking,
  moved: boolean,
  now: Date,
): Promise<string | undefined> {
  const { day, slot } = describeSlot(booking.date, booking.slot);
  const car = carOf(valuation);
  await deps.outbox.queueEmail(tx, {
    to: valuation.email,
    template: collectionBooked,
    data: {
      ...car,
      firstName: valuation.firstName,
      day,
      slot,
      moved,
      hasFinance: valuation.outstandingFinance === 'yes',
      sellerSecret: await issueSellerSecret(tx, valuation.id, now),
    },
    attachments: [collectionCalendarFile(booking, valuation)],
    valuationId: valuation.id,
  });
  const wantsTexts = valuation.contactPreference?.includes('text') ?? false;
  const sendAt = ukInstant(addCalendarDays(booking.date, -1), REMINDER_TIME);
  if (!wantsTexts || !valuation.phoneE164 || sendAt <= now) return undefined;
  const reminder = await deps.outbox.queueSms(tx, {
    to: valuation.phoneE164,
    template: collectionReminder,
    data: { ...car, firstName: valuation.firstName, day, slot },
    valuationId: valuation.id,
    sendAt,
  });
  return reminder.id;
}
