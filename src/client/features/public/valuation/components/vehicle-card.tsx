import { CircleCheck } from 'lucide-react';
import type { VehicleLookupResult } from '~/shared/vehicle-lookup';
import { makeName, modelName } from '~/shared/vehicle-names';

/** Made when first needed: creating it loads the locale's date data, which the wizard's start can do without. */
let dateFormat: Intl.DateTimeFormat | undefined;

/** "2026-03-12" -> "12 March 2026". */
function ukDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  dateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return dateFormat.format(date);
}

function status(value: string | undefined, label: string, date: string | undefined): string | undefined {
  if (!value) return undefined;
  const when = ukDate(date);
  return when ? `${value} (${label} ${when})` : value;
}

/** What the lookup found (SPEC section 2, step 2's "Vehicle Identified" card). */
export function VehicleCard({ vehicle }: { vehicle: VehicleLookupResult }) {
  const rows: [string, string | number | undefined][] = [
    ['Make', vehicle.make && makeName(vehicle.make)],
    ['Model', vehicle.model && modelName(vehicle.model)],
    ['Year', vehicle.year],
    ['Colour', vehicle.color],
    ['Fuel', vehicle.fuelType],
    ['MOT', status(vehicle.motStatus, 'expires', vehicle.motExpiryDate)],
    ['Tax', status(vehicle.taxStatus, 'due', vehicle.taxDueDate)],
  ];
  return (
    <section aria-labelledby="vehicle-identified" className="rounded-xl border border-green-200 bg-green-50 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="vehicle-identified" className="flex items-center gap-2 text-lg font-bold text-brand-950">
          <CircleCheck aria-hidden="true" className="size-5 text-go-700" />
          Vehicle Identified
        </h3>
        <span className="rounded-md border-2 border-brand-950 bg-plate px-3 py-0.5 font-plate text-lg font-bold tracking-wider text-brand-950">
          {vehicle.registration}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {rows
          .filter(([, value]) => value !== undefined && value !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold text-ink">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
