import type { PageDataRegistry } from '~/server/render/page-data';
import type { PublicReviewList } from '~/shared/reviews';
import { PUBLISHED_REVIEWS_LIMIT, type PublishedReviewsSource } from './published-reviews';

/** The route id of the reviews page (src/client/routes.tsx); the home page's is features/home's. */
export const REVIEWS_PAGE_ROUTE_ID = 'features/public/reviews/reviews-page';

/** The reviews page's carousel holds at most this many, newest first; the count and average cover all. */
export const REVIEWS_PAGE_LIMIT = PUBLISHED_REVIEWS_LIMIT;
/** The home page's carousel: the newest few. */
export const HOME_REVIEWS_LIMIT = 10;

/** The reviews page's data. */
export type ReviewsPageData = PublicReviewList;

/**
 * The reviews page's server data (docs/decisions/002-page-data.md): the same list as
 * `GET /api/reviews`, kept for a few seconds (published-reviews.ts), with its version. The home
 * page's loader (features/home) takes the newest HOME_REVIEWS_LIMIT of the same list.
 */
export function registerReviewPageData(pageData: PageDataRegistry, published: PublishedReviewsSource) {
  pageData.register(REVIEWS_PAGE_ROUTE_ID, async () => {
    const { version, ...reviews } = await published.get(REVIEWS_PAGE_LIMIT);
    const data: ReviewsPageData = reviews;
    return { data, version };
  });
}
