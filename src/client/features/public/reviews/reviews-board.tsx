import { lazy, Suspense, useRef, useState } from 'react';
import { EmptyState } from '~/client/components/empty-state';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import { paths } from '~/shared/paths';
import { PUBLIC_REVIEWS_REACH } from '~/shared/review-basics';
import type { PublicReview } from './public-review';
import { ReviewCarousel } from './review-carousel';

const QuoteIcon = ({ className }: { className?: string }) => (
  <SpriteIcon name="message-square-quote" className={className} />
);

// The form's code (react-hook-form and the checks) loads only when a visitor opens it.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));
const ReviewNotices = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewNotices })));

/**
 * Opens the form in place. Where scripts are off (issue 31) the button, which could not, is hidden,
 * and a link to the form on a page of its own (/reviews/write) stands in its place.
 */
function WriteReviewOpener({
  label,
  buttonRef,
  onOpen,
}: {
  label: string;
  buttonRef: (button: HTMLButtonElement | null) => void;
  onOpen: () => void;
}) {
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={cx(buttonVariants({ size: 'lg' }), 'noscript:hidden')}
        onClick={onOpen}
      >
        <SpriteIcon name="pen-line" />
        {label}
      </button>
      <noscript>
        <a href={paths.writeReview} className={buttonVariants({ size: 'lg' })}>
          <SpriteIcon name="pen-line" />
          {label}
        </a>
      </noscript>
    </>
  );
}

/**
 * The interactive part of /reviews (an island): a button opens the review form, which can be
 * cancelled, and the carousel shows one review at a time; with no reviews, "No reviews yet".
 * The page brings the newest few reviews and `count`, all of them; the carousel fetches the rest.
 */
export function ReviewsBoard({ reviews, count }: { reviews: PublicReview[]; count: number }) {
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
            <WriteReviewOpener label="Write a Review" buttonRef={opener} onOpen={openForm} />
          </div>
        ) : null}
      </div>
      {count === 0 ? (
        writing ? null : (
          <EmptyState icon={QuoteIcon} title="No reviews yet">
            <p>There are no reviews to show yet. Sold your car to us? Tell other sellers how it went.</p>
            <WriteReviewOpener label="Write the First Review" buttonRef={opener} onOpen={openForm} />
          </EmptyState>
        )
      ) : (
        <ReviewCarousel reviews={reviews} total={Math.min(count, PUBLIC_REVIEWS_REACH)} label="Customer reviews" />
      )}
      {formUsed && (
        <Suspense fallback={null}>
          <ReviewNotices />
        </Suspense>
      )}
    </>
  );
}

export const ReviewsBoardIsland = island('features/public/reviews/reviews-board', ReviewsBoard);
