import type { ComponentProps } from 'react';
import { cn } from '~/client/lib/cn';

/** Shared look of every text-like control (inputs, password fields, selects). */
export const inputClassName =
  'block h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-ink shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-surface disabled:opacity-70 aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/20';

/** A single-line text input. Give it a <Label> (or wrap it in <FormField>). */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}
