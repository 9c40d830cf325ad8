import type { FastifyBaseLogger } from 'fastify';
import type { VisibleVehiclesSource } from '~/server/features/purchased-vehicles';
import { HOME_REVIEWS_LIMIT, type PublishedReviewsSource } from '~/server/features/reviews';
import type { PageDataRegistry } from '~/server/render/page-data';
import { HOME_VEHICLES_SHOWN, type HomeVehicles } from '~/shared/purchased-vehicles';
import type { PublicReviewList } from '~/shared/reviews';

/** The home page's route id (src/client/routes.tsx). */
export const HOME_PAGE_ROUTE_ID = 'features/public/home/home-page';

/** The home page's data: the newest published reviews, and the first vehicles (null when they failed). */
export type HomePageData = { reviews: PublicReviewList; vehicles: HomeVehicles | null };

/**
 * The home page's server data (docs/decisions/002-page-data.md): its reviews carousel and its
 * "previously purchased vehicles" section, from the same kept lists as /reviews and
 * /recently-purchased. SPEC section 4: the vehicles section shows nothing on error, so a failure
 * to read the vehicles leaves them out (logged) instead of failing the whole page.
 */
export function registerHomePageData(
  pageData: PageDataRegistry,
  sources: { reviews: PublishedReviewsSource; vehicles: VisibleVehiclesSource; log: FastifyBaseLogger },
) {
  pageData.register(HOME_PAGE_ROUTE_ID, async () => {
    const [{ version: reviewsVersion, ...reviews }, vehicles] = await Promise.all([
      sources.reviews.get(HOME_REVIEWS_LIMIT),
      sources.vehicles.page({ page: 1, pageSize: HOME_VEHICLES_SHOWN }).catch((error: unknown) => {
        sources.log.error({ err: error }, 'could not read the purchased vehicles for the home page');
        return null;
      }),
    ]);
    const data: HomePageData = {
      reviews,
      vehicles: vehicles && { items: vehicles.items, total: vehicles.total },
    };
    return { data, version: `${reviewsVersion}|${vehicles?.version ?? 'failed'}` };
  });
}
