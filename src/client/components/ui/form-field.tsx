import { CircleAlert } from 'lucide-react';
import { Slot } from 'radix-ui';
import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '~/client/lib/cn';
import { Label } from './label';

type FormFieldProps = {
  label: ReactNode;
  /** The one control of the field: an <Input>, <PasswordInput>, <textarea>… */
  children: ReactElement;
  /** The validation message; when set the control is marked invalid. */
  error?: string | undefined;
  /** Help shown under the label, read out with the control. */
  hint?: ReactNode;
  /** Marks the field as required: a visible star and aria-required on the control. */
  required?: boolean;
  className?: string;
  /** Use a known id for the control instead of a generated one. */
  id?: string;
  /** Ids of more text that describes the control (e.g. help shared by two fields). */
  describedBy?: string;
};

/**
 * A label, its control and the control's message, wired together: the label
 * names the control, and the hint and error message describe it
 * (aria-describedby), with aria-invalid set while there is an error.
 */
export function FormField({ label, children, error, hint, required, className, id, describedBy }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const hintId = `${generated}-hint`;
  const errorId = `${generated}-error`;
  const descriptions =
    [hint ? hintId : null, describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={controlId}>{label}</Label>
        {/* Outside the label, so the control's name stays just the label; aria-required says it. */}
        {required ? (
          <span aria-hidden="true" className="text-sm font-semibold text-danger">
            *
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="-mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <Slot.Root
        id={controlId}
        aria-describedby={descriptions}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
      >
        {children}
      </Slot.Root>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
