import { Eye, EyeOff, LockKeyhole, MapPin, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Spinner } from '~/client/components/ui/spinner';
import { PURCHASED_VEHICLE_PHOTOS_MAX, type AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import { formatPounds } from '~/shared/valuation-offer';
import { formatUkDate } from '../../lib/format-date';
import { formatMiles, morePhotosLabel, photoAlt, vehicleName } from '../lib/vehicle-facts';
import { VehiclePicture } from '~/client/components/vehicle-picture';

export type VehicleAction = 'toggle' | 'edit' | 'delete';

/** The card grid's photo widths: one column on a phone, two from 640px, three from 1024px (max-w-7xl). */
export const CARD_PHOTO_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw';

/**
 * One bought car as staff manage it (SPEC section 2): its first photo with "+N more photos",
 * whether the website shows it, the facts the public sees, the registration and price (internal
 * only, never on the website), and Hide/Show, Edit and Delete.
 */
export function VehicleCard({
  vehicle,
  toggling,
  onAction,
}: {
  vehicle: AdminPurchasedVehicle;
  /** Its Hide/Show is on its way to the server. */
  toggling: boolean;
  onAction: (vehicle: AdminPurchasedVehicle, action: VehicleAction, trigger: HTMLElement) => void;
}) {
  const name = vehicleName(vehicle);
  const [photo] = vehicle.photos;
  const more = morePhotosLabel(vehicle.photos.length);
  const act = (action: VehicleAction) => (event: { currentTarget: HTMLElement }) =>
    onAction(vehicle, action, event.currentTarget);

  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative aspect-[4/3] bg-slate-100">
        <VehiclePicture
          vehicleId={vehicle.id}
          photo={photo}
          alt={photoAlt(vehicle, 0, vehicle.photos.length)}
          // The illustration stands in for a missing photo; the card says so in words.
          defaultAlt=""
          fallbackLabel={`${vehicle.make} ${vehicle.model}`}
          sizes={CARD_PHOTO_SIZES}
          className={vehicle.isVisible ? undefined : 'opacity-80 grayscale-[35%]'}
        />
        {more ? <PhotoNote className="right-3">{more}</PhotoNote> : null}
        {photo ? null : <PhotoNote className="left-3">No photos yet</PhotoNote>}
      </div>

      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
          <h3 className="min-w-0 text-lg leading-snug font-bold break-words text-brand-950">{name}</h3>
          {vehicle.isVisible ? (
            <Badge variant="success">
              <Eye aria-hidden="true" />
              Visible on website
            </Badge>
          ) : (
            <Badge variant="neutral">
              <EyeOff aria-hidden="true" />
              Hidden from website
            </Badge>
          )}
        </div>
        {vehicle.location ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="min-w-0 break-words">Bought in {vehicle.location}</span>
          </p>
        ) : null}

        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2.5 text-sm">
          <Fact term="Mileage">{vehicle.mileage === null ? null : formatMiles(vehicle.mileage)}</Fact>
          <Fact term="Fuel">{vehicle.fuelType}</Fact>
          <Fact term="Engine">{vehicle.engineSize}</Fact>
          <Fact term="Colour">{vehicle.color}</Fact>
          <Fact term="Purchased">
            {vehicle.purchaseDate ? (
              <time dateTime={vehicle.purchaseDate}>{formatUkDate(vehicle.purchaseDate)}</time>
            ) : null}
          </Fact>
          <Fact term="Photos">{`${vehicle.photos.length} of ${PURCHASED_VEHICLE_PHOTOS_MAX}`}</Fact>
        </dl>

        {vehicle.description ? (
          <p className="mt-3 line-clamp-3 text-sm whitespace-pre-line text-ink" title={vehicle.description}>
            {vehicle.description}
          </p>
        ) : null}

        <section
          aria-label={`Internal details of the ${name}`}
          className="mt-4 rounded-lg border border-dashed border-slate-300 bg-surface px-3 py-2.5"
        >
          <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
            <LockKeyhole aria-hidden="true" className="size-3.5" />
            Internal only, never on the website
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <Fact term="Registration">
              {vehicle.registration ? (
                <span className="inline-block rounded border border-brand-950/70 bg-plate px-1.5 font-plate leading-5 font-bold tracking-wider text-brand-950">
                  {vehicle.registration}
                </span>
              ) : null}
            </Fact>
            <Fact term="Price paid">
              {vehicle.purchasePricePence === null ? null : formatPounds(vehicle.purchasePricePence)}
            </Fact>
          </dl>
        </section>

        <div className="mt-auto grid grid-cols-3 gap-2 pt-4">
          <Button
            variant="outline"
            size="sm"
            aria-label={`${vehicle.isVisible ? 'Hide' : 'Show'}: ${name}`}
            disabled={toggling}
            onClick={act('toggle')}
          >
            {toggling ? <Spinner /> : vehicle.isVisible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {vehicle.isVisible ? 'Hide' : 'Show'}
          </Button>
          <Button variant="outline" size="sm" aria-label={`Edit: ${name}`} onClick={act('edit')}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Delete: ${name}`}
            className="border-red-200 text-danger hover:bg-red-50"
            onClick={act('delete')}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
    </Card>
  );
}

function PhotoNote({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={`absolute bottom-3 rounded-full bg-brand-950/85 px-2.5 py-0.5 text-xs font-semibold text-white ${className}`}
    >
      {children}
    </span>
  );
}

/** A labelled fact; one not recorded says so quietly. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  const given = children !== null && children !== undefined && children !== '';
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className={given ? 'font-medium break-words text-ink' : 'text-muted'}>{given ? children : 'Not recorded'}</dd>
    </div>
  );
}
