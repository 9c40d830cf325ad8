import { Check } from 'lucide-react';
import { cn } from '~/client/lib/cn';

export const handoverSteps = ['At the door', 'Payment', 'Paid'] as const;

/**
 * Where collection day has got to: three steps, those done ticked, the one to do now marked (for
 * screen readers too, with aria-current).
 */
export function StepList({ current }: { current: number }) {
  return (
    <ol aria-label="Collection day steps" className="grid grid-cols-3 gap-2">
      {handoverSteps.map((step, index) => {
        const done = index < current;
        const now = index === current;
        return (
          <li
            key={step}
            aria-current={now ? 'step' : undefined}
            className={cn(
              'flex min-w-0 items-center gap-2 rounded-lg border px-2.5 py-2 text-sm font-semibold',
              done && 'border-green-200 bg-green-50 text-go-700',
              now && 'border-brand-700 bg-brand-50 text-brand-950 ring-1 ring-brand-700',
              !done && !now && 'border-line bg-white text-muted',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold',
                done ? 'bg-go-700 text-white' : now ? 'bg-brand-800 text-white' : 'bg-slate-200 text-slate-700',
              )}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span className="min-w-0 leading-5">
              {step}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
