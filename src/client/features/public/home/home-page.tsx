import { useLoaderData } from 'react-router';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import type { HomeVehicles } from '~/client/features/public/recently-purchased';
import type { PublicReviewList } from '~/client/features/public/reviews';
import { isAdvertised } from '~/shared/promotion';
import { ClosingCallToAction } from './closing-call-to-action';
import { CustomerReviews } from './customer-reviews';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { Nationwide } from './nationwide';
import { PromotionPart as Promotion } from './promotion';
import { RecentPurchases } from './recent-purchases';
import { WhyChooseUs } from './why-choose-us';

export const handle: RouteHandle = {
  meta: {
    title: 'Sell your car the simple way',
    description:
      'Get a free valuation for your car within 24 hours. We buy directly from private sellers: no auctions, no fees, free collection across England, Scotland and Wales, and payment the same day.',
  },
};

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
  const advertised = isAdvertised(useSiteConfig().promotion.phase);
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
