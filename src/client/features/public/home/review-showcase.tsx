import { MoreLink } from '~/client/components/more-link';
import type { PublicReview } from '~/client/features/public/reviews';
import { ReviewCarouselIsland } from '~/client/features/public/reviews';
import { paths } from '~/shared/paths';

/**
 * The home page's carousel (an island) and a link to every review.
 * Its own name, not the section's ("Customer reviews"): two regions of one name confuse landmark lists.
 */
export function ReviewShowcase({ reviews }: { reviews: PublicReview[] }) {
  return (
    <>
      <ReviewCarouselIsland reviews={reviews} label="Latest reviews" />
      <p className="mt-8 text-center">
        <MoreLink to={paths.reviews}>Read all reviews</MoreLink>
      </p>
    </>
  );
}
