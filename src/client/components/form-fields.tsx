import { CircleAlert } from 'lucide-react';
import { Slot } from 'radix-ui';
import type { ReactElement, ReactNode, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cx } from '~/client/lib/cx';

/*
 * The public forms' controls (the valuation wizard, the review form). Apart from components/ui's
 * FormField and Input, which join classes with `cn` (tailwind-merge); public pages use `cx`. Controls are 48px high for thumbs,
 * radios and checkboxes are native inside full-width tiles, so the keyboard and every screen
 * reader work without extra wiring.
 */

/** The id of a field's control (or its group), its message and its hint. */
export const fieldId = (name: string) => `field-${name}`;
export const fieldErrorId = (name: string) => `field-${name}-error`;
const hintId = (name: string) => `field-${name}-hint`;

export const inputClassName =
  'block h-12 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3.5 text-base text-ink shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/20';

function describedBy(name: string, hint: boolean, error: boolean) {
  return [hint ? hintId(name) : null, error ? fieldErrorId(name) : null].filter(Boolean).join(' ') || undefined;
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 font-semibold text-danger">
      *
    </span>
  );
}

export function FieldError({ name, message }: { name: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(name)} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

type TextFieldProps = {
  name: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** The control: an <input> or <textarea> spread with register(). */
  children: ReactElement;
};

/** A label, its control, a hint and the message, wired with aria-describedby and aria-invalid. */
export function TextField({ name, label, error, hint, required, className, children }: TextFieldProps) {
  return (
    <div className={cx('grid gap-1.5', className)}>
      <label htmlFor={fieldId(name)} className="text-sm font-semibold text-brand-950">
        {label}
        {required && <RequiredMark />}
      </label>
      {hint ? (
        <p id={hintId(name)} className="-mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <Slot.Root
        id={fieldId(name)}
        aria-describedby={describedBy(name, Boolean(hint), Boolean(error))}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
      >
        {children}
      </Slot.Root>
      <FieldError name={name} message={error} />
    </div>
  );
}

type Option = { readonly value: string | number; readonly label: string };

type ChoiceGroupProps = {
  name: string;
  legend: ReactNode;
  options: readonly Option[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
  /** Radios (one answer) or checkboxes (any number). */
  multiple?: boolean;
  /**
   * `tiles` (default): a tile per answer, a column on phones, `columns` a row from the small
   * breakpoint up. `row`: short answers side by side at every width, as segments ("0" to "4",
   * "Yes" "No"), each at least 44px square; the answers in `apart` get a full-width line below.
   */
  layout?: 'tiles' | 'row';
  /** With `layout="row"`: long answers ("Not sure / not near the car") on a line of their own. */
  apart?: readonly (string | number)[];
  /** Tiles per row from the small breakpoint up. */
  columns?: 2 | 3;
  required?: boolean;
};

const columnClasses = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;
/** A row of 1 to 6 segments (Tailwind needs whole class names). */
const rowClasses = [
  'grid-cols-1',
  'grid-cols-1',
  'grid-cols-2',
  'grid-cols-3',
  'grid-cols-4',
  'grid-cols-5',
  'grid-cols-6',
];

const tileClass = (error: string | undefined) =>
  cx(
    'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border bg-white px-3.5 py-2.5 text-base font-medium text-ink transition-colors',
    'hover:border-brand-300 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-950',
    'has-focus-visible:ring-3 has-focus-visible:ring-brand-500/40',
    error ? 'border-danger' : 'border-slate-300',
  );

/**
 * A segment: the native radio stays (keyboard, screen readers, forms) but is drawn by its label,
 * which fills in when chosen: a change of brightness and weight, not of hue alone.
 */
const segmentClass = (error: string | undefined) =>
  cx(
    'relative flex min-h-12 min-w-11 cursor-pointer items-center justify-center rounded-lg border bg-white px-2 py-2 text-center text-base leading-tight font-medium text-ink transition-colors',
    'hover:border-brand-400 has-checked:border-brand-800 has-checked:bg-brand-800 has-checked:font-semibold has-checked:text-white',
    'has-focus-visible:ring-3 has-focus-visible:ring-brand-500/50 has-focus-visible:ring-offset-1',
    error ? 'border-danger' : 'border-slate-300',
  );

/**
 * A question answered by tapping a tile or a segment: native radios in a radiogroup, or
 * checkboxes in a group. The group carries the question as its name and the message as its
 * description.
 */
export function ChoiceGroup({
  name,
  legend,
  options,
  registration,
  error,
  hint,
  multiple = false,
  layout = 'tiles',
  apart = [],
  columns = 3,
  required = true,
}: ChoiceGroupProps) {
  const legendId = `${fieldId(name)}-legend`;
  const control = (option: Option, segment: boolean) => (
    <label key={option.value} className={segment ? segmentClass(error) : tileClass(error)}>
      <input
        type={multiple ? 'checkbox' : 'radio'}
        value={String(option.value)}
        aria-invalid={multiple && error ? true : undefined}
        className={
          segment
            ? 'absolute inset-0 size-full cursor-pointer appearance-none rounded-lg focus-visible:outline-none'
            : 'size-5 shrink-0 accent-brand-700 focus-visible:outline-none'
        }
        {...registration}
      />
      <span className={cx(segment && 'pointer-events-none relative')}>{option.label}</span>
    </label>
  );
  const inRow = options.filter((option) => !apart.includes(option.value));
  const onTheirOwn = options.filter((option) => apart.includes(option.value));
  return (
    <div className="grid gap-2">
      <p id={legendId} className="text-sm font-semibold text-brand-950">
        {legend}
        {required && <RequiredMark />}
      </p>
      {hint ? (
        <p id={hintId(name)} className="-mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div
        id={fieldId(name)}
        role={multiple ? 'group' : 'radiogroup'}
        aria-labelledby={legendId}
        aria-describedby={describedBy(name, Boolean(hint), Boolean(error))}
        // radiogroup supports aria-invalid and aria-required; for checkboxes they go on each box.
        aria-invalid={!multiple && error ? true : undefined}
        aria-required={!multiple && required ? true : undefined}
        className={cx('grid gap-2', layout === 'tiles' && ['grid-cols-1', columnClasses[columns]])}
      >
        {layout === 'tiles' ? (
          options.map((option) => control(option, false))
        ) : (
          <>
            <div className={cx('grid gap-2', rowClasses[inRow.length])}>
              {inRow.map((option) => control(option, true))}
            </div>
            {onTheirOwn.map((option) => control(option, true))}
          </>
        )}
      </div>
      <FieldError name={name} message={error} />
    </div>
  );
}

type CheckboxFieldProps = {
  name: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** False for a box that may be left unticked (the marketing opt-in); true by default. */
  required?: boolean;
  hint?: ReactNode;
};

/** One checkbox in a tile, label beside it (the consents). */
export function CheckboxField({ name, label, registration, error, required = true, hint }: CheckboxFieldProps) {
  return (
    <div className="grid gap-1.5">
      <label
        htmlFor={fieldId(name)}
        className={cx(
          'flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border bg-surface p-3.5 text-base text-ink',
          'has-focus-visible:ring-3 has-focus-visible:ring-brand-500/40',
          error ? 'border-danger' : 'border-line',
        )}
      >
        <input
          id={fieldId(name)}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-required={required ? true : undefined}
          aria-describedby={describedBy(name, hint !== undefined, Boolean(error))}
          className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
          {...registration}
        />
        <span className="grid gap-1">
          <span>
            {label}
            {required && <RequiredMark />}
          </span>
          {hint !== undefined && (
            <span id={hintId(name)} className="text-sm text-muted">
              {hint}
            </span>
          )}
        </span>
      </label>
      <FieldError name={name} message={error} />
    </div>
  );
}

/**
 * Why a form was not sent, at its top: an alert, focusable so a script can move the focus to it
 * (the complaint form does), and shown as it is in a page the server sends back (issue 31).
 */
export function FormFailure({ title, message, ref }: { title: string; message: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-danger focus:outline-none"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm">{message}</p>
      </div>
    </div>
  );
}
