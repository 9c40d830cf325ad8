import { ClipboardCheck, FileText, MessageSquareText, Pencil, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import {
  collectionAdminMessages,
  collectionDocumentsLabels,
  collectionFinanceLabels,
  slotTimes,
  type AdminCollectionBooking,
  type AdminCollectionDay,
} from '~/shared/collection-schemas';
import { formatPounds } from '~/shared/offer-basics';
import { makeAndModel } from '~/shared/vehicle-names';
import { adminPaths } from '../../admin-paths';
import { errorMessage } from '../../lib/server-errors';
import { daySheetUrl, useChangeDay } from '../api/collections';
import { bandBadge, dayHeading, documentsLook, financeLook, shortDate, slotNames } from '../lib/collection-words';
import { ChangeDayForm } from './change-day-form';

/**
 * One calendar day of the Collections screen (issue 36): its date and what kind of day it is, the
 * note, each slot's use and its bookings (each a link to the request), the day sheet, and the
 * change of the day's capacity (inline) or its return to the usual.
 */
export function DayCard({ day, today }: { day: AdminCollectionDay; today: string }) {
  const change = useChangeDay();
  const [editing, setEditing] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const headingId = `day-${day.date}`;
  const past = day.date < today;
  const total = day.slots.reduce((sum, slot) => sum + slot.booked, 0);
  const closedAll = day.slots.every((slot) => slot.capacity === 0);

  const closeForm = () => {
    setEditing(false);
    // After the form goes, focus returns to the button that opened it.
    requestAnimationFrame(() => changeButton.current?.focus());
  };

  async function backToUsual() {
    if (change.isPending) return;
    try {
      await change.mutateAsync({ date: day.date, change: 'usual' });
      toast({ title: collectionAdminMessages.dayReset, description: dayHeading(day.date) });
      setEditing(false);
      requestAnimationFrame(() => changeButton.current?.focus());
    } catch (error) {
      toast({
        title: 'Day not changed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Card className={cn('flex flex-col', closedAll && total === 0 && !editing && 'bg-surface', past && 'opacity-80')}>
      <article aria-labelledby={headingId} className="grid gap-3 p-4 sm:p-5">
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="grid gap-1">
            <h3 id={headingId} className="text-lg leading-6 font-bold text-brand-950">
              {dayHeading(day.date)}
            </h3>
            <p className="flex flex-wrap items-center gap-1.5">
              {day.date === today ? <Badge variant="brand">Today</Badge> : null}
              {day.bankHoliday ? <Badge variant="plate">Bank holiday: {day.bankHoliday}</Badge> : null}
              {day.weekend ? <Badge variant="neutral">Weekend</Badge> : null}
              {day.changed ? <Badge variant="subtle">Changed day</Badge> : null}
              {closedAll ? <Badge variant="neutral">No collections</Badge> : null}
              {past ? <Badge variant="neutral">Past</Badge> : null}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {total > 0 ? (
              <Button asChild variant="outline" size="sm">
                <a href={daySheetUrl(day.date)} target="_blank" rel="noopener">
                  <FileText aria-hidden="true" />
                  Day sheet (PDF)
                  <span className="sr-only"> for {dayHeading(day.date)}, opens in a new tab</span>
                </a>
              </Button>
            ) : null}
            {past ? null : (
              <Button
                ref={changeButton}
                variant="outline"
                size="sm"
                aria-expanded={editing}
                aria-controls={editing ? `${headingId}-form` : undefined}
                onClick={() => (editing ? closeForm() : setEditing(true))}
                disabled={change.isPending}
              >
                <Pencil aria-hidden="true" />
                Change this day
                <span className="sr-only"> ({dayHeading(day.date)})</span>
              </Button>
            )}
            {day.changed && !past ? (
              <Button variant="ghost" size="sm" onClick={() => void backToUsual()} disabled={change.isPending}>
                <RotateCcw aria-hidden="true" />
                {change.isPending && change.variables.change === 'usual' ? 'Saving…' : 'Back to usual'}
                <span className="sr-only"> ({dayHeading(day.date)})</span>
              </Button>
            ) : null}
          </div>
        </header>

        {day.note ? (
          <p className="flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-950">
            <MessageSquareText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              <span className="sr-only">Note: </span>
              {day.note}
            </span>
          </p>
        ) : null}

        {editing ? (
          <ChangeDayForm id={`${headingId}-form`} day={day} change={change} onDone={closeForm} onCancel={closeForm} />
        ) : null}

        {closedAll && total === 0 ? null : (
          <div className="grid gap-3">
            {day.slots.map((slot) => (
              <section
                key={slot.slot}
                aria-label={`${slotNames[slot.slot]} of ${dayHeading(day.date)}`}
                className="overflow-hidden rounded-lg border border-line"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 bg-surface px-3 py-2">
                  <h4 className="text-sm font-bold text-brand-950">
                    {slotNames[slot.slot]}{' '}
                    <span className="font-normal text-muted">{slotTimes[slot.slot].label.replace(/^\w+, /, '')}</span>
                  </h4>
                  <p className={cn('text-sm font-semibold', slot.free === 0 && slot.capacity > 0 && 'text-go-700')}>
                    {slot.capacity === 0 && slot.booked === 0
                      ? 'No collections'
                      : `${slot.booked} of ${slot.capacity} booked`}
                  </p>
                </div>
                {slot.bookings.length > 0 ? (
                  <ul className="divide-y divide-line">
                    {slot.bookings.map((booking) => (
                      <BookingRow key={booking.bookingId} booking={booking} />
                    ))}
                  </ul>
                ) : slot.capacity > 0 ? (
                  <p className="px-3 py-2.5 text-sm text-muted">Nothing booked yet.</p>
                ) : null}
              </section>
            ))}
          </div>
        )}
      </article>
    </Card>
  );
}

function BookingRow({ booking }: { booking: AdminCollectionBooking }) {
  const car = makeAndModel(booking) || 'Car';
  const band = booking.band ? bandBadge[booking.band] : null;
  const financeTitle =
    booking.finance === 'letter_expires' && booking.settlementValidUntil
      ? `The settlement figure holds until ${shortDate(booking.settlementValidUntil)}`
      : undefined;
  return (
    <li className="grid gap-1.5 px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Link
          to={adminPaths.valuation(booking.valuationId)}
          className="inline-flex min-w-0 items-center gap-2 rounded font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none"
        >
          <span className="rounded border border-brand-950/70 bg-plate px-1.5 font-plate text-sm leading-5 font-bold tracking-wider whitespace-nowrap text-brand-950 uppercase">
            <span className="sr-only">Registration </span>
            {booking.registration}
          </span>
          <span className="truncate">{car}</span>
        </Link>
        <span className="text-sm text-muted">{booking.sellerName}</span>
        <span className="ml-auto text-sm font-bold text-brand-950">
          {booking.offerPence === null ? null : (
            <>
              <span className="sr-only">Agreed price </span>
              {formatPounds(booking.offerPence)}
            </>
          )}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-1.5 text-sm">
        <span className="mr-1 font-medium whitespace-nowrap text-ink">{booking.postcode}</span>
        {band ? (
          <Badge variant={band.look}>
            <span className="sr-only">Distance: </span>
            {band.label}
          </Badge>
        ) : (
          <Badge variant="neutral">
            <span className="sr-only">Distance: </span>N/A
          </Badge>
        )}
        <Badge variant={documentsLook[booking.documents]}>{collectionDocumentsLabels[booking.documents]}</Badge>
        <Badge variant={financeLook[booking.finance]} title={financeTitle}>
          {collectionFinanceLabels[booking.finance]}
          {financeTitle ? <span className="sr-only">: {financeTitle}</span> : null}
        </Badge>
        <Button asChild variant="outline" size="sm" className="ml-auto">
          <Link to={adminPaths.handover(booking.valuationId)}>
            <ClipboardCheck aria-hidden="true" />
            Handover
            <span className="sr-only"> for {booking.registration}</span>
          </Link>
        </Button>
      </div>
    </li>
  );
}
