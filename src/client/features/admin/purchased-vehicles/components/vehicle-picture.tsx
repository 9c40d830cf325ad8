import { CarFront } from 'lucide-react';
import { useState } from 'react';
import { cn } from '~/client/lib/cn';
import { defaultVehicleImage, type VehiclePhoto } from '~/shared/purchased-vehicles';

/** The default images' own size (public/images/purchased-vehicles/default-N.svg). */
const DEFAULT_IMAGE_SIZE = { width: 1200, height: 900 };

/**
 * A vehicle's photo as the website shows it: WebP where the browser takes it, JPEG otherwise, at
 * the width the layout needs (`sizes`), with its real size set so nothing moves as it loads.
 * Without a photo, or when it fails to load, SPEC section 3's default image for the vehicle; if
 * that fails too, a plain panel naming the car. Fills its (aspect-ratio) box.
 */
export function VehiclePicture({
  vehicleId,
  photo,
  alt,
  fallbackLabel,
  sizes,
  className,
}: {
  vehicleId: number;
  photo: VehiclePhoto | undefined;
  alt: string;
  /** Named on the plain panel when no image loads: "Ford Focus". */
  fallbackLabel: string;
  sizes: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<{ photo?: string; fallback?: boolean }>({});
  const imageClass = cn('size-full object-cover', className);

  if (photo && failed.photo !== photo.id) {
    return (
      <picture>
        <source type="image/webp" srcSet={photo.srcSet.webp} sizes={sizes} />
        <img
          src={photo.url}
          srcSet={photo.srcSet.jpeg}
          sizes={sizes}
          width={photo.width}
          height={photo.height}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => setFailed({ photo: photo.id })}
          className={imageClass}
        />
      </picture>
    );
  }
  if (!failed.fallback) {
    return (
      <img
        src={defaultVehicleImage(vehicleId)}
        {...DEFAULT_IMAGE_SIZE}
        // The illustration stands in for a missing photo; the card says so in words.
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed((now) => ({ ...now, fallback: true }))}
        className={imageClass}
      />
    );
  }
  return (
    <div
      className={cn('flex size-full flex-col items-center justify-center gap-2 bg-slate-100 text-slate-500', className)}
    >
      <CarFront aria-hidden="true" className="size-10" />
      <span className="px-2 text-center text-sm font-semibold">{fallbackLabel}</span>
    </div>
  );
}
