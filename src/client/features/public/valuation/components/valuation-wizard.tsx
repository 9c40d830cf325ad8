import { ChevronLeft, ChevronRight, Info, LoaderCircle, Send } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast, Toaster } from '~/client/components/ui/toast';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';
import { displayRegistration, REGISTRATION_MAX_LENGTH, storageRegistration } from '~/shared/registration';
import type { ValuationCreated } from '~/shared/valuation-fields';
import {
  CONSENT_LABEL,
  FINANCE_NOTE,
  MARKETING_CONSENT_HINT,
  MARKETING_CONSENT_LABEL,
  valuationOptions,
} from '~/shared/valuation-options';
import {
  attemptFor,
  clearDraft,
  loadDraft,
  loadSubmitted,
  saveDraft,
  saveSubmitted,
  type SubmittedRequest,
  type SubmissionAttempt,
} from '../draft-storage';
import { useVehicleLookup } from '../vehicle-lookup';
import type { VehicleLookupResult } from '~/shared/vehicle-lookup';
import {
  emptyValues,
  fieldErrors,
  firstErrorPlace,
  loadValuationSchemas,
  prefetchStepSchemas,
  STEP_COUNT,
  stepFields,
  stepSchema,
  toRequest,
  type WizardField,
  type WizardValues,
} from '../wizard-form';
import { DemoRegistrations } from './demo-registrations';
import { ChoiceGroup, CheckboxField, fieldId, inputClassName, TextField } from '~/client/components/form-fields';
import { StepIndicator } from './step-indicator';
import { SuccessScreen } from './success-screen';
import { VehicleCard } from './vehicle-card';

const stepHeadings = ['Your vehicle', 'Its condition', 'Finance', 'Your contact details'] as const;
const stepIntros = [
  'Start with the registration and the mileage on the dashboard.',
  'A few quick questions: there are no wrong answers.',
  'One question about finance.',
  'Where should we send your valuation?',
] as const;

/** The counts' "Not sure / not near the car" (-1): on a line of its own below 0 to 4. */
const NOT_SURE_COUNT = -1;

/** Where the page moves once the request is stored: the server renders the success screen there. */
export const SUBMITTED_ADDRESS = `${paths.valuation}?submitted=1`;

const SUBMIT_FAILED = 'Error submitting valuation';
const TRY_LATER = 'Please try again later.';

const buttonClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-4 py-2 text-center text-base leading-tight font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-5 [&_svg]:shrink-0';

type WizardContext = { step: number; vehicle: VehicleLookupResult | null };

/**
 * Checks the step on screen with its shared schema (src/shared/valuation.ts), whether React Hook
 * Form asks for the whole form (Next) or one field (a re-check after a change, always a field on
 * screen). The step comes from the context, never from the field names React Hook Form passes:
 * those are every field registered so far, in the order they first appeared, so after Previous
 * they start with a later step's fields, and Next used to check a step the seller could not see.
 * The schema may still be loading (see `stepSchema`); if it cannot load, this throws and
 * `onSubmit` says so.
 */
