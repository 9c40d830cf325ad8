import { ImagePlus, LoaderCircle, Upload, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button, buttonVariants } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import { VALUATION_PHOTOS_MAX } from '~/shared/valuation-photos';
import type { PhotoShot } from '~/shared/photo-shots';
import {
  deletePhoto,
  listPhotos,
  photoThumbnailUrl,
  uploadPhotos,
  type PhotoAccess,
  type SellerPhoto,
} from '../photo-api';
import { ACCEPTED_PHOTO_TYPES, checkSelection, photoCount } from '../photo-selection';
import { GuidedShots } from './guided-shots';
import { UploadBar } from '~/client/components/upload-bar';

/** A photo already stored with the valuation (and the guided shot it was taken for); `url` is its thumbnail once loaded. */
type StoredPhoto = { id: string; shot: PhotoShot | null; url?: string; removing?: boolean };
/** A photo chosen on this device and not sent yet, previewed from memory. */
type PendingPhoto = { key: string; file: File; url: string };

type PhotoUploadProps = {
  access: PhotoAccess;
  /** Skip or Submit Photos: the area closes; `stored` is how many photos the valuation now has. */
  onClose: (stored: number | undefined) => void;
};

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.userMessage(fallback) : fallback;

/**
 * The success screen's photo area (SPEC sections 2, 4 and 8): the valuation's stored photos with
 * remove, a picker ("Add More Photos" once there are some) disabled at 20, previews of the chosen
 * photos with remove, and Submit Photos with a progress bar, or Skip Photos. Loaded on demand.
 */
