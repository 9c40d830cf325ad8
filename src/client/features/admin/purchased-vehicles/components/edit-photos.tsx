import { Star, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import {
  PURCHASED_VEHICLE_PHOTOS_MAX,
  purchasedVehicleMessages as m,
  type AdminPurchasedVehicle,
} from '~/shared/purchased-vehicles';
import { errorMessage } from '../../lib/server-errors';
import { useUpdateVehicle } from '../api/update-vehicle';
import { useAddVehiclePhotos, useRemoveVehiclePhoto } from '../api/vehicle-photos';
import { checkPhotoSelection, photoCount } from '../lib/photo-selection';
import { photoAlt } from '../lib/vehicle-facts';
import { PHOTOS_HINT, PhotoCounter, PhotoFileInput } from './photo-controls';
import { VehiclePicture } from '~/client/components/vehicle-picture';

const MAIN_PHOTO_CHANGED = 'Main photo changed';

/**
 * The edit dialog's photos, each change saved at once: Remove, "Make main photo" (the first is
 * the one the website shows) and Add photos (disabled at 3). Focus goes to the section's heading
 * when the button that had it is gone.
 */
export function EditPhotos({
  vehicle,
  onSaved,
}: {
  vehicle: AdminPurchasedVehicle;
  onSaved: (vehicle: AdminPurchasedVehicle) => void;
}) {
  const headingId = useId();
  const hintId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const add = useAddVehiclePhotos();
  const remove = useRemoveVehiclePhoto();
  const reorder = useUpdateVehicle();
  const [progress, setProgress] = useState<number>();
  const busy = add.isPending || remove.isPending || reorder.isPending;
  const photos = vehicle.photos;

  const run = async (action: () => Promise<AdminPurchasedVehicle>, done: string) => {
    try {
      onSaved(await action());
      toast({ title: done });
    } catch (error) {
      toast({ title: m.updateFailed, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
    heading.current?.focus();
  };

  const choose = (files: File[]) => {
    const { accepted, problem } = checkPhotoSelection(photos.length, files);
    if (problem) toast({ ...problem, variant: 'destructive' });
    if (accepted.length === 0) return;
    setProgress(0);
    void run(
      () => add.mutateAsync({ id: vehicle.id, photos: accepted, onProgress: setProgress }),
      m.photosAdded,
    ).finally(() => setProgress(undefined));
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-line pt-5">
      <div>
        <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold text-brand-950 focus:outline-none">
          Photos
        </h3>
        <p id={hintId} className="text-sm text-muted">
          {PHOTOS_HINT} Changes to the photos are saved at once.
        </p>
      </div>
      {photos.length > 0 ? (
        <ul aria-label="Current photos" className="grid gap-2">
          {photos.map((photo, index) => {
            const which = `photo ${index + 1} of ${photos.length}`;
            return (
              <li key={photo.id} className="flex items-center gap-3 rounded-lg border border-line p-2">
                <div className="aspect-[4/3] w-28 shrink-0 overflow-hidden rounded-md bg-slate-100 sm:w-36">
                  <VehiclePicture
                    vehicleId={vehicle.id}
                    photo={photo}
                    alt={photoAlt(vehicle, index, photos.length)}
                    defaultAlt=""
                    fallbackLabel="Photo not available"
                    sizes="144px"
                  />
                </div>
                <div className="grid min-w-0 flex-1 gap-1.5">
                  <p className="text-sm font-semibold text-brand-950">
                    Photo {index + 1}
                    {index === 0 ? (
                      <span className="font-normal text-muted"> · main photo, shown on the website</span>
                    ) : null}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {index > 0 ? (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        aria-label={`Make main photo: ${which}`}
                        onClick={() =>
                          void run(
                            () =>
                              reorder.mutateAsync({
                                id: vehicle.id,
                                change: {
                                  photoOrder: [photo.id, ...photos.filter((p) => p.id !== photo.id).map((p) => p.id)],
                                },
                              }),
                            MAIN_PHOTO_CHANGED,
                          )
                        }
                      >
                        <Star aria-hidden="true" />
                        Make main photo
                      </Button>
                    ) : null}
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-label={`Remove: ${which}`}
                      className="border-red-200 text-danger hover:bg-red-50"
                      onClick={() =>
                        void run(() => remove.mutateAsync({ id: vehicle.id, photoId: photo.id }), m.photoRemoved)
                      }
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 bg-surface px-3 py-3 text-sm text-muted">
          No photos yet: the website shows an illustration instead.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <PhotoFileInput
          label="Add photos"
          disabled={busy || photos.length >= PURCHASED_VEHICLE_PHOTOS_MAX}
          describedBy={hintId}
          onChoose={choose}
        />
        {progress === undefined ? (
          <PhotoCounter count={photos.length} />
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner className="size-4" />
            {progress < 1
              ? `Uploading… ${Math.round(progress * 100)}%`
              : `Saving ${photoCount(add.variables?.photos.length ?? 1)}…`}
          </p>
        )}
      </div>
    </section>
  );
}
