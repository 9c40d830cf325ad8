import { CircleCheck, Clock, MapPin, Phone, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { slotTimes } from '~/shared/collections';
import { formatDay, ukDayOf } from '~/shared/finance-settlement';
import type { HandoverView } from '~/shared/handover';
import { formatPounds } from '~/shared/offer-basics';
import { parsePhone } from '~/shared/phone';
import { NumberPlate } from '../../components/number-plate';

/**
 * Top of the handover screen: the car to check against the one at the kerb, the seller (a touch
 * calls them), the booked day, the documents, the agreed price and the finance, then anything to
 * check before paying.
 */
export function CarCard({ view }: { view: HandoverView }) {
  const today = ukDayOf(new Date());
  const phone = parsePhone(view.seller.phone);
  return (
    <Card>
      <section aria-labelledby="car-heading">
        <CardHeader className="gap-3 pb-4">
          <CardTitle id="car-heading">The car</CardTitle>
          <div className="flex flex-wrap items-center gap-3">
            <NumberPlate registration={view.registration} size="lg" spaced />
            <span className="rounded-md border border-line bg-surface px-2 py-0.5 font-mono text-sm text-ink">
              <span className="sr-only">Reference </span>
              {view.reference}
            </span>
          </div>
          <p className="text-lg leading-6 font-bold text-brand-950">
            {view.vehicle ?? 'Vehicle not known'}
            {view.colour ? <span className="font-semibold text-muted">, {view.colour.toLowerCase()}</span> : null}
          </p>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Facts label="Seller">
            <Fact term="Name">{view.seller.name}</Fact>
            <Fact term="Phone">
              <a
                href={`tel:${phone?.e164 ?? view.seller.phone.replace(/[^\d+]/g, '')}`}
                className="-my-1 inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none"
              >
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                {phone?.display ?? view.seller.phone}
                <span className="sr-only"> (call {view.seller.name})</span>
              </a>
            </Fact>
            <Fact term="Postcode">
              <span className="inline-flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted" />
                {view.seller.postcode}
              </span>
            </Fact>
          </Facts>

          <Facts label="Collection and sale">
            <Fact term="Collection">
              {view.booking
                ? `${formatDay(view.booking.date, today)}${view.booking.date === today ? ' (today)' : ''}, ${slotTimes[view.booking.slot].label.toLowerCase()}`
                : 'Not booked'}
            </Fact>
            <Fact term="Declared mileage">{view.declaredMileage.toLocaleString('en-GB')} miles</Fact>
            <Fact term="Documents">
              <span className="grid justify-items-start gap-1">
                <Badge variant={view.documents.complete ? 'success' : 'plate'}>
                  {view.documents.complete ? <CircleCheck aria-hidden="true" /> : <Clock aria-hidden="true" />}
                  {view.documents.complete ? 'Complete' : 'Not complete'}
                </Badge>
                <span>{view.documents.summary}</span>
              </span>
            </Fact>
            <Fact term="Agreed price">
              <span className="text-lg font-extrabold text-brand-950">
                {view.pricePence === null ? 'No accepted offer' : formatPounds(view.pricePence)}
              </span>
            </Fact>
            <Fact term="Finance">
              <FinanceLine finance={view.finance} />
            </Fact>
          </Facts>

          {/* Before the money is sent; once paid (or not bought) there is nothing left to check. */}
          {view.warnings.length > 0 && view.stage !== 'completed' && view.stage !== 'lost' ? (
            <section aria-labelledby="warnings-heading" className="grid gap-2">
              <h3 id="warnings-heading" className="text-sm font-bold text-brand-950">
                Check before paying
              </h3>
              <ul className="grid gap-2">
                {view.warnings.map((warning) => (
                  <li
                    key={warning}
                    className="flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950"
                  >
                    <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
                    <p className="min-w-0">
                      <span className="sr-only">Warning: </span>
                      {warning}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </CardContent>
      </section>
    </Card>
  );
}

function FinanceLine({ finance }: { finance: HandoverView['finance'] }) {
  if (finance.declared !== 'yes') return <>{finance.declared === 'no' ? 'None declared' : 'Not answered'}</>;
  return (
    <span className="grid justify-items-start gap-1">
      <span>
        {finance.lender ?? 'Lender not known yet'}
        {finance.settlementPence === null ? null : (
          <>
            {': '}
            <span className="font-semibold">{formatPounds(finance.settlementPence)}</span> to settle
          </>
        )}
      </span>
      <Badge variant={finance.confirmed ? 'success' : 'danger'}>
        {finance.confirmed ? <CircleCheck aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
        {finance.confirmed ? 'Settlement confirmed' : 'Settlement not confirmed'}
      </Badge>
    </span>
  );
}

/** A few facts under a small heading, as a description list: term to the left at a desk, above on a narrow phone. */
function Facts({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-xs font-bold tracking-wide text-muted uppercase">{label}</h3>
      <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-base">{children}</dl>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm leading-6 text-muted">{term}</dt>
      <dd className="min-w-0 leading-6 break-words text-ink">{children}</dd>
    </>
  );
}
