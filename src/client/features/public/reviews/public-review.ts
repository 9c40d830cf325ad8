/**
 * A customer review as the public pages show it (SPEC section 3): only reviews
 * that staff have approved and published. The API that serves them arrives with
 * the Reviews issue; until then the pages are given an empty list.
 */
export type PublicReview = {
  id: number;
  customerName: string;
  /** 1 to 5; may be fractional (shown as whole stars plus a half star). */
  rating: number;
  reviewTitle: string;
  reviewText: string;
  location?: string | null;
  /** Shown as "Sold a ..." */
  vehicleSold?: string | null;
};

/** SPEC section 9: the average is shown to one decimal place. */
export function averageRating(reviews: Pick<PublicReview, 'rating'>[]): string | null {
  if (reviews.length === 0) return null;
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return (total / reviews.length).toFixed(1);
}
