import { Link } from 'react-router';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { Container } from '~/client/components/ui/container';
import { usePromotion } from '~/client/lib/use-promotion';
import { paths } from '~/shared/paths';
import { PROMOTION_TERMS } from '~/shared/promotion';

/** The launch offer section's id: the banner's "Learn More" scrolls to it. */
export const LAUNCH_OFFER_ID = 'launch-offer';

/**
 * The strip above the hero (SPEC section 2), shown only while the offer is
 * announced or running (DESIGN section 6). "Learn More" is a plain in-page link,
 * so it scrolls to the offer before any script has loaded too.
 */
export function PromotionBanner() {
  const promotion = usePromotion();
  if (!promotion.advertised) return null;
  return (
    <div className="border-b border-plate-strong bg-plate text-brand-950">
      <Container className="flex flex-col items-center justify-center gap-x-5 gap-y-2 py-3 text-center sm:flex-row">
        <p className="flex items-center gap-2 text-sm font-semibold sm:text-base">
          <SpriteIcon name="gift" className="size-5" />
          <span>
            {promotion.phase === 'running' ? 'Launch offer' : 'Coming soon'}: a {promotion.voucher} when you sell your
            car to us from {promotion.period}.
          </span>
        </p>
        <a
          href={`#${LAUNCH_OFFER_ID}`}
          className="inline-flex h-9 shrink-0 items-center rounded-lg bg-brand-900 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Learn More
        </a>
      </Container>
    </div>
  );
}

/** The launch offer in full, with its key terms; shown only while advertised. */
export function LaunchOffer() {
  const promotion = usePromotion();
  if (!promotion.advertised) return null;
  const terms = [
    'One voucher per customer',
    `Sent within ${PROMOTION_TERMS.sentWithinWorkingDays} working days of your completed sale`,
    `Expires ${PROMOTION_TERMS.expiresAfterMonths} months after it is issued`,
    'No cash alternative; cannot be combined with other offers',
    'You must be the legal owner, with the V5C in your name',
  ];
  return (
    <section id={LAUNCH_OFFER_ID} aria-labelledby="launch-offer-title" className="py-16 sm:py-20">
      <Container>
        <div className="grid overflow-hidden rounded-[var(--radius-card)] bg-brand-900 shadow-[var(--shadow-card)] lg:grid-cols-[1.3fr_1fr]">
          <div className="p-8 sm:p-12">
            <p className="text-sm font-bold tracking-wider text-plate uppercase">
              {promotion.phase === 'running' ? 'Launch offer' : 'Launch offer: coming soon'}
            </p>
            <h2
              id="launch-offer-title"
              className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl"
            >
              Get a {promotion.voucher} when you sell your car to us
            </h2>
            <p className="mt-4 text-lg text-brand-100">
              Complete the sale of your car to us from {promotion.period} and we send you a {promotion.voucher} on top
              of the price we pay. There is no minimum valuation: every car we buy in that period qualifies.
            </p>
            <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
              <Link
                to={paths.valuation}
                className="inline-flex h-13 items-center justify-center rounded-lg bg-plate px-7 text-lg font-semibold text-brand-950 hover:bg-plate-strong"
              >
                Get My Valuation
              </Link>
              <Link
                to={paths.launchOfferTerms}
                className="font-semibold text-white underline decoration-plate underline-offset-4 hover:text-plate"
              >
                Read the launch offer terms
              </Link>
            </div>
          </div>
          <div className="bg-plate p-8 text-brand-950 sm:p-12">
            <p className="text-6xl font-extrabold tracking-tight">£{promotion.voucherPounds}</p>
            <p className="mt-1 text-lg font-bold">{promotion.voucherBrand} digital voucher</p>
            <ul className="mt-6 space-y-2.5 text-sm font-medium">
              {terms.map((term) => (
                <li key={term} className="flex gap-2.5">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-950" />
                  {term}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Container>
    </section>
  );
}

/** The banner or the offer section: one entry point, so the home page loads this file with one import. */
export function PromotionPart({ part }: { part: 'banner' | 'offer' }) {
  return part === 'banner' ? <PromotionBanner /> : <LaunchOffer />;
}
