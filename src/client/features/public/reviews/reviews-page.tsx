import { MessageSquareQuote, PenLine } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { CallToActionBand } from '~/client/components/call-to-action-band';
import { EmptyState } from '~/client/components/empty-state';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';
import type { PublicReviewList } from './public-review';
import { ReviewCarousel } from './review-carousel';
import { StarRating } from './star-rating';

export const handle: RouteHandle = {
  meta: {
    title: 'Customer Reviews',
    description:
      'Reviews from people who have sold their car to us. Every review comes from a real seller and is checked by our team before it is published.',
  },
};

// The form's code (react-hook-form and the checks) loads only when a visitor opens it.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));
const ReviewNotices = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewNotices })));

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
 * (docs/decisions/002-page-data.md), their average and count; a button opens the review form,
 * which can be cancelled; one review at a time in the carousel, or "No reviews yet".
 */
export function Component() {
  const { reviews, count, average } = useLoaderData() as PublicReviewList;
  const [writing, setWriting] = useState(false);
  // Once the form has been opened, its notices stay (they outlive the form after a submission).
  const [formUsed, setFormUsed] = useState(false);
  // The form replaces the button that opened it: when it closes, focus goes back to that button
  // as soon as it is on the page again.
  const returnFocus = useRef(false);
  const opener = (button: HTMLButtonElement | null) => {
    if (button && returnFocus.current) {
      returnFocus.current = false;
      button.focus();
    }
  };
  const close = () => {
    returnFocus.current = true;
    setWriting(false);
  };
  const openForm = () => {
    setWriting(true);
    setFormUsed(true);
  };
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
          <div className="mx-auto mb-10 max-w-3xl">
            {writing ? (
              <Suspense
                fallback={
                  <p role="status" className="py-8 text-center text-muted">
                    Loading the form...
                  </p>
                }
              >
                <ReviewForm onDone={close} onCancel={close} />
              </Suspense>
            ) : count > 0 ? (
              <div className="flex justify-center">
                <Button ref={opener} size="lg" onClick={openForm}>
                  <PenLine aria-hidden="true" />
                  Write a Review
                </Button>
              </div>
            ) : null}
          </div>
          {count === 0 ? (
            writing ? null : (
              <EmptyState icon={MessageSquareQuote} title="No reviews yet">
                <p>There are no reviews to show yet. Sold your car to us? Tell other sellers how it went.</p>
                <Button ref={opener} size="lg" onClick={openForm}>
                  <PenLine aria-hidden="true" />
                  Write the First Review
                </Button>
              </EmptyState>
            )
          ) : (
            <ReviewCarousel reviews={reviews} label="Customer reviews" />
          )}
        </Container>
      </section>

      {formUsed && (
        <Suspense fallback={null}>
          <ReviewNotices />
        </Suspense>
      )}
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
