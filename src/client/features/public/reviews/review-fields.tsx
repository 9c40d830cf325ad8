import { Star } from 'lucide-react';
import type { ComponentPropsWithRef } from 'react';
import { FieldError, fieldErrorId, inputClassName, TextField } from '~/client/components/form-fields';
import { cx } from '~/client/lib/cx';
import {
  ratingChoices,
  REVIEW_NAME_MAX_LENGTH,
  REVIEW_PLACE_MAX_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
  type ReviewField,
} from '~/shared/reviews';

/** What a field's input is given: react-hook-form's registration, or a plain form's name and value. */
export type InputProps = ComponentPropsWithRef<'input'> & ComponentPropsWithRef<'textarea'>;

/**
 * The review form's fields (SPEC section 5), the same in both of its forms: the one the reviews
 * page opens in place (review-form.tsx, checked as it is filled in) and the plain one of
 * /reviews/write for browsers without JavaScript (write-review-page.tsx). `website` is the
 * honeypot: off screen, out of the tab order and hidden from screen readers.
 */
export function ReviewFields({
  input,
  radio,
  errorOf,
}: {
  input: (field: Exclude<ReviewField, 'rating'> | 'website') => InputProps;
  /** A star choice's radio: its name, and whether it is chosen. */
  radio: (value: number) => InputProps;
  errorOf: (field: ReviewField) => string | undefined;
}) {
  return (
    <>
      <RatingChoice radio={radio} error={errorOf('rating')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="customerName" label="Your name" error={errorOf('customerName')} required>
          <input
            {...input('customerName')}
            autoComplete="name"
            maxLength={REVIEW_NAME_MAX_LENGTH}
            className={inputClassName}
          />
        </TextField>
        <TextField
          name="email"
          label="Email address"
          error={errorOf('email')}
          required
          hint="Never shown; we may use it to check your review."
        >
          <input {...input('email')} type="email" autoComplete="email" className={inputClassName} />
        </TextField>
      </div>
      <TextField name="reviewTitle" label="Review title" error={errorOf('reviewTitle')} required>
        <input {...input('reviewTitle')} maxLength={REVIEW_TITLE_MAX_LENGTH} className={inputClassName} />
      </TextField>
      <TextField name="reviewText" label="Your review" error={errorOf('reviewText')} required>
        <textarea
          {...input('reviewText')}
          rows={5}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          className={cx(inputClassName, 'h-auto py-3')}
        />
      </TextField>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="location" label="Location (optional)" error={errorOf('location')} hint="For example, Louth">
          <input
            {...input('location')}
            autoComplete="address-level2"
            maxLength={REVIEW_PLACE_MAX_LENGTH}
            className={inputClassName}
          />
        </TextField>
        <TextField
          name="vehicleSold"
          label="Car you sold (optional)"
          error={errorOf('vehicleSold')}
          hint="For example, 2018 Ford Focus"
        >
          <input {...input('vehicleSold')} maxLength={REVIEW_PLACE_MAX_LENGTH} className={inputClassName} />
        </TextField>
      </div>
      {/* The honeypot: people never see or reach it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input {...input('website')} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <p className="text-sm text-muted">
        Staff read every review before it is published. We show your name, location and car, never your e-mail.
      </p>
    </>
  );
}

/** Five native radios drawn as stars with their words (5 Excellent … 1 Poor); arrows move between them. */
function RatingChoice({ radio, error }: { radio: (value: number) => InputProps; error: string | undefined }) {
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
            <input type="radio" value={value} {...radio(value)} className="sr-only" />
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
