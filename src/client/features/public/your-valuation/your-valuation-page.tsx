import { Check } from 'lucide-react';
import { useLoaderData } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import { indicativeLabel, indicativeRange } from '~/shared/indicative-price';
import { paths } from '~/shared/paths';
import {
  formatUkDayTime,
  sellerPortalMessages,
  trackerReached,
  trackerSteps,
  type SellerView,
} from '~/shared/seller-portal-basics';
import { lostReasonLabels } from '~/shared/valuation-lifecycle';
import { formatPounds } from '~/shared/offer-basics';
import { MessageBoxIsland } from './message-box';
import { OfferPanelIsland } from './offer-panel';
import { PhotosPanelIsland } from './photos-panel';
import { DamagePanelIsland } from './damage-panel';
import { DocumentsPanelIsland } from './documents-panel';
import { CollectionPanelIsland } from './collection-panel';
import { RevisionPanel } from './revision-panel';
import { lenderName, PaymentCard, VoucherCard } from './payment-card';

export const handle: RouteHandle = {
  meta: {
    title: 'Your valuation',
    description:
      'Your own page for your car valuation: where your request is, our offer and its end, and messages with our team.',
    noindex: true,
  },
};

const cardClass = 'rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8';
const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';
const groupDigits = (n: number) => n.toLocaleString('en-GB');

