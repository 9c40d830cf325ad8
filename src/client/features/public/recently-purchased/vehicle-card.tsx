import { MapPin } from 'lucide-react';
import { VehiclePictureIsland } from '~/client/components/vehicle-picture';
import type { PublicPurchasedVehicle } from './purchased-vehicle';

/** The grid's columns: one on phones, two from 640 px, three of about 380 px from 1024 px. */
const SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw';
const miles = new Intl.NumberFormat('en-GB');

/** One bought car: its first photo (or the default picture), the facts we have, and where it came from. */
export function VehicleCard({ vehicle, priority = false }: { vehicle: PublicPurchasedVehicle; priority?: boolean }) {
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const morePhotos = Math.max(0, vehicle.photos.length - 1);
  const facts = [
    typeof vehicle.mileage === 'number' && `${miles.format(vehicle.mileage)} miles`,
    vehicle.fuelType,
    vehicle.engineSize,
    vehicle.color,
  ].filter(Boolean);

  return (
    <article className="flex w-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-[var(--shadow-card)]">
      <div className="relative aspect-[4/3] bg-slate-100">
        <VehiclePictureIsland
          vehicleId={vehicle.id}
          photo={vehicle.photos[0]}
          alt={`Photo of the ${name}`}
          defaultAlt={`Illustration of a car: there is no photo of this ${name} yet`}
          fallbackLabel={`${vehicle.make} ${vehicle.model}`}
          sizes={SIZES}
          priority={priority}
        />
        {morePhotos > 0 && (
          <span className="absolute right-3 bottom-3 rounded-full bg-brand-950/80 px-2.5 py-0.5 text-xs font-semibold text-white">
            +{morePhotos} more photo{morePhotos === 1 ? '' : 's'}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold text-brand-900">{name}</h3>
        {facts.length > 0 && <p className="mt-1 text-sm text-muted">{facts.join(' · ')}</p>}
        {vehicle.description && <p className="mt-3 text-sm whitespace-pre-line text-ink">{vehicle.description}</p>}
        {vehicle.location && (
          <p className="mt-auto flex items-center gap-1.5 pt-4 text-sm font-medium text-brand-800">
            <MapPin aria-hidden="true" className="size-4 text-brand-600" />
            Bought from a seller in {vehicle.location}
          </p>
        )}
      </div>
    </article>
  );
}

/** Cards in a responsive grid; the first card's photo loads at once (it may be the largest thing in view). */
export function VehicleGrid({
  vehicles,
  priorityFirst = false,
}: {
  vehicles: PublicPurchasedVehicle[];
  priorityFirst?: boolean;
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {vehicles.map((vehicle, index) => (
        <li key={vehicle.id} className="flex">
          <VehicleCard vehicle={vehicle} priority={priorityFirst && index === 0} />
        </li>
      ))}
    </ul>
  );
}
