import { CalendarCheck, CircleAlert, Truck } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import { useSiteConfig } from '~/client/lib/site-config';
import { collectionMessages, slotTimes, type CollectionSlot, type SellerCollection } from '~/shared/collections';

const API = '/api/your-valuation/collection';
/** Days shown before "Show more days": a phone's screen of choices. */
const FIRST_DAYS = 5;

/**
 * Collection day on the seller's page (issue 36): the days we can come (from the first one their
 * distance allows), each morning and afternoon free or taken, and the booking once made, which they
 * may move or cancel up to 24 hours before. The server renders it whole; its code comes when the
 * seller first touches it.
 */
export function CollectionPanel({ collection: initial }: { collection: SellerCollection }) {
  const [collection, setCollection] = useState(initial);
  const [changing, setChanging] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const site = useSiteConfig();
  const call = site.phone ? ` on ${site.phone.display}` : '';

  async function send(method: 'PUT' | 'DELETE', body?: { date: string; slot: CollectionSlot }) {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const answer = await apiRequest<SellerCollection>(method, API, body);
      setCollection(answer);
      setChanging(false);
      setConfirmCancel(false);
      setDone(
        method === 'DELETE'
          ? 'Your collection is cancelled. Your offer stands: choose another day when it suits you.'
          : 'Booked. We have e-mailed you the details and a calendar file.',
      );
    } catch (error) {
      setFailure(messageOf(error));
      // A slot taken meanwhile: show the days as they are now.
      if (error instanceof ApiError && error.status === 409) {
        setCollection(await apiRequest<SellerCollection>('GET', API).catch(() => collection));
      }
    } finally {
      setBusy(false);
    }
  }

  const { booking } = collection;
  return (
    <div>
      {done ? (
        <p role="status" className="mt-3 flex items-start gap-2 font-semibold text-go-700">
          <CalendarCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {done}
        </p>
      ) : null}
      {failure ? (
        <p
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 font-semibold text-red-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {failure}
        </p>
      ) : null}
      {collection.state === 'by_arrangement' ? <p className="mt-2">{collectionMessages.byArrangement}</p> : null}
      {collection.state === 'collected' ? <p className="mt-2">We have collected your car. Thank you.</p> : null}
      {booking ? (
        <div className="mt-3 rounded-lg border border-green-200 bg-green-50 p-4">
          <p className="flex items-start gap-2 font-semibold text-brand-900">
            <Truck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-go-700" />
            <span>
              Booked: {booking.dayLabel}, {booking.slotLabel}
            </span>
          </p>
          <p className="mt-2 text-sm text-ink">
            The driver calls you when on the way. Please have the V5C logbook, every key and photo ID ready: we pay you
            before the car leaves.
          </p>
          {booking.changeable ? (
            !changing && !confirmCancel ? (
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => setChanging(true)}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  Change day
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => setConfirmCancel(true)}
                  className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                >
                  Cancel collection
                </button>
              </div>
            ) : null
          ) : (
            <p className="mt-3 text-sm font-semibold">
              It is less than 24 hours away, so it can no longer be changed here. To change it, please call us{call}.
            </p>
          )}
          {confirmCancel ? (
            <div className="mt-3" role="group" aria-label="Cancel the collection?">
              <p className="font-semibold">Cancel the collection? Your offer stands, and you can book another day.</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void send('DELETE')}
                  className={buttonVariants({ variant: 'danger', size: 'sm' })}
                >
                  {busy ? 'Cancelling…' : 'Yes, cancel it'}
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => setConfirmCancel(false)}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  No, keep it
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
      {collection.state === 'choose' || (changing && collection.days.length > 0) ? (
        <DayPicker
          collection={collection}
          busy={busy}
          moving={Boolean(booking)}
          onChoose={(choice) => void send('PUT', choice)}
          onCancel={booking ? () => setChanging(false) : undefined}
        />
      ) : null}
    </div>
  );
}

