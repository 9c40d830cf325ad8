import { CircleCheck } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { FormFailure, inputClassName, TextField } from '~/client/components/form-fields';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import { ComplaintSentDetails } from './complaint-sent-details';
import { paths } from '~/shared/paths';
import {
  COMPLAINT_DETAILS_MAX_LENGTH,
  COMPLAINT_FIELDS,
  COMPLAINT_DETAILS_MIN_LENGTH,
  COMPLAINT_NAME_MAX_LENGTH,
  COMPLAINT_PHONE_MAX_LENGTH,
  complaintMessages,
  type ComplaintField,
  type ComplaintFormState,
} from '~/shared/complaint-basics';

type Values = Record<ComplaintField, string> & { website: string };

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

/**
 * The data-protection complaint form on the contact page (issue 18; DPA 2018 s.164A), an island.
 * It works from the first paint (issue 31): it is a plain form posted to the contact page, which
 * the server answers with the confirmation page, or the page again with `initial`, what was typed
 * and the messages. Once it has come to life it checks the fields with the server's own schema as
 * they are filled in and sends them to the API instead, showing the reference in its place.
 * `website` is the honeypot: off screen, out of the tab order and hidden from screen readers.
 */
export function ComplaintForm({ initial }: { initial?: ComplaintFormState }) {
  const defaultValues = initial ? { ...initial.values, website: '' } : emptyForm;
  const form = useForm<Values>({ defaultValues, resolver, mode: 'onTouched' });
  const { register, formState, setError } = form;
  // What was typed is in the server's HTML too (uncontrolled inputs show nothing until hydrated).
  const fieldProps = (field: ComplaintField) => ({ ...register(field), defaultValue: defaultValues[field] });
  // The server's messages stand for a field until it is checked here (left, or the form sent).
  const errorOf = (field: ComplaintField) =>
    formState.errors[field]?.message ??
    (formState.touchedFields[field] || formState.isSubmitted ? undefined : initial?.errors[field]);
  // Why it was not sent; the notice takes the focus unless a field with a message took it.
  const [failure, setFailure] = useState<{ message: string; focus: boolean } | null>(
    initial ? { message: initial.failure, focus: false } : null,
  );
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);

  // Layout effects: focus moves as the answer is drawn, before the next key press.
  useLayoutEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);
  useLayoutEffect(() => {
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
        const field = COMPLAINT_FIELDS.find((name) => name === issue.path);
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
        <ComplaintSentDetails reference={sent.reference} email={sent.email} />
      </div>
    );
  }

  return (
    <form
      method="post"
      action={`${paths.contact}#data-protection-complaint`}
      noValidate
      aria-label="Data protection complaint"
      onSubmit={onSubmit}
      onFocus={() => void loadSchemas().catch(() => {})}
      className="grid gap-5 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8"
    >
      {failure ? (
        <FormFailure ref={failureBox} title={complaintMessages.submitFailed} message={failure.message} />
      ) : null}
      <TextField name="name" label="Your name" error={errorOf('name')} required>
        <input
          {...fieldProps('name')}
          autoComplete="name"
          maxLength={COMPLAINT_NAME_MAX_LENGTH}
          className={inputClassName}
        />
      </TextField>
      <TextField
        name="email"
        label="Email address"
        error={errorOf('email')}
        required
        hint="We send your acknowledgement and our reply to this address."
      >
        <input {...fieldProps('email')} type="email" autoComplete="email" className={inputClassName} />
      </TextField>
      <TextField
        name="phone"
        label="Phone number (optional)"
        error={errorOf('phone')}
        hint="Only if you would like us to call you about it."
      >
        <input
          {...fieldProps('phone')}
          type="tel"
          autoComplete="tel"
          maxLength={COMPLAINT_PHONE_MAX_LENGTH}
          className={inputClassName}
        />
      </TextField>
      <TextField
        name="details"
        label="Your complaint"
        error={errorOf('details')}
        required
        hint={`What happened, when, and what you would like us to do. At least ${COMPLAINT_DETAILS_MIN_LENGTH} characters.`}
      >
        <textarea
          {...fieldProps('details')}
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
          disabled={formState.isSubmitting}
          className="inline-flex h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
        >
          {formState.isSubmitting ? 'Sending...' : 'Send complaint'}
        </button>
      </div>
    </form>
  );
}

export const ComplaintFormIsland = island('features/public/contact/complaint-form', ComplaintForm);