/** Received, offer, accepted, collection, paid: each step done, current or still to come. */
function StageTracker({ view }: { view: SellerView }) {
  const reached = trackerReached(view.stage);
  return (
    <ol
      aria-label="Where your request is"
      className="-mx-2 grid grid-cols-5 gap-1 text-center text-xs tracking-tight sm:mx-0 sm:text-sm sm:tracking-normal"
    >
      {trackerSteps.map((step, index) => {
        const done = index < reached;
        // A completed sale has every step done and none still in hand.
        const current = index === reached - 1 && view.stage !== 'lost' && view.stage !== 'completed';
        return (
          <li key={step.key} aria-current={current ? 'step' : undefined} className="flex flex-col items-center gap-1.5">
            <span
              className={`flex size-8 items-center justify-center rounded-full border-2 font-bold ${
                done ? 'border-go-700 bg-go-700 text-white' : 'border-line bg-white text-muted'
              }`}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : index + 1}
            </span>
            <span className={done ? 'font-semibold text-brand-900' : 'text-muted'}>
              {step.label}
              {done ? <span className="sr-only"> (done)</span> : <span className="sr-only"> (to come)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The range of our own offers for similar cars, until our own offer replaces it. */
function Indicative({ price }: { price: NonNullable<SellerView['indicativePrice']> }) {
  return (
    <div className="mt-4 rounded-lg bg-brand-50 p-4">
      <p className="text-sm font-semibold text-brand-800">Indicative price</p>
      <p className="text-2xl font-extrabold text-brand-900">{indicativeRange(price)}</p>
      <p className="mt-1 text-sm text-ink">{indicativeLabel(price.count)}</p>
      <a href={paths.howWeValue} className={`${linkClass} mt-1 inline-block text-sm`}>
        How we work this out
      </a>
    </div>
  );
}

/** What is happening now, and what we promised, in a sentence or two. */
function Status({ view }: { view: SellerView }) {
  const site = useSiteConfig();
  if (view.stage === 'lost' && view.lostReason === 'revision_declined') {
    return (
      <p>
        You declined our revised price, so we did not buy your car. You keep it, and there is nothing to pay. If you
        would like us to look at your car again, send us a message below
        {site.phone ? ` or call us on ${site.phone.display}` : ''}.
      </p>
    );
  }
  if (view.revision?.status === 'open') {
    return (
      <p>
        We inspected your car and found differences from what you told us, so we have revised our price.{' '}
        <a href="#revision" className={linkClass}>
          See each difference and its photos below
        </a>
        , then accept the revised price or decline it: declining costs nothing.
      </p>
    );
  }
  if (view.stage === 'lost') {
    return (
      <p>
        This request is closed ({view.lostReason ? lostReasonLabels[view.lostReason].toLowerCase() : 'closed'}). If you
        would like us to look at your car again, send us a message below
        {site.phone ? ` or call us on ${site.phone.display}` : ''}.
      </p>
    );
  }
  if (view.offer === null) {
    const late = new Date(view.now) > new Date(view.replyBy);
    const promise = late ? (
      <p>
        We promised to reply by {formatUkDayTime(new Date(view.replyBy))} and we are sorry we have not yet.
        {site.phone
          ? ` Call us on ${site.phone.display} and we will give you a price on the phone.`
          : ' We will be in touch very soon.'}
      </p>
    ) : (
      <p>
        We are looking at your car and will send you our offer by{' '}
        <strong>{formatUkDayTime(new Date(view.replyBy))}</strong> (UK time), by e-mail and on this page.
      </p>
    );
    return (
      <>
        {promise}
        {view.indicativePrice ? <Indicative price={view.indicativePrice} /> : null}
      </>
    );
  }
  if (view.stage === 'offer_accepted') {
    return (
      <p>
        Thank you for accepting our offer.{' '}
        {view.collection.state === 'by_arrangement' ? (
          'We will call you within one working day to arrange a free collection.'
        ) : (
          <>
            Choose a day for us to collect your car{' '}
            <a href="#collection" className={linkClass}>
              below
            </a>
            : collection is free.
          </>
        )}
      </p>
    );
  }
  if (view.stage === 'collection_booked' && view.collection.booking) {
    const { dayLabel, slotLabel } = view.collection.booking;
    return (
      <p>
        We collect your car on{' '}
        <strong>
          {dayLabel}, {slotLabel}
        </strong>
        , and pay you before it leaves.
      </p>
    );
  }
  if (view.stage === 'collected') {
    return (
      <p>
        We have collected your car. Your payment is on its way by Faster Payments: it usually arrives within minutes.
      </p>
    );
  }
  if (view.stage === 'completed') {
    const payment = view.payment;
    if (!payment) return <p>Paid. Thank you for selling your car to us.</p>;
    const when = (
      <>
        on <time dateTime={payment.paidAt}>{formatUkDayTime(new Date(payment.paidAt))}</time> (UK time) by Faster
        Payments
      </>
    );
    const toLender = payment.lenderPence > 0;
    return (
      <>
        <p>
          <strong>Paid.</strong>{' '}
          {payment.sellerPence > 0 ? (
            <>
              We paid you <strong>{formatPounds(payment.sellerPence)}</strong> {when}.
            </>
          ) : (
            <>
              We paid {lenderName(payment)} <strong>{formatPounds(payment.lenderPence)}</strong> {when}, to settle your
              finance.
            </>
          )}{' '}
          Thank you for selling your car to us.
        </p>
        {toLender && payment.sellerPence > 0 ? (
          <p className="mt-2">
            We also paid {lenderName(payment)} <strong>{formatPounds(payment.lenderPence)}</strong> to settle your
            finance.
          </p>
        ) : null}
      </>
    );
  }
  return null;
}

/** What a form posted without JavaScript did, or why it could not. */
function Notice({ notice }: { notice: NonNullable<SellerView['notice']> }) {
  const done = notice.kind === 'done';
  return (
    <p
      role={done ? 'status' : 'alert'}
      className={`rounded-lg border p-4 font-semibold ${
        done ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-800'
      }`}
    >
      {notice.text}
    </p>
  );
}

export function Component() {
  const view = useLoaderData() as SellerView;
  const received = new Date(view.receivedAt);
  return (
    <>
      <PageIntro title="Your valuation" eyebrow={`Reference ${view.reference}`}>
        <p>
          Hello {view.firstName}. This page is yours alone: it shows how your valuation of{' '}
          {view.vehicle ? `the ${view.vehicle}` : view.registration} is going, and our offer when we make it.
        </p>
      </PageIntro>
      <Container className="grid gap-6 py-10 sm:py-14 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          {view.notice ? <Notice notice={view.notice} /> : null}
          <section aria-labelledby="progress-title" className={cardClass}>
            <h2 id="progress-title" className="mb-4 text-lg font-bold text-brand-900">
              Progress
            </h2>
            <StageTracker view={view} />
            <div className="mt-5 text-ink">
              <Status view={view} />
            </div>
          </section>
          {view.payment ? <PaymentCard payment={view.payment} /> : null}
          {view.voucher ? <VoucherCard voucher={view.voucher} /> : null}
          {view.revision ? <RevisionPanel revision={view.revision} now={view.now} /> : null}
          {view.offer && (
            <OfferPanelIsland offer={view.offer} now={view.now} freshOfferRequestedAt={view.freshOfferRequestedAt} />
          )}
          {view.collection.state !== 'not_yet' && view.collection.state !== 'closed' && (
            <section id="collection" aria-labelledby="collection-title" className={cardClass}>
              <h2 id="collection-title" className="text-lg font-bold text-brand-900">
                Collection
              </h2>
              <CollectionPanelIsland collection={view.collection} />
            </section>
          )}
          {view.documents && (
            <section id="documents" aria-labelledby="documents-title" className={cardClass}>
              <h2 id="documents-title" className="text-lg font-bold text-brand-900">
                Documents
              </h2>
              <DocumentsPanelIsland documents={view.documents} />
            </section>
          )}
          <section id="messages" aria-labelledby="messages-title" className={cardClass}>
            <h2 id="messages-title" className="text-lg font-bold text-brand-900">
              Messages
            </h2>
            {view.messages.length === 0 ? (
              <p className="mt-2 text-muted">Questions about your car or our offer? Write to our team here.</p>
            ) : (
              <ol className="mt-4 flex flex-col gap-3">
                {view.messages.map((message) => (
                  <li
                    key={message.id}
                    className={`rounded-lg p-3 ${message.author === 'seller' ? 'ml-6 bg-brand-50' : 'mr-6 border border-line'}`}
                  >
                    <p className="text-sm font-semibold text-brand-900">
                      {message.author === 'seller' ? 'You' : 'Our team'} ·{' '}
                      <time dateTime={message.createdAt}>{formatUkDayTime(new Date(message.createdAt))}</time>
                    </p>
                    <p className="mt-1 whitespace-pre-line">{message.body}</p>
                  </li>
                ))}
              </ol>
            )}
            <MessageBoxIsland />
          </section>
        </div>
        <aside className="flex flex-col gap-6">
          <section aria-labelledby="car-title" className={cardClass}>
            <h2 id="car-title" className="text-lg font-bold text-brand-900">
              Your car
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted">Registration</dt>
              <dd className="font-semibold">{view.registration}</dd>
              {view.vehicle && (
                <>
                  <dt className="text-muted">Car</dt>
                  <dd className="font-semibold">{view.vehicle}</dd>
                </>
              )}
              <dt className="text-muted">Mileage</dt>
              <dd className="font-semibold">{groupDigits(view.mileage)} miles</dd>
              <dt className="text-muted">Received</dt>
              <dd className="font-semibold">
                <time dateTime={view.receivedAt}>{formatUkDayTime(received)}</time>
              </dd>
            </dl>
          </section>
          <section aria-labelledby="photos-title" className={cardClass}>
            <h2 id="photos-title" className="text-lg font-bold text-brand-900">
              Photos
            </h2>
            <PhotosPanelIsland count={view.photoCount} />
          </section>
          <section aria-labelledby="damage-title" className={cardClass}>
            <h2 id="damage-title" className="text-lg font-bold text-brand-900">
              Damage
            </h2>
            <DamagePanelIsland count={view.damageCount} editable={view.damageEditable} />
          </section>
          <section aria-labelledby="private-title" className={cardClass}>
            <h2 id="private-title" className="text-lg font-bold text-brand-900">
              Keep this page private
            </h2>
            <p className="mt-2 text-muted">
              Anyone with the link in our e-mails can open this page, so please do not forward them. Lost the link?{' '}
              <a href={paths.yourValuationLostLink} className={linkClass}>
                We can send it again
              </a>
              .
            </p>
          </section>
        </aside>
      </Container>
    </>
  );
}

/** A wrong, stale or missing link: the same page whatever the reason, saying what to do next. */
export function ErrorBoundary() {
  const site = useSiteConfig();
  return (
    <>
      <PageIntro title="We could not open your valuation" />
      <Container className="py-10 sm:py-14">
        <section className={`${cardClass} max-w-2xl`}>
          <p>{sellerPortalMessages.notFound}</p>
          <p className="mt-4">
            <a href={paths.yourValuationLostLink} className={linkClass}>
              Send me a new link
            </a>{' '}
            (you need the e-mail address and the registration you gave us).
          </p>
          <p className="mt-4">
            {site.phone ? `Or call us on ${site.phone.display}. ` : ''}
            <a href={paths.contact} className={linkClass}>
              Other ways to contact us
            </a>
          </p>
        </section>
      </Container>
    </>
  );
}
