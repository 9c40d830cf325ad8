import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { island } from '~/client/lib/island';
import { paths } from '~/shared/paths';
import { formatPounds } from '~/shared/offer-basics';
import { formatUkDeadline } from '~/shared/offer-validity';
import { DECLINE_REASON_MAX_LENGTH, timeLeft, type SellerOffer } from '~/shared/seller-portal-basics';

const CHECK_CONNECTION = 'We could not reach our server. Please check your connection and try again.';

type Props = { offer: SellerOffer; now: string; freshOfferRequestedAt: string | null };

/** The server's "now" moved on by the time since the page was made, so a wrong phone clock cannot mislead. */
function useServerNow(serverNow: string): Date {
  const [offset] = useState(() => new Date(serverNow).getTime() - Date.now());
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    const tick = () => setNow(new Date(Date.now() + offset));
    tick();
    const timer = window.setInterval(tick, 30_000);
    return () => window.clearInterval(timer);
  }, [offset]);
  return now;
}

/**
 * The current offer on the seller's page (issue 34), an island: the amount, until when it stands
 * with a countdown, the conditions it rests on, and Accept or Decline (a reason optional). Once it
 * has ended, "Ask for a fresh offer" instead. Every answer goes to the server, which decides (an
 * offer that ended meanwhile is refused there with its message); the page is then loaded again to
 * show what is now true.
 */
export function OfferPanel({ offer, now: serverNow, freshOfferRequestedAt }: Props) {
  const now = useServerNow(serverNow);
  const deadline = new Date(offer.validUntil);
  // The server refused an answer (the offer ended, or was replaced, since the page was made).
  const [refused, setRefused] = useState(false);
  const pastEnd = offer.status === 'expired' || (offer.status === 'open' && now > deadline);
  const ended = refused || pastEnd;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [asked, setAsked] = useState(freshOfferRequestedAt !== null);
  const failureRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  async function send(path: string, body: object, after: () => void) {
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest('POST', path, body);
      after();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.userMessage(CHECK_CONNECTION) : CHECK_CONNECTION);
      if (error instanceof ApiError && error.status === 409) setRefused(true);
      setBusy(false);
    }
  }
  const reload = () => window.location.assign(window.location.pathname);

  const amount = formatPounds(offer.amountPence);
  return (
    <section
      aria-labelledby="offer-title"
      className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8"
    >
      <h2 id="offer-title" className="text-lg font-bold text-brand-900">
        Our offer
      </h2>
      <p className="mt-2 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{amount}</p>
      {offer.status === 'accepted' ? (
        <p className="mt-3 flex items-start gap-2 font-semibold text-go-700">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          You accepted this offer
          {offer.acceptedAt
            ? ` on ${formatUkDeadline(new Date(offer.acceptedAt), now).replace(/^\d\d:\d\d on /, '')}`
            : ''}
          .
        </p>
      ) : pastEnd ? (
        <p className="mt-3 flex items-start gap-2 font-semibold text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          This offer ended at {formatUkDeadline(deadline, now)} (UK time).
        </p>
      ) : offer.status === 'open' && !refused ? (
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-ink">
          <Clock aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          <span>
            Valid until <strong>{formatUkDeadline(deadline, now)}</strong> (UK time)
          </span>
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
            {timeLeft(deadline, now)}
          </span>
        </p>
      ) : (
        <p className="mt-3 text-muted">This offer is no longer open.</p>
      )}

      {offer.notes && (
        <blockquote className="mt-5 border-l-4 border-brand-200 pl-4">
          <p className="text-sm font-semibold text-brand-900">A note from our team</p>
          <p className="mt-1 whitespace-pre-line">{offer.notes}</p>
        </blockquote>
      )}

      <h3 className="mt-6 font-bold text-brand-900">What the price rests on</h3>
      <p className="mt-1 text-muted">What you told us about the car. If it is as you described, the price stands.</p>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        {offer.conditions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      {failure && (
        <p
          ref={failureRef}
          tabIndex={-1}
          role="alert"
          className="mt-5 rounded-lg border border-red-200 bg-red-50 p-3 font-semibold text-red-800"
        >
          {failure}
        </p>
      )}

      {offer.status === 'open' && !ended && (
        <div className="mt-6 grid gap-3">
          <form
            method="post"
            action={paths.yourValuation}
            onSubmit={(event) => {
              event.preventDefault();
              void send('/api/your-valuation/offer/accept', { offerId: offer.id }, reload);
            }}
          >
            <input type="hidden" name="action" value="accept" />
            <input type="hidden" name="offerId" value={offer.id} />
            <button
              type="submit"
              className={`${buttonVariants({ variant: 'primary', size: 'lg' })} w-full sm:w-auto`}
              disabled={busy}
            >
              Accept {amount}
            </button>
          </form>
          {/* A disclosure, not a dialog: it opens with or without JavaScript, by keyboard too. */}
          <details className="group rounded-lg border border-line open:p-4">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-center rounded-lg px-5 text-lg font-semibold text-brand-900 hover:bg-brand-50 group-open:justify-start group-open:px-0 group-open:hover:bg-transparent [&::-webkit-details-marker]:hidden">
              Decline this offer
            </summary>
            <form
              method="post"
              action={paths.yourValuation}
              className="mt-2"
              onSubmit={(event) => {
                event.preventDefault();
                const reason = new FormData(event.currentTarget).get('reason');
                void send('/api/your-valuation/offer/decline', { offerId: offer.id, reason }, reload);
              }}
            >
              <input type="hidden" name="action" value="decline" />
              <input type="hidden" name="offerId" value={offer.id} />
              <label htmlFor="decline-reason" className="block font-semibold text-brand-900">
                Why are you declining? (optional)
              </label>
              <p id="decline-reason-hint" className="text-sm text-muted">
                It helps us make better offers. Leave it empty if you prefer.
              </p>
              <textarea
                id="decline-reason"
                name="reason"
                aria-describedby="decline-reason-hint"
                maxLength={DECLINE_REASON_MAX_LENGTH}
                rows={3}
                className="mt-2 w-full rounded-lg border border-line p-3 text-base"
              />
              <button
                type="submit"
                className={`${buttonVariants({ variant: 'danger', size: 'lg' })} mt-3`}
                disabled={busy}
              >
                Decline the offer
              </button>
            </form>
          </details>
        </div>
      )}

      {ended &&
        offer.status !== 'accepted' &&
        (asked ? (
          <p role="status" className="mt-6 rounded-lg bg-brand-50 p-3 font-semibold text-brand-900">
            We have asked our team for a fresh offer. We will be in touch within 24 hours.
          </p>
        ) : (
          <form
            method="post"
            action={paths.yourValuation}
            className="mt-6"
            onSubmit={(event) => {
              event.preventDefault();
              void send('/api/your-valuation/offer/fresh', { offerId: offer.id }, () => {
                setAsked(true);
                setBusy(false);
              });
            }}
          >
            <input type="hidden" name="action" value="fresh" />
            <input type="hidden" name="offerId" value={offer.id} />
            <button type="submit" className={buttonVariants({ variant: 'primary', size: 'lg' })} disabled={busy}>
              Ask for a fresh offer
            </button>
          </form>
        ))}
    </section>
  );
}

export const OfferPanelIsland = island('features/public/your-valuation/offer-panel', OfferPanel);
