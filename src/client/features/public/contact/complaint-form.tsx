import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { inputClassName, TextField } from '~/client/components/form-fields';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import {
  COMPLAINT_ACKNOWLEDGE_DAYS,
  COMPLAINT_DETAILS_MAX_LENGTH,
  COMPLAINT_DETAILS_MIN_LENGTH,
  COMPLAINT_NAME_MAX_LENGTH,
  COMPLAINT_PHONE_MAX_LENGTH,
  complaintMessages,
} from '~/shared/complaint-basics';

type Values = { name: string; email: string; phone: string; details: string; website: string };
const FIELDS = ['name', 'email', 'phone', 'details'] as const;

const emptyForm: Values = { name: '', email: '', phone: '', details: '', website: '' };

const CHECK_CONNECTION = 'We could not check the form. Please check your connection and try again.';

/**
 * The shared checks (zod, and libphonenumber for the phone) are not part of the page: they are
 * fetched when the visitor first moves into the form, long before Send asks for them. After a
 * failure (offline for a moment) the next call tries again.
 */
const importSchemas = () => import('~/shared/complaints');
let loading: ReturnType<typeof importSchemas> | undefined;
function loadSchemas() {
  return (loading ??= importSchemas().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
}

/** Checks the form with the server's own schema; the first message of each field. */
const resolver: Resolver<Values> = async (values) => {
  const { complaintSubmissionSchema } = await loadSchemas();
  const result = complaintSubmissionSchema.safeParse(values);
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<Values> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof Values;
    if (field in emptyForm && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

/** A key per complaint: the same one again when the very same complaint is sent again (a retry). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const noSubscription = () => () => {};
/** False in the server's HTML and while hydrating, true once React runs the form in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The data-protection complaint form on the contact page (issue 18; DPA 2018 s.164A), an island.
 * The same checks and messages as the server; on success, the reference and the promise of an
 * acknowledgement by e-mail. Send is disabled until the form has come to life, so a press before
 * that cannot post the form as a plain page request. `website` is the honeypot: off screen, out of
 * the tab order and hidden from screen readers.
 */
export function ComplaintForm() {
  const hydrated = useHydrated();
  const form = useForm<Values>({ defaultValues: emptyForm, resolver, mode: 'onTouched' });
  const { register, formState, setError } = form;
  const errors = formState.errors;
  // Why it was not sent; the notice takes the focus unless a field with a message took it.
  const [failure, setFailure] = useState<{ message: string; focus: boolean } | null>(null);
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (failure?.focus) failureBox.current?.focus();
  }, [failure]);

  async function send(values: Values) {
    setFailure(null);
    const { complaintSubmissionSchema, complaintCreatedSchema } = await loadSchemas();
    const body = complaintSubmissionSchema.parse(values);
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newKey() };
    try {
      const answer = await apiRequest<unknown>('POST', '/api/complaints', body, {
        headers: { 'Idempotency-Key': attempt.current.key },
      });
      const { reference } = complaintCreatedSchema.parse(answer);
      attempt.current = null;
      form.reset(emptyForm);
      setSent({ reference, email: body.email });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      let focused = false;
      for (const issue of apiError?.body?.issues ?? []) {
        const field = FIELDS.find((name) => name === issue.path);
        if (!field) continue;
        setError(field, { type: 'server', message: issue.message }, { shouldFocus: !focused });
        focused = true;
      }
      const message = apiError?.userMessage(complaintMessages.submitFailedDetail) ?? CHECK_CONNECTION;
      setFailure({ message, focus: !focused });
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The checks may still be loading; if they cannot load, nothing was sent.
    form
      .handleSubmit(send)(event)
      .catch(() => setFailure({ message: CHECK_CONNECTION, focus: true }));
  };

  if (sent) {
    return (
      <div className="rounded-[var(--radius-card)] border border-green-200 bg-white p-5 shadow-[var(--shadow-card)] sm:p-8">
        <h3
          ref={sentHeading}
          tabIndex={-1}
          className="flex items-center gap-2 text-xl font-bold text-brand-900 focus:outline-none"
        >
          <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-go-700" />
          {complaintMessages.sent}
        </h3>
        <p className="mt-4 text-ink">
          Your reference is{' '}
          <strong className="font-mono text-lg tracking-wider text-brand-950">{sent.reference}</strong>. Please quote it
          if you contact us about your complaint.
        </p>
        <p className="mt-3 text-ink">
          We are e-mailing an acknowledgement to <strong className="break-all">{sent.email}</strong>, with your
          reference and a copy of what you wrote. We will reply within {COMPLAINT_ACKNOWLEDGE_DAYS} days.
        </p>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Data protection complaint"
      onSubmit={onSubmit}
      onFocus={() => void loadSchemas().catch(() => {})}
      className="grid gap-5 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8"
    >
      {failure ? (
        <div
          ref={failureBox}
          tabIndex={-1}
          role="alert"
          className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-danger focus:outline-none"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{complaintMessages.submitFailed}</p>
            <p className="mt-1 text-sm">{failure.message}</p>
          </div>
        </div>
      ) : null}
      <TextField name="name" label="Your name" error={errors.name?.message} required>
        <input
          {...register('name')}
          autoComplete="name"
          maxLength={COMPLAINT_NAME_MAX_LENGTH}
          className={inputClassName}
        />
      </TextField>
      <TextField
        name="email"
        label="Email address"
        error={errors.email?.message}
        required
        hint="We send your acknowledgement and our reply to this address."
      >
        <input {...register('email')} type="email" autoComplete="email" className={inputClassName} />
      </TextField>
      <TextField
        name="phone"
        label="Phone number (optional)"
        error={errors.phone?.message}
        hint="Only if you would like us to call you about it."
      >
        <input
          {...register('phone')}
          type="tel"
          autoComplete="tel"
          maxLength={COMPLAINT_PHONE_MAX_LENGTH}
          className={inputClassName}
        />
      </TextField>
      <TextField
        name="details"
        label="Your complaint"
        error={errors.details?.message}
        required
        hint={`What happened, when, and what you would like us to do. At least ${COMPLAINT_DETAILS_MIN_LENGTH} characters.`}
      >
        <textarea
          {...register('details')}
          rows={6}
          maxLength={COMPLAINT_DETAILS_MAX_LENGTH}
          className={cx(inputClassName, 'h-auto py-3')}
        />
      </TextField>
      {/* The honeypot: people never see or reach it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input {...register('website')} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <p className="text-sm text-muted">
        We use these details only to look into and answer your complaint. Our privacy policy says how long we keep them.
      </p>
      <div className="flex sm:justify-end">
        <button
          type="submit"
          disabled={!hydrated || formState.isSubmitting}
          className="inline-flex h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
        >
          {formState.isSubmitting ? 'Sending...' : 'Send complaint'}
        </button>
      </div>
    </form>
  );
}

export const ComplaintFormIsland = island('features/public/contact/complaint-form', ComplaintForm);
