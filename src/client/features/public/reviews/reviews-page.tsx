import { MessageSquareQuote } from 'lucide-react';
import { Link } from 'react-router';
import { CallToActionBand } from '~/client/components/call-to-action-band';
import { EmptyState } from '~/client/components/empty-state';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';
import { averageRating, type PublicReview } from './public-review';
import { ReviewCarousel } from './review-carousel';
import { StarRating } from './star-rating';

export const handle: RouteHandle = {
  meta: {
    title: 'Customer Reviews',
    description:
      'Reviews from people who have sold their car to us. Every review comes from a real seller and is checked by our team before it is published.',
  },
};

/** The average (one decimal) and the count, for the hero; nothing when there are no reviews. */
function RatingSummary({ reviews }: { reviews: PublicReview[] }) {
  const average = averageRating(reviews);
  if (!average) return null;
  return (
    <p className="mt-6 inline-flex flex-wrap items-center gap-3 rounded-full bg-white px-4 py-2 text-brand-950">
      <StarRating rating={Number(average)} />
      <span className="font-bold">{average} out of 5</span>
      <span className="text-muted">
        from {reviews.length} review{reviews.length === 1 ? '' : 's'}
      </span>
    </p>
  );
}

/**
 * /reviews (SPEC section 2). Published reviews arrive with the Reviews issue, and
 * the review form with them; until then the page says plainly that there are
 * none yet, with no average and no button that leads nowhere.
 */
export function Component() {
  const reviews: PublicReview[] = [];
  return (
    <>
      <PageIntro title="Customer Reviews">
        <p>
          What sellers say about selling their car to us. Every review comes from a real seller and is checked by our
          team before it is published.
        </p>
        <RatingSummary reviews={reviews} />
      </PageIntro>

      <section aria-label="Reviews" className="bg-brand-50 py-14 sm:py-20">
        <Container>
          {reviews.length === 0 ? (
            <EmptyState icon={MessageSquareQuote} title="No reviews yet">
              <p>
                There are no reviews to show yet. When sellers share their experience of selling their car to us, you
                will find their reviews here.
              </p>
              <p className="font-medium text-brand-800">
                Sold your car to us? You will soon be able to leave a review on this page.
              </p>
            </EmptyState>
          ) : (
            <ReviewCarousel reviews={reviews} label="Customer reviews" />
          )}
        </Container>
      </section>

      <CallToActionBand
        id="reviews-cta-title"
        title="Ready to sell your car?"
        actions={
          <>
            <Button asChild size="lg">
              <Link to={paths.valuation}>Get My Valuation</Link>
            </Button>
            <Button asChild size="lg" variant="onDark">
              <Link to={paths.contact}>Contact us</Link>
            </Button>
          </>
        }
      >
        <p>Get a free, no-obligation valuation within 24 hours, or ask us anything first.</p>
      </CallToActionBand>
    </>
  );
}