function DayPicker(props: {
  collection: SellerCollection;
  busy: boolean;
  moving: boolean;
  onChoose: (choice: { date: string; slot: CollectionSlot }) => void;
  onCancel?: () => void;
}) {
  const { collection, busy, moving } = props;
  const [showAll, setShowAll] = useState(false);
  const [choice, setChoice] = useState<string>('');
  const [missing, setMissing] = useState(false);
  const legendId = useId();
  const missingRef = useRef<HTMLParagraphElement>(null);
  const days = showAll ? collection.days : collection.days.slice(0, FIRST_DAYS);
  const current = collection.booking ? `${collection.booking.date}|${collection.booking.slot}` : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!choice || choice === current) {
      setMissing(true);
      requestAnimationFrame(() => missingRef.current?.focus());
      return;
    }
    const [date, slot] = choice.split('|') as [string, CollectionSlot];
    props.onChoose({ date, slot });
  }

  if (collection.days.length === 0) {
    return (
      <p className="mt-3">We have no free slots in the next three weeks. Please call us and we will find a day.</p>
    );
  }
  return (
    <form className="mt-4" onSubmit={submit} noValidate>
      <fieldset aria-describedby={missing ? `${legendId}-missing` : undefined}>
        <legend id={legendId} className="font-semibold text-brand-900">
          {moving ? 'Choose the new day' : 'Choose a day for us to collect your car'}
        </legend>
        <p className="mt-1 text-sm text-muted">
          Collection is free. Morning is 8am to 12 noon, afternoon 12 noon to 5pm.
        </p>
        <ul className="mt-3 flex flex-col gap-2">
          {days.map((day) => (
            <li key={day.date} className="grid grid-cols-[6.5rem_1fr_1fr] items-center gap-2">
              <span className="text-sm font-semibold">{day.dayLabel}</span>
              {day.slots.map((slot) => {
                const value = `${day.date}|${slot.slot}`;
                const taken = !slot.free;
                const label = slotTimes[slot.slot].label.split(',')[0]!;
                return (
                  <label
                    key={slot.slot}
                    className={cx(
                      'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                      taken
                        ? 'cursor-not-allowed border-line bg-slate-50 text-muted line-through'
                        : choice === value
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-brand-200 bg-white text-brand-900 hover:bg-brand-50',
                    )}
                  >
                    <input
                      type="radio"
                      name="slot"
                      value={value}
                      disabled={taken || busy}
                      checked={choice === value}
                      onChange={() => {
                        setChoice(value);
                        setMissing(false);
                      }}
                      className="sr-only"
                    />
                    {label}
                    <span className="sr-only">
                      {' '}
                      on {day.dayLabel}
                      {taken ? ' (taken)' : ''}
                    </span>
                  </label>
                );
              })}
            </li>
          ))}
        </ul>
      </fieldset>
      {!showAll && collection.days.length > FIRST_DAYS ? (
        <button
          type="button"
          onClick={() => setShowAll(true)}
          className={cx(buttonVariants({ variant: 'ghost', size: 'sm' }), 'mt-2')}
        >
          Show more days
        </button>
      ) : null}
      {missing ? (
        <p id={`${legendId}-missing`} ref={missingRef} tabIndex={-1} className="mt-3 text-sm font-semibold text-danger">
          {moving ? 'Choose a different slot first.' : 'Choose a morning or an afternoon first.'}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className={cx(buttonVariants({ variant: 'primary', size: 'md' }), 'w-full sm:w-auto')}
        >
          {busy ? 'Booking…' : moving ? 'Move my collection' : 'Book this collection'}
        </button>
        {props.onCancel ? (
          <button
            type="button"
            disabled={busy}
            onClick={props.onCancel}
            className={buttonVariants({ variant: 'outline', size: 'md' })}
          >
            Keep my booking
          </button>
        ) : null}
      </div>
    </form>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'We could not reach our server. Check your connection and try again.';
    return error.body?.issues?.[0]?.message ?? error.body?.message ?? 'Something went wrong. Please try again.';
  }
  return 'Something went wrong. Please try again.';
}

export const CollectionPanelIsland = island('features/public/your-valuation/collection-panel', CollectionPanel);
