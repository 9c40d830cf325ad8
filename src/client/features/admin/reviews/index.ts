/** What other back-office features may use of the reviews screen (see eslint.config.js). */
export { usePendingReviewCount } from './api/list-reviews';
