import type { Db } from '~/server/db/client';
import type { carValuations } from '~/server/db/schema';
import type { SellerCollection } from '~/shared/collections';
import type { DistanceBand } from '~/shared/distance';
import { changeable, currentBooking, describeSlot } from './bookings';
import { offeredDays } from './collection-slots';

type Valuation = Pick<typeof carValuations.$inferSelect, 'id' | 'status' | 'postcode'>;

let shortDay: Intl.DateTimeFormat | undefined;
/** "Tue 1 Dec": the day buttons' label. */
const dayLabel = (date: string) => {
  shortDay ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
  return shortDay.format(new Date(`${date}T12:00:00Z`)).replace(',', '');
};

/**
 * Collection day as the seller's page shows it: what they booked and whether they may still change
 * it, and the days they may book (or move to), each slot free or not. A slot's number of places is
 * staff's business: the seller sees only whether one is left.
 */
export async function sellerCollection(
  db: Db,
  valuation: Valuation,
  /** The seller's distance band, asked only when days are to be offered (it may ask Google). */
  band: () => Promise<DistanceBand | null>,
  now: Date,
): Promise<SellerCollection> {
  const none = (state: SellerCollection['state']): SellerCollection => ({ state, booking: null, days: [] });
  switch (valuation.status) {
    case 'new':
    case 'contacted':
    case 'offer_made':
      return none('not_yet');
    case 'collected':
    case 'completed':
      return none('collected');
    case 'lost':
      return none('closed');
    case 'offer_accepted':
    case 'collection_booked':
      break;
  }
  const booked = await currentBooking(db, valuation.id);
  const booking = booked
    ? {
        date: booked.date,
        slot: booked.slot,
        dayLabel: describeSlot(booked.date, booked.slot).day,
        slotLabel: describeSlot(booked.date, booked.slot).slot,
        changeable: changeable(booked, now),
      }
    : null;
  if (booking && !booking.changeable) return { state: 'booked', booking, days: [] };
  const days = await offeredDays(db, await band(), now);
  if (days === null) return { state: booking ? 'booked' : 'by_arrangement', booking, days: [] };
  return {
    state: booking ? 'booked' : 'choose',
    booking,
    days: days
      .filter((day) => day.slots.some((slot) => slot.capacity > 0))
      .map((day) => ({
        date: day.date,
        dayLabel: dayLabel(day.date),
        slots: day.slots.map((slot) => ({
          slot: slot.slot,
          free: slot.free > 0 || (booked?.date === day.date && booked.slot === slot.slot),
        })),
      })),
  };
}
