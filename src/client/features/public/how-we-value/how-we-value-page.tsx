import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { CallToActionBand } from '~/client/components/call-to-action-band';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { groupDigits } from '~/shared/group-digits';
import {
  INDICATIVE_MILEAGE_SPAN,
  INDICATIVE_MIN_OFFERS,
  INDICATIVE_MONTHS,
  INDICATIVE_YEAR_SPAN,
  indicativeLabel,
} from '~/shared/indicative-price';
import { formatDeductionAmount, type HowWeValuePageData } from '~/shared/deductions';
import { OFFER_MILEAGE_TOLERANCE } from '~/shared/offer-basics';
import { OFFER_VALIDITY_DAYS } from '~/shared/offer-validity';
import { REVISION_VALID_UK_DAYS } from '~/shared/price-revisions';
import { paths } from '~/shared/paths';

/**
 * How we value a car (issue 34): where the indicative price on the success screen and in the
 * receipt comes from (our own recent offers for similar cars, never market data), what it is not
 * (a price), and what can change the firm offer. The numbers come from src/shared/indicative-price.ts
 * and the offers' own rules, so the page says what the code does. The deductions table (issue 37)
 * is the one staff keep at /admin/deductions, from the server: a revised price can take off only
 * what it lists.
 */

export const handle: RouteHandle = {
  meta: {
    title: 'How We Value Your Car',
    description: `Where our indicative price comes from: only offers we made ourselves for similar cars in the last ${INDICATIVE_MONTHS} months. Why it is a range and not a price, and what can change the offer we confirm.`,
  },
};

/** A section's <h2> and its text, as plain reading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="max-w-[65ch]">
      <h2 id={id} className="text-2xl font-extrabold tracking-tight text-balance text-brand-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-lg text-ink [&_li]:mt-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}

const miles = (n: number) => `${groupDigits(n)} miles`;

/**
 * The deductions table as published: a table where there is room, a list of cards on a phone (three
 * columns of prose do not fit 390 px). Only one of the two is displayed, so each is read once.
 */
