import { useEffect, useRef, useState } from 'react';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import { defaultVehicleImage, type VehiclePhoto } from '~/shared/purchased-vehicle-basics';

/** The default images' own size (public/images/purchased-vehicles/default-N.svg). */
const DEFAULT_IMAGE_SIZE = { width: 1200, height: 900 };

type Stage = 'photo' | 'default' | 'placeholder';

/**
 * Calls `onFail` for an image that failed before React was listening: a server-rendered `<img>`
 * can fail to load before hydration, and its error event is then gone.
 */
function useFailedBeforeHydration(onFail: () => void) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) onFail();
    // Once, for the image that was on the page when it hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}

export type VehiclePictureProps = {
  vehicleId: number;
  photo: VehiclePhoto | undefined;
  /** The photo's alt text: "Photo of the 2019 Ford Focus". */
  alt: string;
  /** The default image's alt text ("" where the words around it already say there is no photo). */
  defaultAlt: string;
  /** Named on the grey panel when no image loads: "Ford Focus". */
  fallbackLabel: string;
  /** The `sizes` of the layout the picture sits in. */
  sizes: string;
  /** Load at once, first: the picture may be the largest thing in view. */
  priority?: boolean;
  className?: string;
};

/**
 * A purchased vehicle's photo, for the public pages and the back office alike: WebP where the
 * browser takes it, JPEG otherwise, at the width the layout needs (`sizes`), with its width and
 * height set so nothing moves as it loads. SPEC section 3's fallbacks: without a photo, or when it
 * fails to load, the vehicle's default image (id modulo 4, plus 1); if that fails too, a grey panel
 * naming the car. Fills its (aspect-ratio) box.
 */
export function VehiclePicture({
  vehicleId,
  photo,
  alt,
  defaultAlt,
  fallbackLabel,
  sizes,
  priority = false,
  className,
}: VehiclePictureProps) {
  const [failed, setFailed] = useState<{ photoId?: string; stage?: Stage }>({});
  const stage: Stage =
    failed.stage === 'placeholder' ? 'placeholder' : photo && failed.photoId !== photo.id ? 'photo' : 'default';
  const fallBack = () =>
    setFailed((now) => (stage === 'photo' && photo ? { ...now, photoId: photo.id } : { ...now, stage: 'placeholder' }));
  const ref = useFailedBeforeHydration(fallBack);
  const loading = priority ? 'eager' : 'lazy';
  const imageClass = cx('size-full object-cover', className);

  if (stage === 'photo' && photo) {
    return (
      <picture>
        <source type="image/webp" srcSet={photo.srcSet.webp} sizes={sizes} />
        <img
          ref={ref}
          src={photo.url}
          srcSet={photo.srcSet.jpeg}
          sizes={sizes}
          width={photo.width}
          height={photo.height}
          alt={alt}
          loading={loading}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          onError={fallBack}
          className={imageClass}
        />
      </picture>
    );
  }
  if (stage === 'default') {
    return (
      <img
        ref={ref}
        src={defaultVehicleImage(vehicleId)}
        {...DEFAULT_IMAGE_SIZE}
        alt={defaultAlt}
        loading={loading}
        decoding="async"
        onError={fallBack}
        className={imageClass}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`No picture: ${fallbackLabel}`}
      className={cx(
        'flex size-full items-center justify-center bg-slate-200 p-4 text-center font-semibold text-slate-600',
        className,
      )}
    >
      {fallbackLabel}
    </div>
  );
}

/** The picture on public pages: an island, so its fallbacks work once the page has loaded. */
export const VehiclePictureIsland = island('components/vehicle-picture', VehiclePicture);
