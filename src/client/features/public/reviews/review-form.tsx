import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, Star } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
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

const inputClassName =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3.5 text-base text-ink shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none aria-invalid:border-danger';

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
      <RatingChoice registration={register('rating')} error={errors.rating} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Your name" error={errors.customerName} required>
          {(props) => (
            <input
              {...props}
              {...register('customerName')}
              autoComplete="name"
              maxLength={REVIEW_NAME_MAX_LENGTH}
              className={cx(inputClassName, 'h-12')}
            />
          )}
        </Field>
        <Field
          label="Email address"
          error={errors.email}
          required
          hint="Never shown; we may use it to check your review."
        >
          {(props) => (
            <input
              {...props}
              {...register('email')}
              type="email"
              autoComplete="email"
              className={cx(inputClassName, 'h-12')}
            />
          )}
        </Field>
      </div>
      <Field label="Review title" error={errors.reviewTitle} required>
        {(props) => (
          <input
            {...props}
            {...register('reviewTitle')}
            maxLength={REVIEW_TITLE_MAX_LENGTH}
            className={cx(inputClassName, 'h-12')}
          />
        )}
      </Field>
      <Field label="Your review" error={errors.reviewText} required>
        {(props) => (
          <textarea
            {...props}
            {...register('reviewText')}
            rows={5}
            maxLength={REVIEW_TEXT_MAX_LENGTH}
            className={cx(inputClassName, 'py-3')}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Location (optional)" error={errors.location} hint="For example, Louth">
          {(props) => (
            <input
              {...props}
              {...register('location')}
              autoComplete="address-level2"
              maxLength={REVIEW_PLACE_MAX_LENGTH}
              className={cx(inputClassName, 'h-12')}
            />
          )}
        </Field>
        <Field label="Car you sold (optional)" error={errors.vehicleSold} hint="For example, 2018 Ford Focus">
          {(props) => (
            <input
              {...props}
              {...register('vehicleSold')}
              maxLength={REVIEW_PLACE_MAX_LENGTH}
              className={cx(inputClassName, 'h-12')}
            />
          )}
        </Field>
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

type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true; 'aria-required'?: true };

/** A label, its control, a hint and the message, wired together for screen readers. */
function Field({
  label,
  hint,
  error,
  required,
  children,
}: {
  label: string;
  hint?: string;
  error: FieldError | undefined;
  required?: boolean;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-brand-950">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-describedby': described || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

function ErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{error.message}</span>
    </p>
  );
}

/** Five native radios drawn as stars with their words (5 Excellent … 1 Poor); arrows move between them. */
function RatingChoice({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'rating'>;
  error: FieldError | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="grid gap-2">
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
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}
