import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/client/components/ui/dialog';
import { photoShotGuide, photoShots, type PhotoShot } from '~/shared/photo-shots';
import { PanelNote } from './detail-list';

/** GET /api/admin/valuations/:id/photos/:photoId: admin-only, never cached by the browser. */
export const photoUrl = (valuationId: string, photoId: string, size: 'thumb' | 'full') =>
  `/api/admin/valuations/${encodeURIComponent(valuationId)}/photos/${encodeURIComponent(photoId)}?size=${size}`;

type SellerPhoto = { id: string; shot: PhotoShot | null };
/** A photo as the tab shows it, with its guided shot's name (none for other photos). */
type ShownPhoto = { id: string; label?: string };
const photoName = (index: number, count: number, label: string | undefined) =>
  `Photo ${index + 1} of ${count}${label ? `: ${label}` : ''}`;

/**
 * The seller's photos grouped as the seller took them (issue 35): the guided shots in their order,
 * each under its name, with the shots not taken named; then the other photos. Each thumbnail opens
 * the full-size viewer, which goes through them all in that order.
 */
export function PhotosTab({ valuationId, photos }: { valuationId: string; photos: readonly SellerPhoto[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  // Focus goes back to the thumbnail of the photo last shown, not the one first opened.
  const finalFocus = useRef<HTMLElement | null>(null);
  const show = (index: number | null) => {
    if (index !== null) finalFocus.current = thumbs.current[index] ?? null;
    setOpen(index);
  };

  if (photos.length === 0) {
    return (
      <PanelNote icon={<ImageOff aria-hidden="true" className="size-8 text-brand-300" />} title="No photos yet">
        The seller has not added any photos. They can add them from the link in their confirmation e-mail.
      </PanelNote>
    );
  }
  const guided = photoShots.flatMap((shot) => {
    const photo = photos.find((p) => p.shot === shot);
    return photo ? [{ id: photo.id, label: photoShotGuide[shot].label }] : [];
  });
  const missing = photoShots.filter((shot) => !photos.some((p) => p.shot === shot));
  const others = photos.filter((p) => p.shot === null).map((p) => ({ id: p.id }));
  const shown: ShownPhoto[] = [...guided, ...others];
  const grid = (label: string, items: ShownPhoto[], offset: number) => (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label={label}>
      {items.map((photo, i) => {
        const index = offset + i;
        return (
          <li key={photo.id} className="grid gap-1.5">
            <button
              type="button"
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              onClick={() => show(index)}
              aria-label={`Open ${photoName(index, shown.length, photo.label).replace(/^P/, 'p')}`}
              className="group block aspect-[4/3] w-full overflow-hidden rounded-lg border border-line bg-slate-100 transition-shadow hover:shadow-md"
            >
              <img
                src={photoUrl(valuationId, photo.id, 'thumb')}
                alt=""
                loading="lazy"
                className="size-full object-cover transition-transform group-hover:scale-[1.03] motion-reduce:transition-none"
              />
            </button>
            {photo.label ? (
              <span aria-hidden="true" className="text-xs font-semibold text-brand-950">
                {photo.label}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted">
        {photos.length} {photos.length === 1 ? 'photo' : 'photos'} from the seller: {guided.length} of{' '}
        {photoShots.length} guided shots{others.length > 0 ? `, ${others.length} other` : ''}. Select one to see it full
        size.
      </p>
      {guided.length > 0 ? (
        <section aria-labelledby="guided-shots-title" className="grid gap-2">
          <h3 id="guided-shots-title" className="text-sm font-bold text-brand-950">
            Guided shots
          </h3>
          {grid('Guided shots', guided, 0)}
        </section>
      ) : null}
      {missing.length > 0 ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
          <p className="font-semibold">Shots not taken ({missing.length})</p>
          <p className="mt-0.5">{missing.map((shot) => photoShotGuide[shot].label).join(', ')}.</p>
        </div>
      ) : null}
      {others.length > 0 ? (
        <section aria-labelledby="other-photos-title" className="grid gap-2">
          <h3 id="other-photos-title" className="text-sm font-bold text-brand-950">
            Other photos
          </h3>
          {grid('Other photos', others, guided.length)}
        </section>
      ) : null}
      <PhotoViewer valuationId={valuationId} photos={shown} index={open} onIndexChange={show} finalFocus={finalFocus} />
    </div>
  );
}

function PhotoViewer({
  valuationId,
  photos,
  index,
  onIndexChange,
  finalFocus,
}: {
  valuationId: string;
  photos: readonly ShownPhoto[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  finalFocus: React.RefObject<HTMLElement | null>;
}) {
  const count = photos.length;
  const show = (next: number) => onIndexChange((next + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (index === null || count < 2) return;
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else return;
    event.preventDefault();
  };
  const current = index === null ? undefined : photos[index];
  const position = index === null || !current ? '' : photoName(index, count, current.label);
  return (
    <Dialog open={index !== null} onOpenChange={(isOpen) => !isOpen && onIndexChange(null)}>
      <DialogContent
        finalFocus={finalFocus}
        onKeyDown={onKeyDown}
        className="max-w-5xl bg-brand-950 text-white [&>button:last-child]:text-brand-100 [&>button:last-child]:hover:bg-white/10 [&>button:last-child]:hover:text-white"
      >
        <div className="flex items-center justify-between gap-3 px-5 pt-4 pr-14 pb-3">
          <DialogTitle className="text-base text-white">Seller&apos;s photos</DialogTitle>
          <p aria-live="polite" className="text-sm font-semibold text-brand-100">
            {position}
          </p>
        </div>
        <DialogDescription className="sr-only">
          Use the Previous and Next buttons or the left and right arrow keys to move between photos.
        </DialogDescription>
        {current ? (
          <div className="flex min-h-0 flex-1 items-center justify-center bg-black px-2">
            <img
              key={current.id}
              src={photoUrl(valuationId, current.id, 'full')}
              alt={position}
              className="max-h-[calc(100dvh-12rem)] w-auto max-w-full object-contain"
            />
          </div>
        ) : null}
        <div className="flex items-center justify-between gap-3 px-5 py-3">
          <Button variant="onDark" size="sm" onClick={() => index !== null && show(index - 1)} disabled={count < 2}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <p className="hidden text-xs text-brand-100 sm:block">Arrow keys move between photos; Escape closes.</p>
          <Button variant="onDark" size="sm" onClick={() => index !== null && show(index + 1)} disabled={count < 2}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
