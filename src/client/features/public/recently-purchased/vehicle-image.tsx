import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { defaultVehicleImage } from '~/shared/purchased-vehicle-basics';
import type { PublicPurchasedVehicle } from './purchased-vehicle';

/** The grid's columns (vehicle-card.tsx): one on phones, two from 640 px, three of about 380 px from 1024 px. */
const SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw';
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

/**
 * A vehicle's first photo, in the size and format the browser wants (WebP, else JPEG) with its
 * width and height set so nothing moves as it loads. SPEC section 3's fallbacks: without a photo,
 * or when it fails to load, the default image (id modulo 4, plus 1); if that fails too, a grey
 * panel naming the make and model.
 */
export function VehicleImage({ vehicle, priority = false }: { vehicle: PublicPurchasedVehicle; priority?: boolean }) {
  const [photo] = vehicle.photos;
  const [stage, setStage] = useState<Stage>(photo ? 'photo' : 'default');
  const fallBack = () => setStage((current) => (current === 'photo' ? 'default' : 'placeholder'));
  const ref = useFailedBeforeHydration(fallBack);
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const loading = priority ? 'eager' : 'lazy';
  const onError = (_event: SyntheticEvent<HTMLImageElement>) => fallBack();
  const imageClass = 'size-full object-cover';

  if (stage === 'photo' && photo) {
    return (
      <picture>
        <source type="image/webp" srcSet={photo.srcSet.webp} sizes={SIZES} />
        <img
          ref={ref}
          src={photo.url}
          srcSet={photo.srcSet.jpeg}
          sizes={SIZES}
          width={photo.width}
          height={photo.height}
          alt={`Photo of the ${name}`}
          loading={loading}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          onError={onError}
          className={imageClass}
        />
      </picture>
    );
  }
  if (stage === 'default') {
    return (
      <img
        ref={ref}
        src={defaultVehicleImage(vehicle.id)}
        {...DEFAULT_IMAGE_SIZE}
        alt={`Illustration of a car: there is no photo of this ${name} yet`}
        loading={loading}
        decoding="async"
        onError={onError}
        className={imageClass}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`No picture of the ${name}`}
      className="flex size-full items-center justify-center bg-slate-200 p-4 text-center font-semibold text-slate-600"
    >
      {vehicle.make} {vehicle.model}
    </div>
  );
}
