import { cva } from 'class-variance-authority';

/**
 * The button styles, apart from <Button> (button.tsx), whose `asChild` brings Radix's Slot: the
 * public pages' islands style plain <button> and <a> elements with these, and load no Radix.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-plate text-brand-950 hover:bg-plate-strong',
        brand: 'bg-brand-800 text-white hover:bg-brand-900',
        outline: 'border border-brand-200 bg-white text-brand-900 hover:bg-brand-50',
        ghost: 'text-brand-900 hover:bg-brand-50',
        onDark: 'border border-white/40 text-white hover:bg-white/10',
        danger: 'bg-danger text-white hover:bg-red-800',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        md: 'h-11 px-5 text-base',
        lg: 'h-13 px-7 text-lg',
        icon: 'size-11',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);
