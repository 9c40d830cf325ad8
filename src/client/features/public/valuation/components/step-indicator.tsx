import { Check } from 'lucide-react';
import { cx } from '~/client/lib/cx';
import { stepTitles } from '../wizard-form';

/** The four steps as a list: done, current (aria-current="step") and still to come. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Valuation progress" className="border-b border-line px-4 py-4 sm:px-8">
      <ol className="grid grid-cols-4 gap-2">
        {stepTitles.map((title, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={title}
              aria-current={active ? 'step' : undefined}
              className="flex flex-col items-center gap-1.5 text-center sm:flex-row sm:gap-2.5 sm:text-left"
            >
              <span
                aria-hidden="true"
                className={cx(
                  'flex size-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
                  done && 'border-go-600 bg-go-600 text-white',
                  active && 'border-brand-800 bg-brand-800 text-white',
                  !done && !active && 'border-slate-300 bg-white text-muted',
                )}
              >
                {done ? <Check className="size-4" /> : index + 1}
              </span>
              <span
                className={cx(
                  'text-xs font-semibold sm:text-sm',
                  active ? 'text-brand-950' : done ? 'text-ink' : 'text-muted',
                )}
              >
                {title}
                {done && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
