import { Save } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input, inputClassName } from '~/client/components/ui/input';
import { ApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import {
  DEDUCTION_EVIDENCE_MAX_LENGTH,
  DEDUCTION_MAX_PENCE,
  DEDUCTION_NAME_MAX_LENGTH,
  deductionMessages as m,
  type DeductionBody,
  type DeductionItem,
} from '~/shared/deduction-schemas';
import { poundsToPence } from '~/shared/pounds-field';
import { errorMessage } from '../../lib/server-errors';
import { poundsText } from '../lib/revision-form';

type Field = 'name' | 'amountFrom' | 'amountTo' | 'evidence';
type Errors = Partial<Record<Field, string>>;

/** The form's values as typed; `range` false is a fixed amount (only `amountFrom`). */
type Values = { name: string; range: boolean; amountFrom: string; amountTo: string; evidence: string };

const valuesOf = (item: DeductionItem | undefined): Values => ({
  name: item?.name ?? '',
  range: item ? item.minPence !== item.maxPence : true,
  amountFrom: item ? poundsText(item.minPence) : '',
  amountTo: item && item.minPence !== item.maxPence ? poundsText(item.maxPence) : '',
  evidence: item?.evidence ?? '',
});

function amountError(text: string): string | undefined {
  if (text.trim() === '') return m.amountRequired;
  const pence = poundsToPence(text);
  if (pence === undefined || pence <= 0) return m.amountInvalid;
  if (pence > DEDUCTION_MAX_PENCE) return m.amountTooHigh;
  return undefined;
}

/** The body to send, or each field's message (the server checks all of it again). */
function read(values: Values): { body: DeductionBody } | { errors: Errors } {
  const errors: Errors = {};
  const name = values.name.trim();
  if (!name) errors.name = m.nameRequired;
  else if (name.length > DEDUCTION_NAME_MAX_LENGTH) errors.name = m.nameTooLong;
  const evidence = values.evidence.trim();
  if (!evidence) errors.evidence = m.evidenceRequired;
  else if (evidence.length > DEDUCTION_EVIDENCE_MAX_LENGTH) errors.evidence = m.evidenceTooLong;
  const fromError = amountError(values.amountFrom);
  if (fromError) errors.amountFrom = fromError;
  if (values.range) {
    const toError = amountError(values.amountTo);
    if (toError) errors.amountTo = toError;
    else if (!fromError && poundsToPence(values.amountTo)! < poundsToPence(values.amountFrom)!)
      errors.amountTo = m.rangeBackwards;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      name,
      amountFrom: values.amountFrom.trim(),
      amountTo: values.range ? values.amountTo.trim() : null,
      evidence,
    },
  };
}

/**
 * Adding or changing an item of the deductions table: its name, a fixed amount or a range (per unit,
 * in pounds) and the evidence staff must record. A change applies to revisions made from now on; the
 * ones already made keep the words and figures they were made with.
 */
export function DeductionForm({
  item,
  busy,
  onSubmit,
  onCancel,
}: {
  item?: DeductionItem;
  busy: boolean;
  /** Sends the body; rejects with the server's refusal, shown on the form. */
  onSubmit: (body: DeductionBody) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(item));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const kindName = useId();

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    const result = read(values);
    if ('errors' in result) {
      setErrors(result.errors);
      focusFirstError();
      return;
    }
    setErrors({});
    try {
      await onSubmit(result.body);
    } catch (failure) {
      const issues = failure instanceof ApiError ? (failure.body?.issues ?? []) : [];
      const fieldErrors: Errors = {};
      for (const issue of issues) {
        const field = issue.path.split(/[./]/).filter(Boolean).at(-1) as Field | undefined;
        if (field && ['name', 'amountFrom', 'amountTo', 'evidence'].includes(field)) fieldErrors[field] = issue.message;
      }
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) focusFirstError();
      else setRefusal(errorMessage(failure, 'Please try again.'));
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={item ? `Change ${item.name}` : 'Add an item'}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onCancel();
      }}
      className="grid gap-4 rounded-lg border border-brand-100 bg-brand-50/60 p-3 sm:p-4"
    >
      <FormField label="Item" required error={errors.name} hint="What differs, and per what: “Dent, per panel”.">
        <Input
          ref={firstField}
          autoComplete="off"
          maxLength={DEDUCTION_NAME_MAX_LENGTH + 10}
          value={values.name}
          readOnly={busy}
          onChange={(event) => set({ name: event.target.value })}
        />
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-1.5 text-sm leading-5 font-semibold text-brand-950">Amount, per unit</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {[
            { range: true, label: 'A range' },
            { range: false, label: 'A fixed amount' },
          ].map((choice) => (
            <label key={choice.label} className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
              <input
                type="radio"
                name={kindName}
                className="size-4 accent-brand-700"
                checked={values.range === choice.range}
                disabled={busy}
                onChange={() => set({ range: choice.range })}
              />
              {choice.label}
            </label>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <FormField label={values.range ? 'From (£)' : 'Amount (£)'} required error={errors.amountFrom}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              value={values.amountFrom}
              readOnly={busy}
              onChange={(event) => set({ amountFrom: event.target.value })}
            />
          </FormField>
          {values.range ? (
            <FormField label="To (£)" required error={errors.amountTo}>
              <Input
                inputMode="decimal"
                autoComplete="off"
                value={values.amountTo}
                readOnly={busy}
                onChange={(event) => set({ amountTo: event.target.value })}
              />
            </FormField>
          ) : null}
        </div>
      </fieldset>
      <FormField
        label="Evidence staff must record"
        required
        error={errors.evidence}
        hint="Published with the item on How we value."
      >
        <textarea
          rows={2}
          maxLength={DEDUCTION_EVIDENCE_MAX_LENGTH + 10}
          className={cn(inputClassName, 'h-auto py-2 leading-6')}
          value={values.evidence}
          readOnly={busy}
          onChange={(event) => set({ evidence: event.target.value })}
        />
      </FormField>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="brand" size="sm" disabled={busy}>
          <Save aria-hidden="true" />
          {busy ? 'Saving…' : item ? 'Save changes' : 'Add the item'}
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
