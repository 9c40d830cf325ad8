import { ImagePlus } from 'lucide-react';
import { useCallback, useId, type Ref } from 'react';
import { buttonVariants } from '~/client/components/ui/button';
import { cn } from '~/client/lib/cn';
import { PURCHASED_VEHICLE_PHOTO_MAX_BYTES, PURCHASED_VEHICLE_PHOTOS_MAX } from '~/shared/purchased-vehicles';

export const PHOTOS_HINT = `Up to ${PURCHASED_VEHICLE_PHOTOS_MAX} photos, each ${
  PURCHASED_VEHICLE_PHOTO_MAX_BYTES / 1024 / 1024
}MB or smaller (JPEG, PNG or WebP). The first is the one the website shows.`;

/**
 * A file picker that looks like a button: the real input stays in the page (visually hidden) so
 * the keyboard and screen readers reach it by its label. Chosen files go to `onChoose`; the input
 * is emptied, so choosing the same file again still counts.
 */
export function PhotoFileInput({
  label,
  disabled,
  describedBy,
  onChoose,
  inputRef,
}: {
  label: string;
  disabled: boolean;
  describedBy?: string;
  onChoose: (files: File[]) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={disabled}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onChoose(files);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
          'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        )}
      >
        <ImagePlus aria-hidden="true" />
        {label}
      </label>
    </div>
  );
}

/** "2 of 3 photos", announced as it changes. */
export function PhotoCounter({ count }: { count: number }) {
  return (
    <p aria-live="polite" className="text-sm font-medium text-ink">
      {count} of {PURCHASED_VEHICLE_PHOTOS_MAX} photos
      {count >= PURCHASED_VEHICLE_PHOTOS_MAX ? <span className="text-muted">: the most a vehicle can have</span> : null}
    </p>
  );
}

/**
 * A preview of a file on this device. Its object URL lives exactly as long as the <img> (a ref
 * callback with a cleanup), so it is revoked when the photo is removed or the form goes away.
 */
export function FileThumbnail({ file, alt }: { file: File; alt: string }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={attach} alt={alt} className="size-full object-cover" />;
}
