import { Camera } from 'lucide-react';
import { lazy, useState } from 'react';
import { island } from '~/client/lib/island';
import { loadPhotoUpload, photoCount, type PhotoAccess } from '../valuation';
import { OpeningArea } from './opening-area';

const PhotoUpload = lazy(loadPhotoUpload);
const SELLER_PAGE: PhotoAccess = { sellerPage: true };

/**
 * The photos area on the seller's own page (issue 34): the success screen's photo area, with the
 * same rules (20 photos, 5 MB each, photos only, re-encoded without location), opened with the
 * seller's cookie instead of the upload token. Its code comes only when the seller opens it.
 */
export function PhotosPanel({ count }: { count: number }) {
  const [stored, setStored] = useState(count);
  const [open, setOpen] = useState(false);
  return (
    <OpeningArea
      open={open}
      onOpen={() => setOpen(true)}
      summary={
        stored === 0
          ? 'Photos help us make you an accurate offer: the outside from each corner, the dashboard with the mileage, the seats and any damage.'
          : `${photoCount(stored)} with your request. You can add more or remove any.`
      }
      button={{
        label: stored === 0 ? 'Add photos' : 'Add or remove photos',
        icon: <Camera aria-hidden="true" />,
      }}
      loading="Opening photos…"
    >
      <PhotoUpload
        access={SELLER_PAGE}
        onClose={(now) => {
          if (now !== undefined) setStored(now);
          setOpen(false);
        }}
      />
    </OpeningArea>
  );
}

export const PhotosPanelIsland = island('features/public/your-valuation/photos-panel', PhotosPanel);
