import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { FieldError, fieldErrorId, inputClassName, TextField } from '~/client/components/form-fields';
import { toast, Toaster } from '~/client/components/ui/toast';

/** Where the form's notices show; stays on the page after the form closes. */
export { Toaster as ReviewNotices };
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import {
  DEFAULT_RATING,
  ratingChoices,
  REVIEW_NAME_MAX_LENGTH,
  REVIEW_PLACE_MAX_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
  reviewMessages,
  reviewSubmissionSchema,
  type ReviewSubmission,
} from '~/shared/reviews';

/** Radios give strings: the rating is read as a number before the shared checks (and their messages). */
const formSchema = reviewSubmissionSchema.extend({
  rating: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : Number(value)),
    reviewSubmissionSchema.shape.rating,
  ),
});

type FormValues = Omit<ReviewSubmission, 'rating'> & { rating: string };

const emptyForm: FormValues = {
  customerName: '',
  email: '',
  rating: String(DEFAULT_RATING),
  reviewTitle: '',
  reviewText: '',
  location: '',
  vehicleSold: '',
  website: '',
};

/**
 * The review form (SPEC sections 2, 5 and 8): SPEC's checks and messages (the same schema as the
 * server's), five star choices with their words, usable from the keyboard (a native radio group).
 * On success it says the review appears after approval, and the page closes and resets it.
 * `website` is the honeypot: off screen, out of the tab order and hidden from screen readers.
 */
export function ReviewForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const form = useForm<FormValues>({
    defaultValues: emptyForm,
    resolver: zodResolver(formSchema) as never,
    mode: 'onTouched',
  });
  const { register, formState } = form;
  const errors = formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await apiRequest('POST', '/api/reviews', formSchema.parse(values));
      toast({ title: reviewMessages.submitted, description: reviewMessages.submittedDetail });
      form.reset(emptyForm);
      onDone();
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.userMessage(reviewMessages.submitFailedDetail)
          : reviewMessages.submitFailedDetail;
      toast({ title: reviewMessages.submitFailed, description: message, variant: 'destructive' });
    }
  });

  return (
    <form
      noValidate
      aria-label="Write a review"
      onSubmit={(event) => void submit(event)}
      className="grid gap-5 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8"
    >
      <h2 className="text-xl font-bold text-brand-900">Write a review</h2>
      <RatingChoice registration={register('rating')} error={errors.rating?.message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="customerName" label="Your name" error={errors.customerName?.message} required>
          <input
            {...register('customerName')}
            autoComplete="name"
            maxLength={REVIEW_NAME_MAX_LENGTH}
            className={inputClassName}
          />
        </TextField>
        <TextField
          name="email"
          label="Email address"
          error={errors.email?.message}
          required
          hint="Never shown; we may use it to check your review."
        >
          <input {...register('email')} type="email" autoComplete="email" className={inputClassName} />
        </TextField>
      </div>
      <TextField name="reviewTitle" label="Review title" error={errors.reviewTitle?.message} required>
        <input {...register('reviewTitle')} maxLength={REVIEW_TITLE_MAX_LENGTH} className={inputClassName} />
      </TextField>
      <TextField name="reviewText" label="Your review" error={errors.reviewText?.message} required>
        <textarea
          {...register('reviewText')}
          rows={5}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          className={cx(inputClassName, 'h-auto py-3')}
        />
      </TextField>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="location"
          label="Location (optional)"
          error={errors.location?.message}
          hint="For example, Louth"
        >
          <input
            {...register('location')}
            autoComplete="address-level2"
            maxLength={REVIEW_PLACE_MAX_LENGTH}
            className={inputClassName}
          />
        </TextField>
        <TextField
          name="vehicleSold"
          label="Car you sold (optional)"
          error={errors.vehicleSold?.message}
          hint="For example, 2018 Ford Focus"
        >
          <input {...register('vehicleSold')} maxLength={REVIEW_PLACE_MAX_LENGTH} className={inputClassName} />
        </TextField>
      </div>
      {/* The honeypot: people never see or reach it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input {...register('website')} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <p className="text-sm text-muted">
        Staff read every review before it is published. We show your name, location and car, never your e-mail.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          className="inline-flex h-12 items-center justify-center rounded-lg border border-slate-300 px-5 font-semibold text-brand-900 hover:bg-brand-50"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={formState.isSubmitting}
          className="inline-flex h-12 items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {formState.isSubmitting ? 'Submitting...' : 'Submit Review'}
        </button>
      </div>
    </form>
  );
}

/** Five native radios drawn as stars with their words (5 Excellent … 1 Poor); arrows move between them. */
function RatingChoice({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'rating'>;
  error: string | undefined;
}) {
  return (
    <fieldset aria-describedby={error ? fieldErrorId('rating') : undefined} className="grid gap-2">
      <legend className="text-sm font-semibold text-brand-950">
        Your rating
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {ratingChoices.map(({ value, label }) => (
          <label
            key={value}
            className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-ink has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-3 has-focus-visible:ring-brand-500/40"
          >
            <input type="radio" value={value} {...registration} className="sr-only" />
            <span aria-hidden="true" className="inline-flex">
              {Array.from({ length: value }, (_, star) => (
                <Star key={star} className="size-4 fill-plate-strong text-amber-600" />
              ))}
            </span>
            <span>
              {value} {label}
            </span>
          </label>
        ))}
      </div>
      <FieldError name="rating" message={error} />
    </fieldset>
  );
}
