import {
  Armchair,
  BookOpen,
  Camera,
  Car,
  CarFront,
  Check,
  Gauge,
  LifeBuoy,
  LoaderCircle,
  PackageOpen,
  RotateCcw,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button, buttonVariants } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import { photoShotGuide, photoShots, type PhotoShot, type ShotDrawing } from '~/shared/photo-shots';
import { VALUATION_PHOTOS_MAX } from '~/shared/valuation-photos';
import { uploadPhotos, type PhotoAccess, type SellerPhoto } from '../photo-api';
import { ACCEPTED_PHOTO_TYPES, checkSelection } from '../photo-selection';
import { UploadBar } from '~/client/components/upload-bar';

/** What a guided shot is doing on this device; a shot with a stored photo is simply done. */
type Transient =
  | { status: 'uploading'; file: File; sent: number }
  | { status: 'failed'; file: File; message: string }
  | { status: 'skipped' };

/** A stored photo taken for a shot, with its thumbnail once loaded. */
export type GuidedPhoto = { id: string; shot: PhotoShot; url?: string; removing?: boolean };

/** The small outline that shows how each shot is framed. */
const drawings: Record<ShotDrawing, { icon: LucideIcon; mirrored?: boolean }> = {
  front: { icon: CarFront },
  rear: { icon: CarFront, mirrored: true },
  side: { icon: Car },
  dashboard: { icon: Gauge },
  seats: { icon: Armchair },
  boot: { icon: PackageOpen },
  wheel: { icon: LifeBuoy },
  book: { icon: BookOpen },
};

/**
 * The guided photos (issue 35): one row per named shot, each with its outline and a one-line hint.
 * "Take photo" opens the camera on a phone (`capture`), and the photo goes at once, alone, with its
 * own progress bar; a failed one can be tried again; any shot can be skipped, retaken or removed.
 * The upload rules are the photo area's (checkSelection, then the server's).
 */
