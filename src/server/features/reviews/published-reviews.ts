import type { Db } from '~/server/db/client';
import { createKeptValue } from '~/server/lib/kept-value';
import { PUBLIC_REVIEWS_REACH } from '~/shared/reviews';
import { listPublishedReviews, type PublishedReviews } from './reviews-service';

/** The most reviews any page shows (the reviews page's carousel); the count and average cover all. */
export const PUBLISHED_REVIEWS_LIMIT = PUBLIC_REVIEWS_REACH;
/** How long another process's moderation may take to show here (this process's shows at once). */
export const PUBLISHED_REVIEWS_MAX_AGE_MS = 10_000;

export type PublishedReviewsSource = {
  /**
   * `limit` published reviews from `offset` (0 by default) among the newest PUBLISHED_REVIEWS_LIMIT,
   * with the count and average of all of them.
   */
  get(limit: number, offset?: number): Promise<PublishedReviews>;
  /** Forgets the kept list: after a review is approved, rejected, published or unpublished here. */
  invalidate(): void;
};

/**
 * The published reviews, read once and kept for a few seconds. The home page, /reviews and
 * `GET /api/reviews` all show them; reading them (three queries) on every page view made the home
 * page four times slower (958 to 244 requests/s in the bench). They change only when staff
 * moderate, which invalidates the kept list in this process; other processes see the change
 * within PUBLISHED_REVIEWS_MAX_AGE_MS. Concurrent callers share one read.
 */
export function createPublishedReviews(
  db: Db,
  options: { maxAgeMs?: number | undefined; monotonicMs?: () => number } = {},
): PublishedReviewsSource {
  const kept = createKeptValue(() => listPublishedReviews(db, { limit: PUBLISHED_REVIEWS_LIMIT }), {
    maxAgeMs: options.maxAgeMs ?? PUBLISHED_REVIEWS_MAX_AGE_MS,
    monotonicMs: options.monotonicMs,
  });
  return {
    async get(limit, offset = 0) {
      const list = await kept.get();
      return { ...list, reviews: list.reviews.slice(offset, offset + limit) };
    },
    invalidate: () => kept.invalidate(),
  };
}
