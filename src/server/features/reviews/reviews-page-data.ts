import type { PageDataRegistry } from '~/server/render/page-data';
import { REVIEW_CAROUSEL_BATCH, type PublicReviewList } from '~/shared/reviews';
import type { PublishedReviewsSource } from './published-reviews';

/** The route id of the reviews page (src/client/routes.tsx); the home page's is features/home's. */
export const REVIEWS_PAGE_ROUTE_ID = 'features/public/reviews/reviews-page';

/**
 * The reviews page arrives with this many, newest first (its carousel fetches the rest from
 * `GET /api/reviews`); the count and average cover all.
 */
export const REVIEWS_PAGE_LIMIT = REVIEW_CAROUSEL_BATCH;
/** The home page's carousel: the newest few. */
export const HOME_REVIEWS_LIMIT = 10;

/** The reviews page's data. */
export type ReviewsPageData = PublicReviewList;

/**
 * The reviews page's server data (docs/decisions/002-page-data.md): the start of the list
 * `GET /api/reviews` gives, kept for a few seconds (published-reviews.ts), with its version. The home
 * page's loader (features/home) takes the newest HOME_REVIEWS_LIMIT of the same list.
 */
export function registerReviewPageData(pageData: PageDataRegistry, published: PublishedReviewsSource) {
  pageData.register(REVIEWS_PAGE_ROUTE_ID, async () => {
    const { version, ...reviews } = await published.get(REVIEWS_PAGE_LIMIT);
    const data: ReviewsPageData = reviews;
    return { data, version };
  });
}
