import { createEvent, type DateArray } from 'ics';
import type { NewAttachment } from '../messages';
import { slotWindow } from './collection-slots';
import type { CollectionSlot } from '~/shared/collections';

/**
 * The collection as a calendar file (RFC 5545), made by the `ics` package: its start and end are
 * written in UTC, the instants UK clocks show the slot's times on that day (working-days.ts), so
 * every calendar shows the right local time whichever side of a clock change the booking was made.
 * The UID is the booking's: a moved booking is a new event, the old one's e-mail said it moved.
 */
export function collectionCalendarFile(
  booking: { id: string; date: string; slot: CollectionSlot },
  car: { reference: string; registration: string; make: string | null; model: string | null; postcode: string },
): NewAttachment {
  const { start, end } = slotWindow(booking.date, booking.slot);
  const vehicle = [car.make, car.model].filter(Boolean).join(' ') || car.registration;
  const { error, value } = createEvent({
    uid: `${booking.id}@collections.carbuy`,
    productId: 'carbuy/collections',
    start: utcParts(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Car collection: ${vehicle} (${car.registration})`,
    description: `We collect your car in this window and pay you before it leaves. Have the V5C logbook and every key ready. Reference ${car.reference}.`,
    location: car.postcode,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('the calendar file could not be made');
  return { filename: 'collection.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from(value) };
}

const utcParts = (instant: Date): DateArray => [
  instant.getUTCFullYear(),
  instant.getUTCMonth() + 1,
  instant.getUTCDate(),
  instant.getUTCHours(),
  instant.getUTCMinutes(),
];
