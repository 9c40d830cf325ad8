import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { PURCHASED_VEHICLE_PHOTOS_MAX, purchasedVehicleMessages as m } from '~/shared/purchased-vehicles';
import { applyServerIssues, errorMessage } from '../../lib/server-errors';
import { useCreateVehicle } from '../api/create-vehicle';
import { checkPhotoSelection } from '../lib/photo-selection';
import { issueFor } from '../lib/server-issues';
import {
  emptyVehicleForm,
  ukToday,
  vehicleFormFields,
  vehicleFormResolver,
  type VehicleFormValues,
} from '../lib/vehicle-form';
import { FileThumbnail, PHOTOS_HINT, PhotoCounter, PhotoFileInput } from './photo-controls';
import { VehicleFields } from './vehicle-fields';

type PickedPhoto = { key: number; file: File };
let nextPhotoKey = 1;

/** While sending: "Adding vehicle… 40%", then the server's turn (resizing the photos). */
function progressLabel(sent: number, withPhotos: boolean) {
  if (sent < 1) return `Adding vehicle… ${Math.round(sent * 100)}%`;
  return withPhotos ? 'Saving photos…' : 'Saving…';
}

/**
 * The add form (SPEC sections 2, 3 and 8): the vehicle's details and up to 3 photos, sent in one
 * multipart request with its progress on the button. It stays in the page while hidden, so what
 * was typed survives closing it; Cancel and a successful add empty it.
 */
export function AddVehicleForm({
  id,
  open,
  onClose,
  onAdded,
}: {
  id: string;
  open: boolean;
  /** Cancel: the form is emptied and hidden. */
  onClose: () => void;
  /** The vehicle was added: the form is emptied; the page hides it. */
  onAdded: () => void;
}) {
  const headingId = useId();
  const photosHintId = useId();
  const [today] = useState(ukToday);
  const create = useCreateVehicle();
  const form = useForm<VehicleFormValues>({ resolver: vehicleFormResolver, defaultValues: emptyVehicleForm(today) });
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photosError, setPhotosError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const picker = useRef<HTMLInputElement>(null);
  const pending = create.isPending;

  // Opening the form puts the cursor in its first field.
  const { setFocus } = form;
  useEffect(() => {
    if (open) setFocus('make');
  }, [open, setFocus]);

  const choose = (files: File[]) => {
    const { accepted, problem } = checkPhotoSelection(photos.length, files);
    if (problem) toast({ ...problem, variant: 'destructive' });
    setPhotosError(undefined);
    setPhotos((now) => [...now, ...accepted.map((file) => ({ key: nextPhotoKey++, file }))]);
  };

  const clear = () => {
    form.reset(emptyVehicleForm(today));
    setPhotos([]);
    setPhotosError(undefined);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (pending) return;
    setProgress(0);
    try {
      await create.mutateAsync({ values, photos: photos.map((p) => p.file), onProgress: setProgress });
      toast({ title: m.added });
      clear();
      onAdded();
    } catch (error) {
      applyServerIssues(error, form.setError, vehicleFormFields);
      setPhotosError(issueFor(error, 'photos'));
      toast({ title: m.addFailed, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setProgress(undefined);
    }
  });

  return (
    <Card id={id} hidden={!open} className="mb-8 overflow-hidden">
      <form aria-labelledby={headingId} noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="border-b border-line px-4 py-4 sm:px-6">
          <h2 id={headingId} className="text-lg font-bold text-brand-950">
            Add a vehicle
          </h2>
          <p className="mt-0.5 text-sm text-muted">
            Fields marked{' '}
            <span aria-hidden="true" className="font-semibold text-danger">
              *
            </span>
            <span className="sr-only">with a star</span> are required. While “Show on website” is ticked, the website
            shows everything but the registration and the price.
          </p>
        </div>
        <div className="grid gap-6 p-4 sm:p-6">
          <VehicleFields form={form} today={today} columns={3} />

          <section aria-labelledby={`${headingId}-photos`} className="grid gap-3 border-t border-line pt-5">
            <div>
              <h3 id={`${headingId}-photos`} className="font-semibold text-brand-950">
                Photos
              </h3>
              <p id={photosHintId} className="text-sm text-muted">
                {PHOTOS_HINT}
              </p>
            </div>
            {photos.length > 0 ? (
              <ul aria-label="Chosen photos" className="grid grid-cols-3 gap-2 sm:max-w-xl sm:gap-3">
                {photos.map((photo, index) => (
                  <li
                    key={photo.key}
                    className="relative aspect-[4/3] overflow-hidden rounded-lg border border-line bg-slate-100"
                  >
                    <FileThumbnail file={photo.file} alt={`Photo ${index + 1}: ${photo.file.name}`} />
                    {index === 0 ? (
                      <span className="absolute top-1 left-1 rounded bg-brand-950/85 px-1.5 text-xs leading-5 font-semibold text-white">
                        Main
                      </span>
                    ) : null}
                    <button
                      type="button"
                      aria-label={`Remove photo ${index + 1}: ${photo.file.name}`}
                      disabled={pending}
                      onClick={() => {
                        // The button goes with the photo: focus moves to the picker, enabled again if it was full.
                        flushSync(() => setPhotos((now) => now.filter((p) => p.key !== photo.key)));
                        picker.current?.focus();
                      }}
                      className="absolute top-1 right-1 grid size-8 place-items-center rounded-full bg-white/95 text-brand-950 shadow-sm hover:bg-white disabled:opacity-60"
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <PhotoFileInput
                inputRef={picker}
                label="Choose photos"
                disabled={pending || photos.length >= PURCHASED_VEHICLE_PHOTOS_MAX}
                describedBy={photosHintId}
                onChoose={choose}
              />
              <PhotoCounter count={photos.length} />
            </div>
            {photosError ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {photosError}
              </p>
            ) : null}
          </section>
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-line bg-surface px-4 py-4 sm:flex-row sm:justify-end sm:px-6">
          <Button
            variant="outline"
            disabled={pending}
            onClick={() => {
              clear();
              onClose();
            }}
          >
            Cancel
          </Button>
          {/* Not disabled while sending (aria-disabled instead), so it keeps focus for what comes next. */}
          <Button type="submit" variant="brand" aria-disabled={pending} className="aria-disabled:opacity-60">
            {pending ? <Spinner /> : <Plus aria-hidden="true" />}
            {pending ? progressLabel(progress ?? 0, photos.length > 0) : 'Add vehicle'}
          </Button>
        </div>
        <p aria-live="polite" className="sr-only">
          {pending ? progressLabel(progress ?? 0, photos.length > 0).replace(/ \d+%$/, '') : ''}
        </p>
      </form>
    </Card>
  );
}
