import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/client/lib/cn';

/** A form label. Clicking it focuses its control, as a native <label> does. */
export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn('text-sm leading-5 font-semibold text-brand-950 select-none', className)}
      {...props}
    />
  );
}
