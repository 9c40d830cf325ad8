import { MoreLink } from '~/client/components/more-link';
import type { PublicReview } from '~/client/features/public/reviews';
import { ReviewCarousel } from '~/client/features/public/reviews';
import { paths } from '~/shared/paths';

/**
 * The home page's carousel and a link to every review; its code loads only when there are reviews.
 * Its own name, not the section's ("Customer reviews"): two regions of one name confuse landmark lists.
 */
export function ReviewShowcase({ reviews }: { reviews: PublicReview[] }) {
  return (
    <>
      <ReviewCarousel reviews={reviews} label="Latest reviews" />
      <p className="mt-8 text-center">
        <MoreLink to={paths.reviews}>Read all reviews</MoreLink>
      </p>
    </>
  );
}
