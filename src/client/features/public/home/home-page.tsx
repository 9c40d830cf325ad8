import { useLoaderData } from 'react-router';
import { deferred } from '~/client/components/deferred';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import type { HomeVehicles } from '~/client/features/public/recently-purchased';
import type { PublicReviewList } from '~/client/features/public/reviews';
import type { PromotionPhase } from '~/shared/promotion';
import { ClosingCallToAction } from './closing-call-to-action';
import { CustomerReviews } from './customer-reviews';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { Nationwide } from './nationwide';
import { WhyChooseUs } from './why-choose-us';

export const handle: RouteHandle = {
  meta: {
    title: 'Sell your car the simple way',
    description:
      'Get a free valuation for your car within 24 hours. We buy directly from private sellers: no auctions, no fees, free collection across England, Scotland and Wales, and payment the same day.',
  },
};

// Fetched only while the offer is advertised, and only when there are vehicles
// to show: until then neither costs the home page any JavaScript.
const Promotion = deferred(
  import.meta.env.SSR ? (await import('./promotion')).PromotionPart : undefined,
  () => import('./promotion').then((m) => m.PromotionPart),
  null,
);
const RecentPurchases = deferred(
  import.meta.env.SSR ? (await import('./recent-purchases')).RecentPurchases : undefined,
  () => import('./recent-purchases').then((m) => m.RecentPurchases),
  null,
);

/**
 * Whether to fetch and show the banner and offer: while the offer is announced
 * or running, the rule of `isAdvertised` in src/shared/promotion, written out
 * here because importing that module would add its date formatting to this
 * page's JavaScript. home-page.test.tsx renders the page on dates before,
 * during and after the offer and checks what a visitor sees.
 */
function promotionAdvertised(phase: PromotionPhase): boolean {
  return phase === 'announced' || phase === 'running';
}

/**
 * What the server loads for the home page (docs/decisions/002-page-data.md, src/server/features/home):
 * the newest published reviews, and the first purchased vehicles with their total (null when they
 * could not be read: SPEC section 4 shows nothing then).
 */
export type HomePageData = { reviews: PublicReviewList; vehicles: HomeVehicles | null };

/**
 * The home page: SPEC section 2's nine sections, in its order. Reviews and purchased vehicles are
 * real data only, and come with the page.
 */
export function Component() {
  const { reviews, vehicles } = useLoaderData() as HomePageData;
  const advertised = promotionAdvertised(useSiteConfig().promotion.phase);
  return (
    <>
      {advertised && <Promotion part="banner" />}
      <Hero />
      {advertised && <Promotion part="offer" />}
      <Nationwide />
      <HowItWorks />
      <CustomerReviews reviews={reviews.reviews} />
      <WhyChooseUs />
      {vehicles && vehicles.total > 0 && <RecentPurchases vehicles={vehicles} />}
      <ClosingCallToAction />
    </>
  );
}
