/**
 * What the public reviews carousel needs to know of the list, without zod (./reviews.ts has the
 * schemas): the carousel is on the home page and /reviews, whose scripts carry no zod.
 */

/** SPEC section 9: both carousels move on every 5 seconds when there is more than one review. */
export const REVIEW_CAROUSEL_INTERVAL_MS = 5000;

/** The most reviews the public list reaches (the reviews page's carousel), newest first; the count and average cover all. */
export const PUBLIC_REVIEWS_REACH = 200;

/**
 * The reviews page's carousel arrives with this many and fetches the rest this many at a time, as a
 * visitor nears them (issue 33): all 200 in the page were 109 KB of its HTML and cost a phone its
 * first second.
 */
export const REVIEW_CAROUSEL_BATCH = 20;

/** `GET /api/reviews`'s slice of the list, `offset` from 0 (newest first). */
export const publicReviewsUrl = (offset: number, limit: number) => `/api/reviews?offset=${offset}&limit=${limit}`;
