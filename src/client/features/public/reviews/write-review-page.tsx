import { CircleCheck } from 'lucide-react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { FormFailure } from '~/client/components/form-fields';
import { PageIntro } from '~/client/components/page-intro';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';
import { DEFAULT_RATING, reviewMessages, type ReviewField, type ReviewFormState } from '~/shared/reviews';
import { ReviewFields } from './review-fields';

export const handle: RouteHandle = {
  meta: { title: 'Write a Review', noindex: true },
};

const cardClass =
  'grid gap-5 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8';
const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

/**
 * /reviews/write: the review form on a page of its own, for browsers without JavaScript (issue 31),
 * which reach it from the reviews page's "Write a Review" (with a script, the form opens in place
 * there). A plain form posted to this page; the server answers with `?sent` (POST/redirect/GET)
 * or this page again with what was typed and the messages (its loader's state).
 */
export function Component() {
  const state = useLoaderData() as ReviewFormState | null;
  const [params] = useSearchParams();
  return (
    <>
      <PageIntro title="Write a Review">
        <p>Sold your car to us? Tell other sellers how it went.</p>
      </PageIntro>
      <Container className="py-14 sm:py-16">
        <div className="mx-auto max-w-3xl">{params.has('sent') ? <Thanks /> : <PlainReviewForm state={state} />}</div>
      </Container>
    </>
  );
}

function PlainReviewForm({ state }: { state: ReviewFormState | null }) {
  const typed = state?.values;
  const valueOf = (field: ReviewField) => typed?.[field] ?? '';
  const rating = typed?.rating ?? String(DEFAULT_RATING);
  return (
    <form
      method="post"
      action={`${paths.writeReview}#main`}
      noValidate
      aria-label="Write a review"
      className={cardClass}
    >
      {state ? <FormFailure title={reviewMessages.submitFailed} message={state.failure} /> : null}
      <ReviewFields
        input={(field) => ({ name: field, defaultValue: field === 'website' ? '' : valueOf(field) })}
        radio={(value) => ({ name: 'rating', defaultChecked: String(value) === rating })}
        errorOf={(field) => state?.errors[field]}
      />
      <div className="flex flex-col-reverse items-center gap-4 sm:flex-row sm:justify-end">
        <Link to={paths.reviews} className={linkClass}>
          Back to the reviews
        </Link>
        <button type="submit" className={buttonVariants({ size: 'lg' })}>
          Submit Review
        </button>
      </div>
    </form>
  );
}

function Thanks() {
  return (
    <section aria-labelledby="review-sent-title" className={`${cardClass} border-green-200`}>
      <h2 id="review-sent-title" className="flex items-center gap-2 text-xl font-bold text-brand-900">
        <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-go-700" />
        {reviewMessages.submitted}
      </h2>
      <p className="text-ink">{reviewMessages.submittedDetail}</p>
      <p>
        <Link to={paths.reviews} className={linkClass}>
          Back to the reviews
        </Link>
      </p>
    </section>
  );
}
