import { cn } from '~/client/lib/cn';

/** "AB12CDE" → "AB12 CDE": a current-format registration spaced as on the plate (others as stored). */
const plateText = (registration: string) => registration.replace(/^([A-Z]{2}\d{2})([A-Z]{3})$/, '$1 $2');

const sizes = {
  /** In lists and headers: the way staff recognise a car at a glance. */
  sm: 'rounded border px-1.5 py-0.5 text-sm leading-5 tracking-wider',
  /** On the handover screen: large enough to check against the car at the kerb. */
  lg: 'rounded-md border-2 px-3 py-1 text-2xl leading-8 tracking-widest shadow-xs',
} as const;

/** A registration on a yellow number plate. */
export function NumberPlate({
  registration,
  size = 'sm',
  spaced = false,
  className,
}: {
  registration: string;
  size?: keyof typeof sizes;
  /** Spaced as on the car ("AB12 CDE") rather than as stored. */
  spaced?: boolean;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-block border-brand-950/70 bg-plate font-plate font-bold whitespace-nowrap text-brand-950 uppercase',
        sizes[size],
        className,
      )}
    >
      <span className="sr-only">Registration </span>
      {spaced ? plateText(registration) : registration}
    </span>
  );
}
