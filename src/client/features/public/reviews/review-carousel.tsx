import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { apiRequest } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import { publicReviewsUrl, REVIEW_CAROUSEL_BATCH, REVIEW_CAROUSEL_INTERVAL_MS } from '~/shared/review-basics';
import type { PublicReview, PublicReviewList } from './public-review';
import { StarRating } from './star-rating';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The dots shown at once, as many as fit in one row between the arrows on a 320px phone; with more
 * reviews they slide along with the current one.
 */
export const MAX_DOTS = 7;

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

/**
 * The reviews the carousel has, by position, and how many it reaches. It starts with what the page
 * brought; `need(i)` fetches the batch holding position i from `GET /api/reviews` when it is not
 * there yet (once at a time per batch; a failed batch is asked again the next time it is needed).
 * The list's own count, as each batch reports it, keeps the reach true if reviews were published or
 * withdrawn since the page was made.
 */
function useReviewSlots(first: PublicReview[], reach: number) {
  const [slots, setSlots] = useState<readonly (PublicReview | undefined)[]>(first);
  const [size, setSize] = useState(Math.max(reach, first.length));
  const [failedBatches, setFailedBatches] = useState<ReadonlySet<number>>(new Set());
  const asked = useRef(new Set<number>());

  const need = useCallback(
    (index: number) => {
      if (index < 0 || index >= size || slots[index]) return;
      const offset = index - (index % REVIEW_CAROUSEL_BATCH);
      if (asked.current.has(offset)) return;
      asked.current.add(offset);
      apiRequest<PublicReviewList>('GET', publicReviewsUrl(offset, REVIEW_CAROUSEL_BATCH)).then(
        (list) => {
          setSlots((previous) => {
            const next = [...previous];
            list.reviews.forEach((review, i) => (next[offset + i] = review));
            return next;
          });
          setSize(Math.min(list.count, reach));
          setFailedBatches((previous) => withoutItem(previous, offset));
        },
        () => {
          asked.current.delete(offset);
          setFailedBatches((previous) => new Set(previous).add(offset));
        },
      );
    },
    [slots, size, reach],
  );
  const failed = (index: number) => failedBatches.has(index - (index % REVIEW_CAROUSEL_BATCH));
  return { slots, size, need, failed };
}

function withoutItem<T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> {
  if (!set.has(item)) return set;
  const next = new Set(set);
  next.delete(item);
  return next;
}

/** The positions whose dots show: all of them, or MAX_DOTS around the current one. */
function dotWindow(current: number, count: number): number[] {
  const shown = Math.min(count, MAX_DOTS);
  const start = Math.min(Math.max(current - Math.floor(MAX_DOTS / 2), 0), count - shown);
  return Array.from({ length: shown }, (_, i) => start + i);
}

const controlClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-900 transition-colors hover:bg-brand-50';

const retryClass =
  'inline-flex h-11 items-center rounded-full border border-brand-200 bg-white px-5 font-semibold text-brand-900 transition-colors hover:bg-brand-50';

const slideClass =
  'relative rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-10';

/**
 * Published reviews one at a time (SPEC sections 2 and 4): previous and next
 * wrap around, dots jump to a review, "Review X of N" says where you are.
 *
 * It reaches `total` reviews (all of `reviews` when not given): those not in `reviews` are fetched
 * a batch at a time as the carousel nears them, so a page with 200 reviews carries 20. At most
 * MAX_DOTS dots show, sliding along with the current review.
 *
 * With more than one review it moves on every 5 seconds (WCAG 2.2.2): the pause
 * button stops it, and it also holds still while the pointer is over it or focus
 * is inside it. Visitors who ask for reduced motion start paused and may press
 * play. With exactly one review the controls are left out. The caller shows the
 * empty state: this renders nothing for an empty list.
 */
export function ReviewCarousel({
  reviews,
  total = reviews.length,
  label,
}: {
  reviews: PublicReview[];
  total?: number;
  label: string;
}) {
  const { slots, size: count, need, failed } = useReviewSlots(reviews, total);
  const [position, setPosition] = useState(0);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const slideId = useId();

  // Past the end only when the list shrank under the visitor (useReviewSlots): then the last.
  const current = Math.max(0, Math.min(position, count - 1));
  const playing = count > 1 && (choice ? choice === 'play' : !reducedMotion);
  const rotating = playing && !hovered && !focused;
  // Once the visitor has reached for it, the review before (from the first, the last) may be next.
  const reaching = hovered || focused || choice !== null || current !== 0;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setPosition((current + 1) % count), REVIEW_CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  // The current review and the ones either side are fetched ahead, so a move rarely waits.
  useEffect(() => {
    if (count === 0) return;
    need(current);
    need((current + 1) % count);
    if (reaching) need((current - 1 + count) % count);
  }, [need, current, count, reaching]);

  if (count === 0) return null;
  const review = slots[current];

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
        {review ? (
          <div
            key={review.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${current + 1} of ${count}`}
            className={cx(slideClass, 'transition-opacity duration-500 starting:opacity-0')}
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
        ) : (
          <div
            key={`waiting-${current}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${current + 1} of ${count}`}
            aria-busy={!failed(current)}
            className={cx(slideClass, 'flex min-h-64 flex-col items-center justify-center gap-4 text-center')}
          >
            {failed(current) ? (
              <>
                <p className="text-ink">This review could not be loaded. Check your connection and try again.</p>
                <button type="button" onClick={() => need(current)} className={retryClass}>
                  Try again
                </button>
              </>
            ) : (
              <p className="text-muted">Loading the review...</p>
            )}
          </div>
        )}
      </div>
      {count > 1 && (
        <div className="mt-6 flex flex-col items-center gap-3">
          <div className="flex items-center gap-3">
            <button type="button" aria-controls={slideId} onClick={() => go(current - 1)} className={controlClass}>
              <SpriteIcon name="chevron-left" className="size-5" />
              <span className="sr-only">Previous review</span>
            </button>
            <div className="flex flex-wrap justify-center">
              {dotWindow(current, count).map((index) => (
                <button
                  key={index}
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
