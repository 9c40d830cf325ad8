import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '~/client/lib/cn';

/** A spinning icon for inside buttons and inline states; decorative (pair it with text). */
export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} {...props} />;
}

/** A loading message announced politely to screen readers ("Loading..." by default). */
export function LoadingState({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 p-8 text-muted', className)}>
      <Spinner className="text-brand-600" />
      <span>{label}</span>
    </div>
  );
}
