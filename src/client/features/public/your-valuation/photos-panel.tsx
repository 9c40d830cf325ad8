import { Camera, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { island } from '~/client/lib/island';
import { loadPhotoUpload, photoCount, type PhotoAccess } from '../valuation';

const PhotoUpload = lazy(loadPhotoUpload);
const SELLER_PAGE: PhotoAccess = { sellerPage: true };

/**
 * The photos area on the seller's own page (issue 34): the success screen's photo area, with the
 * same rules (20 photos, 5 MB each, photos only, re-encoded without location), opened with the
 * seller's cookie instead of the upload token. Its code comes only when the seller opens it.
 */
export function PhotosPanel({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  const [stored, setStored] = useState(count);
  const openButton = useRef<HTMLButtonElement>(null);

  function close(now: number | undefined) {
    setOpen(false);
    if (now !== undefined) setStored(now);
    requestAnimationFrame(() => openButton.current?.focus());
  }

  if (open) {
    return (
      <Suspense
        fallback={
          <p className="mt-4 flex items-center gap-2 text-muted">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> Opening photos…
          </p>
        }
      >
        <PhotoUpload access={SELLER_PAGE} onClose={close} />
      </Suspense>
    );
  }
  return (
    <div className="mt-3">
      <p className="text-muted">
        {stored === 0
          ? 'Photos help us make you an accurate offer: the outside from each corner, the dashboard with the mileage, the seats and any damage.'
          : `${photoCount(stored)} with your request. You can add more or remove any.`}
      </p>
      <button
        ref={openButton}
        type="button"
        className={`${buttonVariants({ variant: 'outline', size: 'md' })} mt-3 w-full sm:w-auto`}
        onClick={() => setOpen(true)}
      >
        <Camera aria-hidden="true" />
        {stored === 0 ? 'Add photos' : 'Add or remove photos'}
      </button>
    </div>
  );
}

export const PhotosPanelIsland = island('features/public/your-valuation/photos-panel', PhotosPanel);
