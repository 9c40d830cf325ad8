import { MoreLink } from '~/client/components/more-link';
import type { PublicReview } from '~/client/features/public/reviews';
import { ReviewCarousel } from '~/client/features/public/reviews';
import { paths } from '~/shared/paths';

/** The home page's carousel and a link to every review; its code loads only when there are reviews. */
export function ReviewShowcase({ reviews }: { reviews: PublicReview[] }) {
  return (
    <>
      <ReviewCarousel reviews={reviews} label="Customer reviews" />
      <p className="mt-8 text-center">
        <MoreLink to={paths.reviews}>Read all reviews</MoreLink>
      </p>
    </>
  );
}
