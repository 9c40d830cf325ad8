/** What other features may use of the reviews feature (see eslint.config.js). */
export type { PublicReview, PublicReviewList } from './public-review';
export { ReviewCarousel, ReviewCarouselIsland } from './review-carousel';
export { StarRating } from './star-rating';