const stepResolver: Resolver<WizardValues, WizardContext> = async (values, context) => {
  const step = context?.step ?? 0;
  const result = (await stepSchema(step)).safeParse(toRequest(values, context?.vehicle ?? null));
  if (result.success) return { values, errors: {} };
  const messages = fieldErrors(result.error.issues);
  const errors: FieldErrors<WizardValues> = {};
  for (const field of stepFields[step]!) {
    const text = messages[field];
    if (text) errors[field] = { type: 'validate', message: text };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

type Props = {
  /** From `?registration=`, storage form ("AB12CDE"), or null. */
  prefill: string | null;
  /** `?submitted=1`: the address the wizard moves to once a request is stored (see `submit`). */
  submitted?: boolean;
};

/**
 * After a request is stored the page's address becomes `/valuation?submitted=1`, so a reload is
 * the success screen from the server's first byte; before, the server sent step 1 and a slow phone
 * showed it until the script had read session storage. `created` is the stored request: with its
 * upload token (the photo area) only in this page's memory, straight after submitting; without
 * it after a reload (the reference only); null when this tab no longer has it, undefined until
 * the browser has looked.
 */
type Success = { created: ValuationCreated | SubmittedRequest | null | undefined };

/**
 * The four-step valuation wizard (SPEC sections 2, 4, 5 and 8). Rendered on the server at step 1;
 * the draft is read from session storage only after hydration.
 */
export function ValuationWizard({ prefill, submitted = false }: Props) {
  const { demo } = useSiteConfig();
  const [step, setStep] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [success, setSuccess] = useState<Success | null>(submitted ? { created: undefined } : null);
  const lookup = useVehicleLookup();
  const vehicle = lookup.state.status === 'found' ? lookup.state.vehicle : null;

  const initialRegistration = prefill ? displayRegistration(prefill, REGISTRATION_MAX_LENGTH) : '';
  const form = useForm<WizardValues, WizardContext>({
    defaultValues: emptyValues(initialRegistration),
    resolver: stepResolver,
    // React Hook Form takes the latest options on every render, so the resolver sees this step.
    context: { step, vehicle },
    shouldFocusError: false,
  });
  const { register, formState, getValues, setValue, reset, setError, clearErrors, control } = form;
  // The answers that show or hide other fields (SPEC section 4).
  const conditions = useWatch({ control, name: ['cambeltChanged', 'mechanicalIssues', 'outstandingFinance'] });
  const errors = formState.errors;
  const message = (field: WizardField) => errors[field]?.message;

  // --- Draft: restored once after hydration, then saved on every change ------------------------
  const restored = useRef(false);
  const attempt = useRef<SubmissionAttempt | null>(null);
  const appliedPrefill = useRef<string | null>(null);

  const persist = useCallback(() => {
    if (!restored.current) return;
    saveDraft({
      step,
      values: getValues(),
      lookup: lookup.state,
      prefill: appliedPrefill.current,
      attempt: attempt.current,
    });
  }, [step, lookup.state, getValues]);

  const { restore: restoreLookup, now: lookUpNow, typed: lookUpTyped } = lookup;
  useEffect(() => {
    if (submitted) {
      // A reload of the success screen: its photo area, while this tab still has the request.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setSuccess({ created: loadSubmitted(pageAddress()) });
      return;
    }
    const draft = loadDraft();
    let restoredStep = 0;
    if (draft) {
      reset(draft.values);
      restoredStep = draft.step;
      attempt.current = draft.attempt;
      appliedPrefill.current = draft.prefill;
      restoreLookup(draft.lookup);
    }
    // A registration from the home page that this draft has not seen yet starts from it.
    if (prefill && prefill !== draft?.prefill) {
      appliedPrefill.current = prefill;
      if (!draft || storageRegistration(draft.values.registration) !== prefill) {
        if (draft) setValue('registration', displayRegistration(prefill, REGISTRATION_MAX_LENGTH));
        restoredStep = 0;
        lookUpNow(prefill);
      }
    }
    restored.current = true;
    // Session storage exists only in the browser: read after hydration so the server's HTML
    // (step 1) and the first browser render match.
    setStep(restoredStep);
  }, [prefill, submitted, reset, setValue, restoreLookup, lookUpNow]);

  // Saved on every answer, step change and lookup answer (the latest closure each time).
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => persist() }), [form, persist]);
  useEffect(() => persist(), [persist]);

  // --- The steps' schemas (zod, libphonenumber): fetched at the seller's first touch of the form --
  // (issue 33: not while the page loads, when evaluating them would hold a phone's main thread),
  // long before Next needs them; Next waits for them if they are still on their way.
  // Again on every later step, in case the first try failed (offline for a moment).
  useEffect(() => {
    if (step > 0) prefetchStepSchemas();
  }, [step]);

  // --- Focus: the new step's heading, or the first field with an error --------------------------
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusTarget, setFocusTarget] = useState<{ field?: WizardField; at: number } | null>(null);
  // A layout effect: focus moves as the step is drawn, so the next key press lands there (on
  // Preact, a plain effect runs a frame later).
  useLayoutEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.field) focusField(focusTarget.field);
    else heading.current?.focus();
  }, [focusTarget]);

  function showErrors(found: Partial<Record<WizardField, string>>) {
    const first = firstErrorPlace(found);
    if (!first) return false;
    for (const [field, text] of Object.entries(found))
      setError(field as WizardField, { type: 'server', message: text });
    setStep(first.step);
    setFocusTarget({ field: first.field, at: Date.now() });
    return true;
  }

  async function submit() {
    const body = toRequest(getValues(), vehicle);
    attempt.current = attemptFor(JSON.stringify(body), attempt.current);
    persist();
    setSubmitting(true);
    try {
      const answer = await apiRequest<unknown>('POST', '/api/valuations', body, {
        headers: { 'Idempotency-Key': attempt.current.key },
      });
      // Loaded already: step 4 was just checked with the same module.
      const stored = (await loadValuationSchemas()).valuationCreatedSchema.parse(answer);
      restored.current = false; // nothing more to keep
      clearDraft();
      window.history.replaceState(window.history.state, '', SUBMITTED_ADDRESS);
      saveSubmitted(stored, pageAddress());
      setSuccess({ created: stored });
      toast({
        title: 'Valuation submitted!',
        description: "Thank you! We'll review your submission and contact you soon.",
      });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      toast({
        title: SUBMIT_FAILED,
        description: apiError?.userMessage(TRY_LATER) ?? TRY_LATER,
        variant: 'destructive',
      });
      if (apiError?.body?.issues) showErrors(fieldErrors(apiError.body.issues));
    } finally {
      setSubmitting(false);
    }
  }

  const onValid = async () => {
    if (step < STEP_COUNT - 1) {
      setStep(step + 1);
      // Messages come back on the next step only when the seller presses Next again.
      reset(getValues(), { keepDefaultValues: true });
      setFocusTarget({ at: Date.now() });
    } else {
      await submit();
    }
  };

  const onInvalid = (found: FieldErrors<WizardValues>) => {
    const first = firstErrorPlace(
      Object.fromEntries(Object.entries(found).map(([field, error]) => [field, error?.message ?? ''])),
    );
    if (first) setFocusTarget({ field: first.field, at: Date.now() });
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (submitting) {
      event.preventDefault();
      return;
    }
    const checkThenGo = form.handleSubmit(onValid, onInvalid);
    checkThenGo(event).catch(() => {
      // Only a step's schema can fail here, when it could not be loaded: nothing was sent.
      toast({ title: SUBMIT_FAILED, description: TRY_LATER, variant: 'destructive' });
    });
  }

  function previous() {
    clearErrors();
    setStep(Math.max(step - 1, 0));
    setFocusTarget({ at: Date.now() });
  }

  if (success) return <SuccessScreen created={success.created} />;

  const [cambeltChanged, mechanicalIssues, outstandingFinance] = conditions;

  const last = step === STEP_COUNT - 1;

  return (
    <div className="rounded-[var(--radius-card)] border border-line bg-white shadow-[var(--shadow-card)]">
      <StepIndicator current={step} />
      <form
        noValidate
        onSubmit={onSubmit}
        onFocus={prefetchStepSchemas}
        onPointerDown={prefetchStepSchemas}
        aria-labelledby="valuation-step-heading"
      >
        <div className="grid gap-6 p-4 sm:p-8">
          <div>
            <h2
              id="valuation-step-heading"
              ref={heading}
              tabIndex={-1}
              className="text-2xl font-bold text-brand-950 focus:outline-none"
            >
              {stepHeadings[step]}
            </h2>
            <p className="mt-1 text-muted">{stepIntros[step]}</p>
          </div>

          {step === 0 && (
            <>
              <TextField
                name="registration"
                label="Registration number"
                hint="As shown on your number plate"
                error={message('registration')}
                required
              >
                <input
                  type="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={REGISTRATION_MAX_LENGTH}
                  placeholder="AB12 CDE"
                  // In the server's HTML too (register() fills it only once the script runs).
                  defaultValue={initialRegistration}
                  className="block h-14 w-full max-w-xs rounded-lg border-2 border-brand-950 bg-plate px-3 text-center font-plate text-2xl font-bold tracking-wider text-brand-950 uppercase placeholder:text-brand-950/45 focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none aria-invalid:border-danger"
                  {...register('registration', { onChange: (event) => lookUpTyped(event.target.value) })}
                />
              </TextField>
              {demo && (
                <DemoRegistrations
                  onPick={(registration) => {
                    setValue('registration', displayRegistration(registration, REGISTRATION_MAX_LENGTH), {
                      shouldDirty: true,
                    });
                    clearErrors('registration');
                    lookUpNow(registration);
                  }}
                />
              )}
              <LookupStatus state={lookup.state} />
              {lookup.state.status === 'manual' && (
                <div className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-3">
                  <p className="flex gap-2 text-sm text-ink sm:col-span-3" role="status">
                    <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    {lookup.state.message}
                  </p>
                  <TextField name="make" label="Make" error={message('make')}>
                    <input type="text" className={inputClassName} placeholder="Ford" {...register('make')} />
                  </TextField>
                  <TextField name="model" label="Model" error={message('model')}>
                    <input type="text" className={inputClassName} placeholder="Focus" {...register('model')} />
                  </TextField>
                  <TextField name="year" label="Year" error={message('year')}>
                    <input
                      type="text"
                      inputMode="numeric"
                      maxLength={4}
                      className={inputClassName}
                      placeholder="2019"
                      {...register('year')}
                    />
                  </TextField>
                </div>
              )}
              <TextField
                name="mileage"
                label="Mileage"
                hint="The miles on the dashboard"
                error={message('mileage')}
                required
              >
                <input
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="45000"
                  className={cx(inputClassName, 'max-w-xs')}
                  {...register('mileage')}
                />
              </TextField>
            </>
          )}

          {step === 1 && (
            <>
              {vehicle && <VehicleCard vehicle={vehicle} />}
              <ChoiceGroup
                name="overallCondition"
                layout="row"
                legend="Overall condition"
                options={valuationOptions.overallCondition}
                registration={register('overallCondition')}
                error={message('overallCondition')}
              />
              <ChoiceGroup
                name="scuffedWheels"
                layout="row"
                apart={[NOT_SURE_COUNT]}
                legend="How many wheels are scuffed?"
                options={valuationOptions.scuffedWheels}
                registration={register('scuffedWheels')}
                error={message('scuffedWheels')}
              />
              <ChoiceGroup
                name="tyresNeedReplacing"
                layout="row"
                apart={[NOT_SURE_COUNT]}
                legend="How many tyres need replacing?"
                hint="Tyres with less than 3mm of tread need replacing."
                options={valuationOptions.tyresNeedReplacing}
                registration={register('tyresNeedReplacing')}
                error={message('tyresNeedReplacing')}
              />
              <ChoiceGroup
                name="cambeltChanged"
                layout="row"
                apart={['not_sure']}
                legend="Has the cambelt been changed?"
                options={valuationOptions.cambeltChanged}
                registration={register('cambeltChanged')}
                error={message('cambeltChanged')}
              />
              {cambeltChanged === 'yes' && (
                <TextField
                  name="cambeltDate"
                  label="When was the cambelt changed?"
                  hint="A date or the mileage, such as March 2022 or 60,000 miles"
                  error={message('cambeltDate')}
                >
                  <input type="text" className={inputClassName} {...register('cambeltDate')} />
                </TextField>
              )}
              <ChoiceGroup
                name="serviceHistory"
                layout="row"
                legend="Service history"
                options={valuationOptions.serviceHistory}
                registration={register('serviceHistory')}
                error={message('serviceHistory')}
              />
              <ChoiceGroup
                name="mechanicalIssues"
                layout="row"
                legend="Any mechanical issues?"
                options={valuationOptions.mechanicalIssues}
                registration={register('mechanicalIssues')}
                error={message('mechanicalIssues')}
              />
              {mechanicalIssues === 'yes' && (
                <TextField
                  name="mechanicalDetails"
                  label="Describe the mechanical issues"
                  hint="Warning lights, noises, anything that does not work"
                  error={message('mechanicalDetails')}
                  required
                >
                  <textarea
                    rows={4}
                    className={cx(inputClassName, 'h-auto py-2.5')}
                    {...register('mechanicalDetails')}
                  />
                </TextField>
              )}
            </>
          )}

          {step === 2 && (
            <>
              <ChoiceGroup
                name="outstandingFinance"
                layout="row"
                legend="Is there outstanding finance on the car?"
                options={valuationOptions.outstandingFinance}
                registration={register('outstandingFinance')}
                error={message('outstandingFinance')}
              />
              {outstandingFinance === 'yes' && (
                <p className="flex gap-2.5 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-950">
                  <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  {FINANCE_NOTE}
                </p>
              )}
            </>
          )}

          {step === 3 && (
            <>
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField name="firstName" label="First name" error={message('firstName')} required>
                  <input type="text" autoComplete="given-name" className={inputClassName} {...register('firstName')} />
                </TextField>
                <TextField name="lastName" label="Last name" error={message('lastName')} required>
                  <input type="text" autoComplete="family-name" className={inputClassName} {...register('lastName')} />
                </TextField>
                <TextField name="postcode" label="Postcode" error={message('postcode')} required>
                  <input
                    type="text"
                    autoComplete="postal-code"
                    autoCapitalize="characters"
                    className={cx(inputClassName, 'uppercase')}
                    {...register('postcode')}
                  />
                </TextField>
                <TextField name="phone" label="Phone number" error={message('phone')} required>
                  <input type="tel" autoComplete="tel" className={inputClassName} {...register('phone')} />
                </TextField>
                <TextField
                  name="email"
                  label="Email address"
                  error={message('email')}
                  required
                  className="sm:col-span-2"
                >
                  <input
                    type="email"
                    autoComplete="email"
                    spellCheck={false}
                    className={inputClassName}
                    {...register('email')}
                  />
                </TextField>
              </div>
              <ChoiceGroup
                name="contactPreference"
                legend="How should we contact you?"
                hint="Choose one or more."
                options={valuationOptions.contactPreference}
                registration={register('contactPreference')}
                error={message('contactPreference')}
                multiple
              />
              <CheckboxField
                name="agreeToContact"
                label={CONSENT_LABEL}
                registration={register('agreeToContact')}
                error={message('agreeToContact')}
              />
              <CheckboxField
                name="marketingConsent"
                label={MARKETING_CONSENT_LABEL}
                hint={MARKETING_CONSENT_HINT}
                required={false}
                registration={register('marketingConsent')}
                error={message('marketingConsent')}
              />
            </>
          )}
        </div>

        <div className="flex flex-col gap-3 border-t border-line px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-8">
          <p className="text-center text-sm font-semibold text-muted sm:text-left">
            {`Step ${step + 1} of ${STEP_COUNT}`}
          </p>
          <div className="grid grid-cols-[auto_1fr] gap-3 sm:flex">
            <button
              type="button"
              onClick={previous}
              disabled={step === 0 || submitting}
              className={cx(buttonClass, 'border border-brand-200 bg-white text-brand-900 hover:bg-brand-50')}
            >
              <ChevronLeft aria-hidden="true" className="max-sm:hidden" />
              Previous
            </button>
            <button
              key={last ? 'submit' : 'next'}
              type="submit"
              aria-disabled={submitting || undefined}
              className={cx(buttonClass, 'bg-brand-800 px-6 text-white hover:bg-brand-900')}
            >
              {last ? (
                <>
                  {submitting ? (
                    <LoaderCircle aria-hidden="true" className="animate-spin" />
                  ) : (
                    <Send aria-hidden="true" className="max-sm:hidden" />
                  )}
                  Submit Valuation Request
                </>
              ) : (
                <>
                  Next Step
                  <ChevronRight aria-hidden="true" />
                </>
              )}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}

/** Moves the focus to a field: the chosen radio of a group (else its first), or the control. */
function focusField(field: WizardField) {
  const controls = Array.from(document.getElementsByName(field)) as HTMLInputElement[];
  const target = controls.find((c) => c.checked) ?? controls[0] ?? document.getElementById(fieldId(field));
  target?.focus();
}

function LookupStatus({ state }: { state: ReturnType<typeof useVehicleLookup>['state'] }) {
  return (
    <div aria-live="polite" className={cx(state.status !== 'loading' && state.status !== 'found' && 'sr-only')}>
      {state.status === 'loading' && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Looking up your vehicle…
        </p>
      )}
      {state.status === 'found' && <VehicleCard vehicle={state.vehicle} />}
    </div>
  );
}

/** The page's address (path and query), which a kept success screen must match. */
function pageAddress(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The wizard and the notices it shows (toasts): /valuation's one island. */
export function ValuationWizardWithNotices(props: Props) {
  return (
    <>
      <ValuationWizard {...props} />
      <Toaster />
    </>
  );
}

export const ValuationWizardIsland = island(
  'features/public/valuation/components/valuation-wizard',
  ValuationWizardWithNotices,
);
