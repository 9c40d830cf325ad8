import type { PageDataRegistry } from '~/server/render/page-data';
import type { PublicReviewList } from '~/shared/reviews';
import { PUBLISHED_REVIEWS_LIMIT, type PublishedReviewsSource } from './published-reviews';

/** The route ids of the public pages that show reviews (src/client/routes.tsx). */
export const REVIEWS_PAGE_ROUTE_ID = 'features/public/reviews/reviews-page';
export const HOME_PAGE_ROUTE_ID = 'features/public/home/home-page';

/** The reviews page's carousel holds at most this many, newest first; the count and average cover all. */
export const REVIEWS_PAGE_LIMIT = PUBLISHED_REVIEWS_LIMIT;
/** The home page's carousel: the newest few. */
export const HOME_REVIEWS_LIMIT = 10;

/** The reviews page's data. */
export type ReviewsPageData = PublicReviewList;
/** The home page's data: its reviews now, with room for the recently purchased vehicles (issue 13). */
export type HomePageData = { reviews: PublicReviewList };

/**
 * The server data of the pages that show published reviews (docs/decisions/002-page-data.md): the
 * same list as `GET /api/reviews`, kept for a few seconds (published-reviews.ts), with its version.
 */
export function registerReviewPageData(pageData: PageDataRegistry, published: PublishedReviewsSource) {
  pageData.register(REVIEWS_PAGE_ROUTE_ID, async () => {
    const { version, ...reviews } = await published.get(REVIEWS_PAGE_LIMIT);
    const data: ReviewsPageData = reviews;
    return { data, version };
  });
  pageData.register(HOME_PAGE_ROUTE_ID, async () => {
    const { version, ...reviews } = await published.get(HOME_REVIEWS_LIMIT);
    const data: HomePageData = { reviews };
    return { data, version };
  });
}
