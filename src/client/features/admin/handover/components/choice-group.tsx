import { CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '~/client/lib/cn';

export type Choice = { value: string; label: ReactNode; description?: ReactNode };

/**
 * A question answered with one of a few choices: native radio buttons drawn as large buttons to
 * touch (at least 48px high), so the browser's own keyboard handling applies (Tab reaches the
 * group, the arrow keys choose) and screen readers hear a group of radios named by the question.
 *
 * `segmented` draws short answers side by side (the number of keys, yes or no); `cards` stacks
 * answers that need a line of their own to explain them.
 */
export function ChoiceGroup({
  legend,
  hint,
  error,
  choices,
  registration,
  look = 'segmented',
  required = true,
  className,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  choices: readonly Choice[];
  registration: UseFormRegisterReturn;
  look?: 'segmented' | 'cards';
  required?: boolean;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy} className={cn('grid min-w-0 gap-2', className)}>
      <legend className="mb-1.5 text-sm leading-5 font-semibold text-brand-950">
        {legend}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-sm font-semibold text-danger">
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <p id={hintId} className="-mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className={cn('grid gap-2', look === 'cards' ? 'sm:grid-cols-2' : 'auto-cols-fr grid-flow-col')}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'group relative flex min-h-12 cursor-pointer rounded-lg border border-slate-300 bg-white text-brand-900 transition-colors select-none hover:border-brand-300 hover:bg-brand-50',
              'has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-950 has-checked:ring-1 has-checked:ring-brand-700',
              'has-focus-visible:ring-3 has-focus-visible:ring-brand-500/40',
              error && 'border-danger',
              look === 'cards' ? 'items-start gap-3 px-4 py-3' : 'items-center justify-center gap-2 px-2',
            )}
          >
            <input
              type="radio"
              value={choice.value}
              aria-invalid={error ? true : undefined}
              // Over the whole button, unseen: a touch anywhere on it chooses it, and it takes the focus.
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg focus-visible:outline-none"
              {...registration}
            />
            {/* A radio's dot, filled when chosen: the choice shows by more than colour alone. */}
            <span
              aria-hidden="true"
              className={cn(
                'grid size-5 shrink-0 place-items-center rounded-full border-2 border-slate-400 bg-white group-has-checked:border-brand-700',
                look === 'cards' && 'mt-0.5',
              )}
            >
              <span className="size-2.5 scale-0 rounded-full bg-brand-700 transition-transform group-has-checked:scale-100" />
            </span>
            <span className={cn('min-w-0', look === 'cards' ? 'grid gap-0.5' : 'text-base font-semibold')}>
              {look === 'cards' ? (
                <>
                  <span className="text-base font-semibold">{choice.label}</span>
                  {choice.description ? (
                    <span className="text-sm font-normal text-muted">{choice.description}</span>
                  ) : null}
                </>
              ) : (
                choice.label
              )}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </fieldset>
  );
}
