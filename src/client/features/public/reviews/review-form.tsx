import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast, Toaster } from '~/client/components/ui/toast';
import { ReviewFields } from './review-fields';

/** Where the form's notices show; stays on the page after the form closes. */
export { Toaster as ReviewNotices };
import { ApiError, apiRequest } from '~/client/lib/api-client';
import {
  DEFAULT_RATING,
  reviewFormSchema as formSchema,
  reviewMessages,
  type ReviewSubmission,
} from '~/shared/reviews';

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
      <ReviewFields
        input={(field) => register(field)}
        radio={() => register('rating')}
        errorOf={(field) => errors[field]?.message}
      />
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
