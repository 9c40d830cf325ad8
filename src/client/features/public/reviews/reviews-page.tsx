import { Link, useLoaderData } from 'react-router';
import { CallToActionBand } from '~/client/components/call-to-action-band';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';
import type { PublicReviewList } from './public-review';
import { ReviewsBoardIsland } from './reviews-board';
import { StarRating } from './star-rating';

export const handle: RouteHandle = {
  meta: {
    title: 'Customer Reviews',
    description:
      'Reviews from people who have sold their car to us. Every review comes from a real seller and is checked by our team before it is published.',
  },
};

/** The average (one decimal) and the count, for the hero; nothing when there are no reviews. */
function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return null;
  return (
    <p className="mt-6 inline-flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-white px-4 py-2 text-brand-950 sm:rounded-full">
      <StarRating rating={average} />
      <span className="font-bold">{average.toFixed(1)} out of 5</span>
      <span className="text-muted">
        from {count} review{count === 1 ? '' : 's'}
      </span>
    </p>
  );
}

/**
 * /reviews (SPEC section 2): the published reviews, loaded on the server with the page
 * (docs/decisions/002-page-data.md), their average and count, and the board (reviews-board.tsx):
 * the review form and the carousel.
 */
export function Component() {
  const { reviews, count, average } = useLoaderData() as PublicReviewList;
  return (
    <>
      <PageIntro title="Customer Reviews">
        <p>
          What sellers say about selling their car to us. Every review comes from a real seller and is checked by our
          team before it is published.
        </p>
        <RatingSummary average={average} count={count} />
      </PageIntro>

      <section aria-labelledby="reviews-list-title" className="bg-brand-50 py-14 sm:py-20">
        <Container>
          <h2 id="reviews-list-title" className="sr-only">
            Reviews from sellers
          </h2>
          <ReviewsBoardIsland reviews={reviews} count={count} />
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
