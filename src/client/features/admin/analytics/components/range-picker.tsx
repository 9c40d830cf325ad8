import { useId } from 'react';
import { ANALYTICS_RANGE_CHOICES } from '~/shared/analytics';
import type { RangeDays } from '../lib/range';

/**
 * The 7 / 30 / 90 days switch: native radio buttons drawn as a segmented control, so the
 * browser's own keyboard handling applies (Tab reaches the chosen one, the arrow keys choose
 * another at once) and forms, screen readers and tests see plain radios.
 */
export function RangePicker({ value, onChange }: { value: RangeDays; onChange: (days: RangeDays) => void }) {
  const name = useId();
  return (
    <fieldset className="inline-flex gap-0.5 rounded-lg border border-brand-200 bg-white p-1 sm:gap-1">
      <legend className="sr-only">Date range</legend>
      {ANALYTICS_RANGE_CHOICES.map((days) => (
        <label
          key={days}
          className="flex h-7 cursor-pointer items-center rounded-md px-2 text-sm font-semibold whitespace-nowrap text-brand-900 transition-colors select-none hover:bg-brand-50 has-checked:bg-brand-800 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500 sm:px-3"
        >
          <input
            type="radio"
            name={name}
            value={days}
            checked={value === days}
            onChange={() => onChange(days)}
            className="sr-only"
          />
          {days} days
        </label>
      ))}
    </fieldset>
  );
}
