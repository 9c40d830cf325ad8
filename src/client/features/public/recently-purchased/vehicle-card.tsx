import { CarFront, MapPin } from 'lucide-react';
import { useState } from 'react';
import type { PublicPurchasedVehicle } from './purchased-vehicle';

const miles = new Intl.NumberFormat('en-GB');

/** One bought car: its first photo (or a plain panel naming it), the facts we have, and where it came from. */
export function VehicleCard({ vehicle }: { vehicle: PublicPurchasedVehicle }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const [photo, ...morePhotos] = vehicle.photoPaths;
  const facts = [
    typeof vehicle.mileage === 'number' && `${miles.format(vehicle.mileage)} miles`,
    vehicle.fuelType,
    vehicle.engineSize,
    vehicle.color,
  ].filter(Boolean);

  return (
    <article className="flex w-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-[var(--shadow-card)]">
      <div className="relative aspect-[4/3] bg-slate-100">
        {photo && !photoFailed ? (
          <img
            src={`/uploads/${encodeURIComponent(photo)}`}
            alt={name}
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
            onError={() => setPhotoFailed(true)}
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-slate-500">
            <CarFront aria-hidden="true" className="size-12" />
            <span className="font-semibold">
              {vehicle.make} {vehicle.model}
            </span>
          </div>
        )}
        {photo && !photoFailed && morePhotos.length > 0 && (
          <span className="absolute right-3 bottom-3 rounded-full bg-brand-950/80 px-2.5 py-0.5 text-xs font-semibold text-white">
            +{morePhotos.length} more photo{morePhotos.length === 1 ? '' : 's'}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold text-brand-900">{name}</h3>
        {facts.length > 0 && <p className="mt-1 text-sm text-muted">{facts.join(' · ')}</p>}
        {vehicle.description && <p className="mt-3 text-sm text-ink">{vehicle.description}</p>}
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

/** Cards in a responsive grid. */
export function VehicleGrid({ vehicles }: { vehicles: PublicPurchasedVehicle[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {vehicles.map((vehicle) => (
        <li key={vehicle.id} className="flex">
          <VehicleCard vehicle={vehicle} />
        </li>
      ))}
    </ul>
  );
}
