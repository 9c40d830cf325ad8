import { CalendarCheck, CalendarClock, CalendarX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { cx } from '~/client/lib/cx';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import { usePromotion } from '~/client/lib/use-promotion';
import { paths } from '~/shared/paths';
import { formatUkDate, promotionPeriod, PROMOTION_TERMS, voucherLabel } from '~/shared/promotion';
import { ContactRoutes, legalName } from './contact-routes';
import { LegalPage, type LegalSection } from './legal-page';

export const handle: RouteHandle = {
  meta: ({ promotion }) => ({
    title: 'Launch Offer Terms',
    description:
      promotion.phase === 'ended'
        ? `Terms of our launch offer, which ran from ${promotionPeriod(promotion)} and has now ended.`
        : `Terms of our launch offer: a ${voucherLabel(promotion)} for each car sale completed from ${promotionPeriod(promotion)}.`,
  }),
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function Component() {
  const site = useSiteConfig();
  const promotion = usePromotion();
  const start = formatUkDate(promotion.startDate);
  const end = formatUkDate(promotion.endDate);
  const { vouchersPerCustomer, sentWithinWorkingDays, expiresAfterMonths } = PROMOTION_TERMS;

  const sections: LegalSection[] = [
    {
      id: 'eligibility',
      title: 'Eligibility',
      body: (
        <>
          <p>The offer is open to private sellers who sell a vehicle to {site.tradingName}. To take part, you must:</p>
          <ul>
            <li>
              be at least 18 and meet the conditions in our <Link to={paths.termsOfService}>Terms of Service</Link>; and
            </li>
            <li>be the legal owner of the vehicle, with its logbook (V5C) registered in your name.</li>
          </ul>
          <p>
            The offer is limited to {plural(vouchersPerCustomer, 'voucher')} per customer, however many vehicles you
            sell to us.
          </p>
        </>
      ),
    },
    {
      id: 'qualifying-sales',
      title: 'Qualifying Sales',
      body: (
        <ul>
          <li>
            A sale qualifies if it is completed from {promotion.period} inclusive (UK time). A sale is completed when
            you have been paid and the vehicle has been collected.
          </li>
          <li>There is no minimum valuation: every vehicle we buy in that time qualifies, whatever its price.</li>
          <li>
            Sales completed before {start} or after {end} do not qualify, even if the valuation was requested during the
            offer period.
          </li>
          <li>A sale that is cancelled or not completed does not qualify.</li>
        </ul>
      ),
    },
    {
      id: 'voucher-details',
      title: 'Voucher Details',
      body: (
        <ul>
          <li>The voucher is a {promotion.voucher}, one for each qualifying sale.</li>
          <li>
            It is issued on completion of the sale, and we send it to you by e-mail within{' '}
            {plural(sentWithinWorkingDays, 'working day')} of the completed sale.
          </li>
          <li>It expires {plural(expiresAfterMonths, 'month')} after the date it is issued.</li>
          <li>There is no cash alternative, and the voucher cannot be exchanged for cash.</li>
          <li>
            Spending the voucher is subject to {promotion.voucherBrand}&apos;s own terms, including where it can be
            used.
          </li>
        </ul>
      ),
    },
    {
      id: 'general-terms',
      title: 'General Terms',
      body: (
        <ul>
          <li>The offer cannot be combined with any other offer.</li>
          <li>
            The promoter is {legalName(site)}, {[...site.address.lines, site.address.postcode].join(', ')}.
          </li>
          <li>
            We may withhold a voucher if a sale was based on false information, for example if the seller was not the
            legal owner of the vehicle.
          </li>
          <li>
            If circumstances beyond our control force us to change or end the offer early, we will say so on this page,
            and sales completed before then will still receive their voucher.
          </li>
          <li>
            These terms add to our <Link to={paths.termsOfService}>Terms of Service</Link> and are governed by the law
            of England and Wales.
          </li>
        </ul>
      ),
    },
    {
      id: 'data-protection',
      title: 'Data Protection',
      body: (
        <>
          <p>
            We use your name and e-mail address to issue and send your voucher, and keep a record that we sent it with
            the record of your sale. We handle your personal data as our{' '}
            <Link to={paths.privacyPolicy}>Privacy Policy</Link> explains.
          </p>
          <p>
            Taking part does not sign you up to marketing: we send marketing only to people who have opted in to it
            separately.
          </p>
          <p>If you have a question about the offer or your voucher, please contact us:</p>
          <ContactRoutes />
        </>
      ),
    },
  ];

  return (
    <LegalPage
      title="Launch Offer Terms"
      summary={
        promotion.phase === 'ended'
          ? `The terms of our launch offer, which ran from ${promotion.period}: a ${promotion.voucher} for each car sale completed in that time.`
          : `The terms of our launch offer: a ${promotion.voucher} for each car sale completed from ${promotion.period}.`
      }
      notice={<OfferStatus />}
      sections={sections}
      footer={
        promotion.advertised ? (
          <Button asChild variant="brand">
            <Link to={paths.valuation}>Get My Valuation</Link>
          </Button>
        ) : undefined
      }
    />
  );
}

/** Where the offer stands today (the server worked out the phase), so the page never advertises an ended offer. */
function OfferStatus() {
  const promotion = usePromotion();
  const start = formatUkDate(promotion.startDate);
  const end = formatUkDate(promotion.endDate);
  const sentWithin = plural(PROMOTION_TERMS.sentWithinWorkingDays, 'working day');

  const status =
    promotion.phase === 'ended'
      ? {
          tone: 'border-slate-300 bg-slate-50',
          icon: <CalendarX />,
          title: 'This offer has ended',
          text: `The launch offer closed on ${end}. Sales completed from ${promotion.period} still receive their voucher, which we send within ${sentWithin} of the sale. Sales completed after ${end} do not qualify.`,
        }
      : promotion.phase === 'running'
        ? {
            tone: 'border-green-200 bg-green-50',
            icon: <CalendarCheck />,
            title: `This offer runs until ${end}`,
            text: `Complete the sale of your car by ${end} to receive a ${promotion.voucher}.`,
          }
        : {
            tone: 'border-brand-100 bg-brand-50',
            icon: <CalendarClock />,
            title: `This offer starts on ${start}`,
            text: `It covers sales completed from ${promotion.period} inclusive. Sales completed before ${start} do not qualify.`,
          };

  return (
    <div
      data-testid="offer-status"
      className={cx('flex gap-4 rounded-[var(--radius-card)] border p-5 sm:p-6', status.tone)}
    >
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-brand-800 ring-1 ring-line [&_svg]:size-5"
      >
        {status.icon}
      </span>
      <div>
        <p className="text-lg font-bold text-brand-950">{status.title}</p>
        <p className="mt-1 text-ink">{status.text}</p>
      </div>
    </div>
  );
}
