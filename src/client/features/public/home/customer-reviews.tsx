import { SectionHeading } from '~/client/components/section-heading';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { Container } from '~/client/components/ui/container';
import type { PublicReview } from '~/client/features/public/reviews';
import { ReviewShowcase } from './review-showcase';

/**
 * The home page's reviews (SPEC section 4): "Customer Reviews Coming Soon" when
 * there are none, otherwise the carousel. Only real, published reviews are ever
 * passed in.
 */
export function CustomerReviews({ reviews }: { reviews: PublicReview[] }) {
  return (
    <section aria-labelledby="customer-reviews-title" className="bg-brand-50 py-16 sm:py-20">
      <Container>
        <SectionHeading id="customer-reviews-title" title="Customer reviews" centred />
        <div className="mt-10">
          {reviews.length === 0 ? (
            <div className="mx-auto max-w-2xl rounded-[var(--radius-card)] border border-dashed border-brand-200 bg-white px-6 py-10 text-center">
              <SpriteIcon name="message-square-quote" className="mx-auto size-10 text-brand-500" />
              <p className="mt-4 text-2xl font-bold text-brand-900">Customer Reviews Coming Soon</p>
              <p className="mt-2 text-muted">
                We only publish reviews from people who have sold their car to us. Our first sellers’ reviews will
                appear here.
              </p>
            </div>
          ) : (
            <ReviewShowcase reviews={reviews} />
          )}
        </div>
      </Container>
    </section>
  );
}
