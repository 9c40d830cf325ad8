import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { formatPounds } from '~/shared/offer-basics';
import { formatUkDeadline } from '~/shared/offer-validity';
import { paths } from '~/shared/paths';
import {
  itemAmountWords,
  NO_COST_WORDS,
  REVISION_DECLINE_REASON_MAX_LENGTH,
  revisionStandsWords,
  sellerRevisionPhotoUrl,
  type SellerRevision,
} from '~/shared/price-revisions';
import { formatUkDayTime } from '~/shared/seller-portal-basics';

/**
 * Our revised price on the seller's page (issue 37): each difference we found at inspection (the
 * deductions table's item, its amount, our note and the photos, each opening larger), the price
 * they accepted and the revised one, until when it stands, and their answer: accept it, or decline
 * it and keep the car at no cost (a confirmation first). Server-rendered with plain forms (posted
 * to the page, which answers with where things now stand): it needs no script, and a second tap of
 * a button changes nothing on the server.
 */

const cardClass = 'rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8';
const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

type Props = { revision: SellerRevision; now: string };

export function RevisionPanel({ revision, now: serverNow }: Props) {
  const now = new Date(serverNow);
  const deadline = formatUkDeadline(new Date(revision.validUntil), now);
  const from = formatPounds(revision.fromPence);
  const to = formatPounds(revision.toPence);
  const open = revision.status === 'open';
  return (
    <section
      id="revision"
      aria-labelledby="revision-title"
      className={`${cardClass} ${open ? 'border-plate-strong' : ''}`}
    >
      <h2 id="revision-title" className="text-lg font-bold text-brand-900">
        Our revised price
      </h2>
      <p className="mt-2 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{to}</p>
      <p className="mt-1 text-ink">
        Instead of <strong>{from}</strong>, the price you accepted:{' '}
        <strong>{formatPounds(revision.deductedPence)}</strong> less.
      </p>
      <Status revision={revision} deadline={deadline} from={from} to={to} />

      <h3 className="mt-6 font-bold text-brand-900">What we found when we inspected your car</h3>
      <p className="mt-1 text-muted">
        Each difference from what you told us, with the amount from{' '}
        <a href={`${paths.howWeValue}#what-we-take-off`} className={linkClass}>
          the table we publish
        </a>
        . Tap a photo to see it larger.
      </p>
      <ol className="mt-4 grid gap-4">
        {revision.items.map((item, index) => (
          <li key={item.id} className="rounded-lg border border-line p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h4 className="font-bold text-brand-900">
                {index + 1}. {item.name}
              </h4>
              <p className="font-bold text-brand-900">
                {item.quantity > 1 ? <span className="font-normal text-muted">{itemAmountWords(item)} = </span> : null}
                {formatPounds(item.amountPence)}
              </p>
            </div>
            <p className="mt-2 whitespace-pre-line">{item.note}</p>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Photos of ${item.name.toLowerCase()}`}>
              {item.photos.map((photo, photoIndex) => (
                <li key={photo.id}>
                  <a
                    href={sellerRevisionPhotoUrl(photo.id, 'full')}
                    target="_blank"
                    rel="noopener"
                    className="block overflow-hidden rounded-md border border-line focus-visible:ring-3 focus-visible:ring-brand-500/50 focus-visible:outline-none"
                  >
                    <img
                      src={sellerRevisionPhotoUrl(photo.id, 'thumb')}
                      alt={`Photo ${photoIndex + 1} of ${item.photos.length}: ${item.name}, open larger`}
                      width={112}
                      height={84}
                      loading="lazy"
                      className="h-21 w-28 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-4">
        <dt>The price you accepted</dt>
        <dd className="text-right font-semibold">{from}</dd>
        <dt>Less the differences above</dt>
        <dd className="text-right font-semibold">−{formatPounds(revision.deductedPence)}</dd>
        <dt className="font-bold text-brand-900">Revised price</dt>
        <dd className="text-right font-extrabold text-brand-900">{to}</dd>
      </dl>

      {open ? (
        <div className="mt-6 grid gap-3">
          <form method="post" action={paths.yourValuation}>
            <input type="hidden" name="action" value="revision-accept" />
            <input type="hidden" name="revisionId" value={revision.id} />
            <button
              type="submit"
              className={`${buttonVariants({ variant: 'primary', size: 'lg' })} h-auto! min-h-13 w-full py-2.5 text-center whitespace-normal! sm:w-auto`}
            >
              Accept the revised price of {to}
            </button>
          </form>
          {/* A disclosure, not a dialog: the confirmation opens with or without script, by keyboard too. */}
          <details className="group rounded-lg border border-line open:p-4">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-center rounded-lg px-5 text-lg font-semibold text-brand-900 hover:bg-brand-50 group-open:justify-start group-open:px-0 group-open:hover:bg-transparent [&::-webkit-details-marker]:hidden">
              Decline and keep my car
            </summary>
            <form method="post" action={paths.yourValuation} className="mt-2 grid gap-3">
              <input type="hidden" name="action" value="revision-decline" />
              <input type="hidden" name="revisionId" value={revision.id} />
              <p className="rounded-lg bg-brand-50 p-3 text-brand-900">{NO_COST_WORDS}</p>
              <div>
                <label htmlFor="revision-decline-reason" className="block font-semibold text-brand-900">
                  Why are you declining? (optional)
                </label>
                <textarea
                  id="revision-decline-reason"
                  name="reason"
                  maxLength={REVISION_DECLINE_REASON_MAX_LENGTH}
                  rows={3}
                  className="mt-2 w-full rounded-lg border border-line p-3 text-base"
                />
              </div>
              <button
                type="submit"
                className={`${buttonVariants({ variant: 'danger', size: 'lg' })} h-auto! min-h-13 w-full py-2.5 text-center whitespace-normal! sm:w-auto sm:justify-self-start`}
              >
                Yes, decline and keep my car
              </button>
            </form>
          </details>
        </div>
      ) : null}
    </section>
  );
}

/** Until when it stands, or what became of it. */
function Status({
  revision,
  deadline,
  from,
  to,
}: {
  revision: SellerRevision;
  deadline: string;
  from: string;
  to: string;
}) {
  const when = revision.closedAt ? formatUkDayTime(new Date(revision.closedAt)) : null;
  switch (revision.status) {
    case 'open':
      return (
        <>
          <p className="mt-3 flex items-start gap-2 text-ink">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>{revisionStandsWords(deadline)}</span>
          </p>
          <p className="mt-2 text-ink">{NO_COST_WORDS}</p>
        </>
      );
    case 'accepted':
      return (
        <p className="mt-3 flex items-start gap-2 font-semibold text-go-700">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          You accepted the revised price{when ? ` on ${when}` : ''}: {to} is the price we pay you.
        </p>
      );
    case 'declined':
      return (
        <p className="mt-3 flex items-start gap-2 font-semibold text-brand-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          You declined the revised price{when ? ` on ${when}` : ''}, so we did not buy your car. You keep it, and there
          is nothing to pay.
        </p>
      );
    case 'lapsed':
      return (
        <p className="mt-3 flex items-start gap-2 font-semibold text-brand-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          This revised price lapsed at {deadline} (UK time). The price you accepted, {from}, stands unless we decide not
          to buy the car: we will be in touch.
        </p>
      );
    case 'withdrawn':
      return (
        <p className="mt-3 flex items-start gap-2 font-semibold text-brand-900">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          We withdrew this revised price. The price you accepted, {from}, stands.
        </p>
      );
  }
}
