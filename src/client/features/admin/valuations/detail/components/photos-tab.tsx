import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/client/components/ui/dialog';
import { PanelNote } from './detail-list';

/** GET /api/admin/valuations/:id/photos/:photoId: admin-only, never cached by the browser. */
export const photoUrl = (valuationId: string, photoId: string, size: 'thumb' | 'full') =>
  `/api/admin/valuations/${encodeURIComponent(valuationId)}/photos/${encodeURIComponent(photoId)}?size=${size}`;

/** The seller's photos as thumbnails; each opens the full-size viewer. */
export function PhotosTab({ valuationId, photoIds }: { valuationId: string; photoIds: readonly string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  // Focus goes back to the thumbnail of the photo last shown, not the one first opened.
  const finalFocus = useRef<HTMLElement | null>(null);
  const show = (index: number | null) => {
    if (index !== null) finalFocus.current = thumbs.current[index] ?? null;
    setOpen(index);
  };

  if (photoIds.length === 0) {
    return (
      <PanelNote icon={<ImageOff aria-hidden="true" className="size-8 text-brand-300" />} title="No photos yet">
        The seller has not added any photos. They can add them from the link in their confirmation e-mail.
      </PanelNote>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">
        {photoIds.length} {photoIds.length === 1 ? 'photo' : 'photos'} from the seller. Select one to see it full size.
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label="Seller's photos">
        {photoIds.map((photoId, index) => (
          <li key={photoId}>
            <button
              type="button"
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              onClick={() => show(index)}
              aria-label={`Open photo ${index + 1} of ${photoIds.length}`}
              className="group block aspect-[4/3] w-full overflow-hidden rounded-lg border border-line bg-slate-100 transition-shadow hover:shadow-md"
            >
              <img
                src={photoUrl(valuationId, photoId, 'thumb')}
                alt=""
                loading="lazy"
                className="size-full object-cover transition-transform group-hover:scale-[1.03] motion-reduce:transition-none"
              />
            </button>
          </li>
        ))}
      </ul>
      <PhotoViewer
        valuationId={valuationId}
        photoIds={photoIds}
        index={open}
        onIndexChange={show}
        finalFocus={finalFocus}
      />
    </div>
  );
}

function PhotoViewer({
  valuationId,
  photoIds,
  index,
  onIndexChange,
  finalFocus,
}: {
  valuationId: string;
  photoIds: readonly string[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  finalFocus: React.RefObject<HTMLElement | null>;
}) {
  const count = photoIds.length;
  const show = (next: number) => onIndexChange((next + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (index === null || count < 2) return;
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else return;
    event.preventDefault();
  };
  const position = index === null ? '' : `Photo ${index + 1} of ${count}`;
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
        {index !== null ? (
          <div className="flex min-h-0 flex-1 items-center justify-center bg-black px-2">
            <img
              key={photoIds[index]}
              src={photoUrl(valuationId, photoIds[index]!, 'full')}
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
