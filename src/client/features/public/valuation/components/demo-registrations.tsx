import { DEMO_REGISTRATIONS } from '~/shared/demo';

/**
 * Demo mode only: the fake DVLA's test registrations, each a button that fills the registration
 * box and looks the car up.
 */
export function DemoRegistrations({ onPick }: { onPick: (registration: string) => void }) {
  return (
    <div
      role="note"
      aria-labelledby="demo-registrations-heading"
      className="rounded-xl border border-dashed border-brand-300 bg-brand-50 p-4 text-sm text-ink"
    >
      <p id="demo-registrations-heading" className="font-semibold text-brand-950">
        Demo: try one of the test registrations
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {DEMO_REGISTRATIONS.map(({ registration }) => (
          <li key={registration}>
            <button
              type="button"
              onClick={() => onPick(registration)}
              className="rounded-md border-2 border-brand-950 bg-plate px-2 py-1 font-plate font-bold tracking-wider text-brand-950 hover:bg-plate-strong"
            >
              {registration}
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-muted">
        {DEMO_REGISTRATIONS.map(({ registration, what }) => `${registration}: ${what}`).join('; ')}.
      </p>
    </div>
  );
}
