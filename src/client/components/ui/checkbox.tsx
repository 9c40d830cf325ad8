import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '~/client/lib/cn';
import { Label } from './label';

/**
 * A native checkbox with our colours. Native, so it works with form libraries'
 * `register()` and with every assistive technology without extra wiring.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-5 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}

/** A checkbox with its label beside it and an optional line of help under the label. */
export function CheckboxField({
  label,
  hint,
  className,
  id,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; hint?: ReactNode }) {
  const generated = useId();
  const inputId = id ?? `${generated}-checkbox`;
  const hintId = `${generated}-hint`;
  return (
    <div className={cn('flex items-start gap-3 rounded-lg border border-line bg-surface p-3.5', className)}>
      <Checkbox id={inputId} aria-describedby={hint ? hintId : undefined} className="mt-0.5" {...props} />
      <div className="grid gap-0.5">
        <Label htmlFor={inputId} className={cn(props.disabled && 'opacity-70')}>
          {label}
        </Label>
        {hint ? (
          <p id={hintId} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