export default function PhotoUpload({ access, onClose }: PhotoUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [stored, setStored] = useState<StoredPhoto[] | undefined>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [progress, setProgress] = useState<number | undefined>();
  const uploading = progress !== undefined;
  const urls = useObjectUrls();
  // Opened by "Upload Photos (Optional)", which is gone now: the focus comes here, not to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []); // before the next key press

  // The stored photos, again after "Try again" (attempt + 1); thumbnails fill in as they arrive.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const showThumbnail = (id: string, url: string) => {
      urls.track(url);
      if (live) setStored((now) => now?.map((photo) => (photo.id === id ? { ...photo, url } : photo)));
    };
    listPhotos(access).then(
      (photos) => {
        if (!live) return;
        setStored(photos.map((photo) => ({ ...photo })));
        for (const { id } of photos) {
          // A thumbnail that fails keeps its grey tile; the photo is still listed and removable.
          photoThumbnailUrl(access, id).then(
            (url) => showThumbnail(id, url),
            () => undefined,
          );
        }
      },
      () => {
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [access, urls, attempt]);

  const total = (stored?.length ?? 0) + pending.length;
  const full = total >= VALUATION_PHOTOS_MAX;
  const others = stored?.filter((photo) => photo.shot === null);
  const guided = stored?.flatMap((photo) => (photo.shot ? [{ ...photo, shot: photo.shot }] : []));

  /** A guided shot was sent: the server's list, the new photo previewed from the file just taken. */
  function guidedUploaded(photos: SellerPhoto[], shot: PhotoShot, previewUrl: string) {
    setStored((now) =>
      photos.map((photo) => {
        const known = now?.find((old) => old.id === photo.id);
        return { ...photo, url: known ? known.url : photo.shot === shot ? previewUrl : undefined };
      }),
    );
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // choosing the same photo again must fire change again
    if (files.length === 0) return;
    const { accepted, problem } = checkSelection(total, files);
    if (problem) toast({ title: problem.title, description: problem.description, variant: 'destructive' });
    setPending((now) => [
      ...now,
      ...accepted.map((file) => ({ key: crypto.randomUUID(), file, url: urls.track(URL.createObjectURL(file)) })),
    ]);
  }

  function removePending(photo: PendingPhoto) {
    urls.revoke(photo.url);
    setPending((now) => now.filter((p) => p.key !== photo.key));
    input.current?.focus();
  }

  async function removeStored(photo: StoredPhoto) {
    setStored((now) => now?.map((p) => (p.id === photo.id ? { ...p, removing: true } : p)));
    try {
      await deletePhoto(access, photo.id);
      if (photo.url) urls.revoke(photo.url);
      setStored((now) => now?.filter((p) => p.id !== photo.id));
      toast({ title: 'Photo removed' });
      input.current?.focus();
    } catch (error) {
      setStored((now) => now?.map((p) => (p.id === photo.id ? { ...p, removing: false } : p)));
      toast({ title: 'Error removing photo', description: failure(error, 'Delete failed'), variant: 'destructive' });
    }
  }

  async function submit() {
    if (pending.length === 0) return;
    setProgress(0);
    try {
      const photos = await uploadPhotos(
        access,
        pending.map((p) => p.file),
        setProgress,
      );
      toast({ title: 'Photos uploaded successfully!', description: 'Your photos have been added to your valuation.' });
      onClose(photos.length);
    } catch (error) {
      setProgress(undefined);
      toast({ title: 'Error uploading photos', description: failure(error, 'Upload failed'), variant: 'destructive' });
    }
  }

  return (
    <section
      aria-labelledby="photos-heading"
      aria-busy={stored === undefined}
      className="mt-8 rounded-xl border border-line bg-slate-50 p-4 text-left sm:p-6"
    >
      <h3
        id="photos-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-bold text-brand-950 focus:outline-none"
      >
        Photos of your car
      </h3>
      <p id="photos-hint" className="mt-1 text-sm text-muted">
        Photos help us make an accurate offer: the outside from each corner, the interior, the dashboard showing the
        mileage, and any damage. Up to {VALUATION_PHOTOS_MAX} photos, each 5MB or smaller (JPEG, PNG or WebP).
      </p>

      {loadFailed ? (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          Your photos could not be loaded.{' '}
          <button
            type="button"
            className="underline underline-offset-2"
            onClick={() => {
              setLoadFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </p>
      ) : null}

      <GuidedShots
        access={access}
        photos={guided}
        total={total}
        busy={uploading}
        onUploaded={guidedUploaded}
        onRemove={(photo) => void removeStored(photo)}
        makePreviewUrl={(file) => urls.track(URL.createObjectURL(file))}
      />

      <h4 className="mt-6 font-bold text-brand-950">Other photos</h4>
      <p className="mt-1 text-sm text-muted">Close-ups of any damage, or anything else you would like us to see.</p>
      {(others?.length ?? 0) + pending.length > 0 ? (
        <ul aria-label="Your photos" className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-5 sm:gap-3">
          {others?.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              url={photo.url}
              label={`Uploaded photo ${index + 1}`}
              badge="Uploaded"
              busy={photo.removing === true}
              disabled={uploading}
              onRemove={() => void removeStored(photo)}
            />
          ))}
          {pending.map((photo) => (
            <PhotoTile
              key={photo.key}
              url={photo.url}
              label={photo.file.name}
              disabled={uploading}
              onRemove={() => removePending(photo)}
            />
          ))}
        </ul>
      ) : null}

      <p aria-live="polite" className="mt-3 text-sm font-medium text-ink">
        {stored === undefined && !loadFailed ? 'Loading your photos…' : `${total} of ${VALUATION_PHOTOS_MAX} photos`}
        {full ? ': the most one valuation can have.' : null}
      </p>

      <div className="mt-4">
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED_PHOTO_TYPES.join(',')}
          disabled={full || uploading}
          onChange={choose}
          aria-describedby="photos-hint"
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={cx(
            buttonVariants({ variant: 'outline' }),
            'w-full cursor-pointer sm:w-auto',
            'peer-focus-visible:ring-3 peer-focus-visible:ring-brand-500/40 peer-focus-visible:outline-none',
            'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          )}
        >
          <ImagePlus aria-hidden="true" />
          {total > 0 ? 'Add More Photos' : 'Choose Photos'}
        </label>
      </div>

      {uploading ? <UploadProgress sent={progress} count={pending.length} /> : null}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" disabled={uploading} onClick={() => onClose(stored?.length)}>
          Skip Photos
        </Button>
        <Button variant="brand" disabled={pending.length === 0 || uploading} onClick={() => void submit()}>
          {uploading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
          Submit Photos
        </Button>
      </div>
    </section>
  );
}

function PhotoTile(props: {
  url: string | undefined;
  label: string;
  badge?: string;
  busy?: boolean;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="relative aspect-square overflow-hidden rounded-lg border border-line bg-slate-200">
      {props.url ? <img src={props.url} alt={props.label} className="size-full object-cover" /> : null}
      {props.badge ? (
        <span className="absolute bottom-1 left-1 rounded bg-brand-950/80 px-1.5 py-0.5 text-xs font-semibold text-white">
          {props.badge}
        </span>
      ) : null}
      <button
        type="button"
        onClick={props.onRemove}
        disabled={props.disabled || props.busy}
        aria-label={`Remove ${props.label}`}
        className="absolute top-1 right-1 grid size-9 place-items-center rounded-full bg-white/95 text-brand-950 shadow-sm hover:bg-white focus-visible:ring-3 focus-visible:ring-brand-500/50 focus-visible:outline-none disabled:opacity-60"
      >
        {props.busy ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <X aria-hidden="true" className="size-4" />
        )}
      </button>
    </li>
  );
}

/** A real progress bar: the share of the request's bytes sent, then the server's re-encoding. */
function UploadProgress({ sent, count }: { sent: number | undefined; count: number }) {
  const percent = Math.round((sent ?? 0) * 100);
  const label = percent < 100 ? `Uploading ${photoCount(count)}… ${percent}%` : `Preparing your ${photoCount(count)}…`;
  return <UploadBar name="Photo upload" percent={percent} text={label} />;
}

/** Object URLs made for previews, revoked on removal and when the area closes. */
function useObjectUrls() {
  const [tracker] = useState(() => {
    const live = new Set<string>();
    return {
      live,
      track(url: string) {
        live.add(url);
        return url;
      },
      revoke(url: string) {
        URL.revokeObjectURL(url);
        live.delete(url);
      },
    };
  });
  useEffect(
    () => () => {
      for (const url of tracker.live) URL.revokeObjectURL(url);
      tracker.live.clear();
    },
    [tracker],
  );
  return tracker;
}
