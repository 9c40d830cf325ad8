import { CirclePause } from 'lucide-react';

/** Shown when the server has visit counting turned off: the figures are real but no longer growing. */
export function CollectionNotice() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-5"
    >
      <CirclePause aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p>
        <span className="font-semibold">
          Visit counting is turned off (ANALYTICS_COLLECTION=off), so these figures are not growing.
        </span>{' '}
        The figures below are what was counted before.
      </p>
    </div>
  );
}
