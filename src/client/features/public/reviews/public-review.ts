/**
 * Customer reviews as the public pages show them (SPEC section 3): only reviews staff have approved
 * and published, never the e-mail or staff's notes. The server loads them for the page
 * (docs/decisions/002-page-data.md); types only here, so no zod reaches the page's JavaScript.
 */
export type { PublicReview, PublicReviewList } from '~/shared/reviews';
