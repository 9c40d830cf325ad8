import { cn } from '~/client/lib/cn';

/** A registration on a small yellow number plate, the way staff recognise a car at a glance. */
export function NumberPlate({ registration, className }: { registration: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-block rounded border border-brand-950/70 bg-plate px-1.5 py-0.5 font-plate text-sm leading-5 font-bold tracking-wider whitespace-nowrap text-brand-950 uppercase',
        className,
      )}
    >
      <span className="sr-only">Registration </span>
      {registration}
    </span>
  );
}
