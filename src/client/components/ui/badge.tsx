import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '~/client/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs leading-5 font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        brand: 'border-transparent bg-brand-800 text-white',
        subtle: 'border-brand-100 bg-brand-50 text-brand-800',
        neutral: 'border-line bg-slate-100 text-slate-700',
        plate: 'border-plate-strong/60 bg-plate text-brand-950',
        success: 'border-green-200 bg-green-50 text-go-700',
        danger: 'border-red-200 bg-red-50 text-danger',
      },
    },
    defaultVariants: { variant: 'subtle' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

/** A short status label ("You", "Admin", "Visible on website"…). */
export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
