import { useEffect, useId, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import type { PublicReview } from './public-review';
import { StarRating } from './star-rating';

/** SPEC section 9: home and reviews carousels move on every 5 seconds. */
export const AUTO_ADVANCE_MS = 5000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The visitor's "reduce motion" setting; the server assumes none, the browser corrects it after hydration. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

const controlClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-900 transition-colors hover:bg-brand-50';

/**
 * Published reviews one at a time (SPEC sections 2 and 4): previous and next
 * wrap around, dots jump to a review, "Review X of N" says where you are.
 *
 * With more than one review it moves on every 5 seconds (WCAG 2.2.2): the pause
 * button stops it, and it also holds still while the pointer is over it or focus
 * is inside it. Visitors who ask for reduced motion start paused and may press
 * play. With exactly one review the controls are left out. The caller shows the
 * empty state: this renders nothing for an empty list.
 */
export function ReviewCarousel({ reviews, label }: { reviews: PublicReview[]; label: string }) {
  const count = reviews.length;
  const [position, setPosition] = useState(0);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const slideId = useId();

  const current = count > 0 ? position % count : 0;
  const playing = count > 1 && (choice ? choice === 'play' : !reducedMotion);
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setPosition((current + 1) % count), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  const review = reviews[current];
  if (!review) return null;

  const go = (to: number) => setPosition((to + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      className="mx-auto max-w-3xl"
    >
      {count > 1 && (
        <div className="mb-4 flex justify-end">
          <button
            type="button"
            onClick={() => setChoice(playing ? 'pause' : 'play')}
            className="inline-flex h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            <SpriteIcon name={playing ? 'pause' : 'play'} className="size-4" />
            {playing ? 'Pause reviews' : 'Play reviews'}
          </button>
        </div>
      )}
      {/* Announced when it changes by the visitor's hand, not while it turns by itself. */}
      <div id={slideId} aria-live={rotating ? 'off' : 'polite'}>
        <div
          key={review.id}
          role="group"
          aria-roledescription="slide"
          aria-label={`${current + 1} of ${count}`}
          className="relative rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] transition-opacity duration-500 starting:opacity-0 sm:p-10"
        >
          <SpriteIcon name="quote" className="absolute top-6 right-6 size-10 text-brand-100 sm:top-8 sm:right-8" />
          <StarRating rating={review.rating} />
          <h3 className="mt-4 pr-12 text-xl font-bold text-brand-900">{review.reviewTitle}</h3>
          <blockquote className="mt-3 text-lg whitespace-pre-line text-ink">
            <p>{review.reviewText}</p>
          </blockquote>
          <p className="mt-6 text-sm text-muted">
            <span className="font-semibold text-brand-900">{review.customerName}</span>
            {review.location && <span>, {review.location}</span>}
            {review.vehicleSold && <span className="block">Sold a {review.vehicleSold}</span>}
          </p>
        </div>
      </div>
      {count > 1 && (
        <div className="mt-6 flex flex-col items-center gap-3">
          <div className="flex items-center gap-3">
            <button type="button" aria-controls={slideId} onClick={() => go(current - 1)} className={controlClass}>
              <SpriteIcon name="chevron-left" className="size-5" />
              <span className="sr-only">Previous review</span>
            </button>
            <div className="flex flex-wrap justify-center">
              {reviews.map((item, index) => (
                <button
                  key={item.id}
                  type="button"
                  aria-controls={slideId}
                  aria-current={index === current ? 'true' : undefined}
                  onClick={() => go(index)}
                  className="group flex size-7 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={cx(
                      'size-2.5 rounded-full transition-colors',
                      index === current ? 'bg-brand-700' : 'bg-brand-200 group-hover:bg-brand-300',
                    )}
                  />
                  <span className="sr-only">Show review {index + 1}</span>
                </button>
              ))}
            </div>
            <button type="button" aria-controls={slideId} onClick={() => go(current + 1)} className={controlClass}>
              <SpriteIcon name="chevron-right" className="size-5" />
              <span className="sr-only">Next review</span>
            </button>
          </div>
          <p className="text-sm font-medium text-muted">
            Review {current + 1} of {count}
          </p>
        </div>
      )}
    </section>
  );
}

export const ReviewCarouselIsland = island('features/public/reviews/review-carousel', ReviewCarousel);
