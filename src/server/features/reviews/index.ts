/**
 * Customer reviews (issue 12): the public list and form, staff's moderation, and the server data
 * of the reviews and home pages.
 */
export { reviewsRoutes, REVIEW_SUBMIT_LIMIT, type ReviewsRoutesDeps } from './reviews-routes';
export { HOME_REVIEWS_LIMIT, REVIEWS_PAGE_ROUTE_ID, type ReviewsPageData } from './reviews-page-data';
export { createPublishedReviews, type PublishedReviewsSource } from './published-reviews';
export { countReviews, listPublishedReviews } from './reviews-service';