function DeductionsTable({ items }: { items: HowWeValuePageData['deductions'] }) {
  if (items.length === 0) {
    return <p>We take nothing off a price we agreed unless we publish the item here first.</p>;
  }
  return (
    <>
      <ul className="grid gap-3 pl-0! sm:hidden" aria-label="Deductions">
        {items.map((item) => (
          <li key={item.name} className="mt-0! list-none rounded-lg border border-line bg-white p-4">
            <p className="font-bold text-brand-900">{item.name}</p>
            <p className="mt-1">
              <span className="text-muted">Amount: </span>
              <strong>{formatDeductionAmount(item)}</strong>
            </p>
            <p className="mt-1 text-base">
              <span className="text-muted">Evidence we record: </span>
              {item.evidence}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-hidden rounded-lg border border-line sm:block">
        <table className="w-full border-collapse text-left text-base">
          <caption className="sr-only">Deductions: each item, its amount and the evidence we record</caption>
          <thead className="bg-brand-50 text-brand-900">
            <tr>
              <th scope="col" className="px-4 py-3 font-bold">
                Item
              </th>
              <th scope="col" className="px-4 py-3 font-bold whitespace-nowrap">
                Amount
              </th>
              <th scope="col" className="px-4 py-3 font-bold">
                Evidence we record
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.name} className="border-t border-line align-top">
                <th scope="row" className="px-4 py-3 font-semibold text-brand-900">
                  {item.name}
                </th>
                <td className="px-4 py-3 whitespace-nowrap">{formatDeductionAmount(item)}</td>
                <td className="px-4 py-3">{item.evidence}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function Component() {
  const { deductions } = useLoaderData() as HowWeValuePageData;
  return (
    <>
      <PageIntro title="How We Value Your Car">
        <p>
          When you ask for a valuation, we may show you an indicative price straight away. Here is exactly where it
          comes from, what it is not, and what can change the price we confirm.
        </p>
      </PageIntro>

      <Container className="space-y-14 py-16 sm:py-20">
        <Section id="where-it-comes-from" title="Where the indicative price comes from">
          <p>
            It comes only from offers we ourselves made for cars like yours in the last {INDICATIVE_MONTHS} months. We
            do not use market data, price guides, adverts or anyone else&rsquo;s figures, and we never make a number up.
          </p>
          <p>An offer counts when the car we offered for had:</p>
          <ul>
            <li>the same make and model as yours;</li>
            <li>a year of manufacture within {INDICATIVE_YEAR_SPAN} years of yours (for a 2018 car, 2016 to 2020);</li>
            <li>a mileage within {miles(INDICATIVE_MILEAGE_SPAN)} of yours, more or fewer;</li>
            <li>the same answer as yours to &ldquo;overall condition&rdquo; (great, fair or poor).</li>
          </ul>
          <p>
            Every offer we made counts, whether the seller accepted it, declined it or let it expire: each one was a
            price we were prepared to pay. Where we made more than one offer for the same car, only our newest offer
            counts, so each car is counted once.
          </p>
        </Section>

        <Section id="at-least-five" title={`At least ${INDICATIVE_MIN_OFFERS} offers, or no number at all`}>
          <p>
            We show an indicative price only when at least {INDICATIVE_MIN_OFFERS} such offers were made. With fewer, we
            show no number at all: a figure from one or two cars would say more about those cars than about yours. That
            is common for rarer models, older cars and unusual mileages, and it says nothing about what your car is
            worth. We still look at your answers and come back to you with a price.
          </p>
        </Section>

        <Section id="a-range" title="A range, not a price">
          <p>
            We show the middle half of those offers: from the 25th to the 75th percentile. A quarter of the offers were
            lower than the bottom of the range and a quarter were higher. Both ends are rounded to the nearest £50.
          </p>
          <p>Next to it we always say how many offers it is based on, in these words:</p>
          <p className="border-l-4 border-plate pl-4 text-ink italic">{indicativeLabel('N')}</p>
          <p>
            The indicative price is not an offer. Cars of the same model, age and mileage still differ, so one of our
            team looks at everything you told us, and we confirm your price within 24 hours.
          </p>
        </Section>

        <Section id="what-can-change-a-price" title="What can change a price">
          <p>
            Our firm offer rests on what you told us about your car. When we see the car, the price can change if what
            we find is different:
          </p>
          <ul>
            <li>the mileage is more than {miles(OFFER_MILEAGE_TOLERANCE)} above what you told us;</li>
            <li>the car&rsquo;s condition is different from what you told us;</li>
            <li>the service history is not as you described it;</li>
            <li>there are mechanical issues you did not tell us about;</li>
            <li>
              finance is still owed on the car: we settle it with the lender from the price, and pay you the rest;
            </li>
            <li>the MOT has run out, or is about to;</li>
            <li>keys are missing (a car should come with all of its keys);</li>
            <li>the V5C logbook is missing, or the details on it do not match the car.</li>
          </ul>
          <p>
            If anything changes, we tell you why and what we can offer instead. You are free to say no: there is no fee
            and no obligation.
          </p>
        </Section>

        <Section id="what-we-take-off" title="What we take off, and the evidence we record">
          <p>
            A price we agreed goes down only for a difference from what you told us that we find when we see the car,
            and only by an item in this table, at an amount in its range. For each difference we record a note and at
            least one photo.
          </p>
          <DeductionsTable items={deductions} />
          <p>
            You see the revised price on your page, by e-mail and by text, with each item, its amount, our note and the
            photos. You can accept it, or decline it and keep your car: declining costs nothing. It stands until 23:59
            UK time {REVISION_VALID_UK_DAYS === 1 ? 'the day' : `${REVISION_VALID_UK_DAYS} days`} after we send it; if
            you do not answer by then, the price you accepted stands, unless we decide not to buy the car.
          </p>
        </Section>

        <Section id="how-long-an-offer-stands" title="How long a firm offer stands">
          <p>
            When we make you a firm offer, it says when it ends. It stands until then, for {OFFER_VALIDITY_DAYS.min} to{' '}
            {OFFER_VALIDITY_DAYS.max} days (usually {OFFER_VALIDITY_DAYS.default}), to 23:59 UK time on its last day, as
            long as the car is as you described it. After that, ask us and we will look at it again.
          </p>
        </Section>
      </Container>

      <CallToActionBand
        id="how-we-value-cta-title"
        title="Find out what your car is worth"
        actions={
          <Button asChild size="lg">
            <Link to={paths.valuation}>Get My Valuation</Link>
          </Button>
        }
      >
        <p>A free, no-obligation valuation within 24 hours. It takes a few minutes to ask.</p>
      </CallToActionBand>
    </>
  );
}