export function GuidedShots(props: {
  access: PhotoAccess;
  /** The stored photos taken for a shot; undefined while they load. */
  photos: readonly GuidedPhoto[] | undefined;
  /** How many photos the valuation holds, every kind, for the 20-photo limit. */
  total: number;
  /** Another upload is running in the area (the other photos'): nothing starts meanwhile. */
  busy: boolean;
  /** After an upload: the server's list of every photo, and the local preview of the new one. */
  onUploaded: (photos: SellerPhoto[], shot: PhotoShot, previewUrl: string) => void;
  onRemove: (photo: GuidedPhoto) => void;
  makePreviewUrl: (file: File) => string;
}) {
  const [transient, setTransient] = useState<Partial<Record<PhotoShot, Transient>>>({});
  const set = (shot: PhotoShot, state: Transient | undefined) =>
    setTransient((now) => {
      const next = { ...now };
      if (state) next[shot] = state;
      else delete next[shot];
      return next;
    });
  const taken = props.photos?.length ?? 0;

  async function send(shot: PhotoShot, file: File) {
    const replacing = props.photos?.some((photo) => photo.shot === shot) ? 1 : 0;
    const { accepted, problem } = checkSelection(props.total - replacing, [file]);
    if (problem || accepted.length === 0) {
      if (problem) toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    set(shot, { status: 'uploading', file, sent: 0 });
    try {
      const photos = await uploadPhotos(
        props.access,
        [file],
        (sent) => set(shot, { status: 'uploading', file, sent }),
        {
          shot,
        },
      );
      set(shot, undefined);
      props.onUploaded(photos, shot, props.makePreviewUrl(file));
    } catch (error) {
      const message = error instanceof ApiError ? error.userMessage('The upload failed.') : 'The upload failed.';
      set(shot, { status: 'failed', file, message });
    }
  }

  return (
    <section aria-labelledby="guided-shots-heading" className="mt-5">
      <h4 id="guided-shots-heading" className="font-bold text-brand-950">
        The photos we need
      </h4>
      <p className="mt-1 text-sm text-muted">
        Take them one by one: each is sent as soon as you take it. Skip any you cannot take now.{' '}
        <span aria-live="polite">
          {taken} of {photoShots.length} taken.
        </span>
      </p>
      <ol aria-label="Photos we need" className="mt-3 grid gap-2 sm:grid-cols-2">
        {photoShots.map((shot) => (
          <ShotRow
            key={shot}
            shot={shot}
            photo={props.photos?.find((photo) => photo.shot === shot)}
            state={transient[shot]}
            loading={props.photos === undefined}
            disabled={props.busy}
            full={props.total >= VALUATION_PHOTOS_MAX && !props.photos?.some((photo) => photo.shot === shot)}
            onFile={(file) => void send(shot, file)}
            onSkip={() => set(shot, { status: 'skipped' })}
            onUnskip={() => set(shot, undefined)}
            onRemove={props.onRemove}
          />
        ))}
      </ol>
    </section>
  );
}

function ShotRow(props: {
  shot: PhotoShot;
  photo: GuidedPhoto | undefined;
  state: Transient | undefined;
  loading: boolean;
  disabled: boolean;
  full: boolean;
  onFile: (file: File) => void;
  onSkip: () => void;
  onUnskip: () => void;
  onRemove: (photo: GuidedPhoto) => void;
}) {
  const { shot, photo, state } = props;
  const guide = photoShotGuide[shot];
  const inputId = useId();
  const uploading = state?.status === 'uploading';
  const skipped = state?.status === 'skipped' && !photo;
  const { icon: Icon, mirrored } = drawings[guide.drawing];

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same photo again must fire change again
    if (file) props.onFile(file);
  }

  const takeLabel = photo ? 'Retake' : state?.status === 'failed' ? 'Choose another' : 'Take photo';
  return (
    <li
      className={cx(
        'grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 gap-y-2.5 rounded-lg border bg-white p-3',
        photo ? 'border-go-600/40' : state?.status === 'failed' ? 'border-red-300' : 'border-line',
        skipped && 'bg-slate-50',
      )}
    >
      <span className="relative grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg bg-brand-50 text-brand-700">
        {photo?.url ? (
          <img src={photo.url} alt={`Your photo: ${guide.label}`} className="size-full object-cover" />
        ) : (
          <Icon aria-hidden="true" strokeWidth={1.5} className={cx('size-8', mirrored && '-scale-x-100')} />
        )}
        {photo ? (
          <span className="absolute right-0.5 bottom-0.5 grid size-5 place-items-center rounded-full bg-go-600 text-white">
            <Check aria-hidden="true" className="size-3.5" />
          </span>
        ) : null}
      </span>
      <div className="grid min-w-0 content-start gap-1.5">
        <div>
          <p className="leading-tight font-semibold text-brand-950">
            {guide.label}
            {photo ? (
              <span className="sr-only">: taken</span>
            ) : skipped ? (
              <span className="sr-only">: skipped</span>
            ) : null}
          </p>
          {skipped ? null : <p className="text-sm leading-snug text-muted">{guide.hint}</p>}
        </div>
        {uploading ? (
          <ShotProgress label={guide.label} sent={state.sent} />
        ) : state?.status === 'failed' ? (
          <p role="alert" className="text-sm font-medium text-danger">
            Not sent: {state.message}
          </p>
        ) : null}
      </div>
      {props.loading || uploading ? null : skipped ? (
        <div className={cx(actionsClass, 'text-sm text-muted')}>
          Skipped.
          <Button variant="ghost" size="sm" onClick={props.onUnskip} disabled={props.disabled}>
            Take it after all
          </Button>
        </div>
      ) : (
        <div className={actionsClass}>
          {state?.status === 'failed' ? (
            <Button
              variant="brand"
              size="sm"
              onClick={() => props.onFile(state.file)}
              disabled={props.disabled}
              aria-label={`Try again: ${guide.label}`}
            >
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          ) : null}
          <input
            id={inputId}
            type="file"
            accept={ACCEPTED_PHOTO_TYPES.join(',')}
            capture="environment"
            disabled={props.disabled || props.full || photo?.removing}
            onChange={choose}
            aria-label={`${takeLabel}: ${guide.label}`}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className={cx(
              buttonVariants({ variant: photo || state?.status === 'failed' ? 'outline' : 'brand', size: 'sm' }),
              'cursor-pointer',
              'peer-focus-visible:ring-3 peer-focus-visible:ring-brand-500/40 peer-focus-visible:outline-none',
              'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            )}
          >
            <Camera aria-hidden="true" />
            {takeLabel}
          </label>
          {photo ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => props.onRemove(photo)}
              disabled={props.disabled || photo.removing}
              aria-label={`Remove your photo: ${guide.label}`}
            >
              {photo.removing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <X aria-hidden="true" />}
              Remove
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              onClick={props.onSkip}
              disabled={props.disabled}
              aria-label={`Skip: ${guide.label}`}
            >
              Skip
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** Under the text on a phone (the whole width, so the buttons sit side by side), beside the drawing above it. */
const actionsClass = 'col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:col-start-2';

/** This shot's own progress: the share of its bytes sent, then the server's re-encoding. */
function ShotProgress({ label, sent }: { label: string; sent: number }) {
  const percent = Math.round(sent * 100);
  const text = percent < 100 ? `Sending… ${percent}%` : 'Preparing your photo…';
  return <UploadBar name={`Sending: ${label}`} percent={percent} text={text} small />;
}
