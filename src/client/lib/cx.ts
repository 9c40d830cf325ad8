import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, for public pages and the primitives they use. Unlike `cn`,
 * it does not resolve clashing Tailwind classes (tailwind-merge would add about
 * 8.5 KB gzipped to every public page), so callers pass classes that add to a
 * component's own rather than fight them: `max-sm:hidden` beside `inline-flex`,
 * not `hidden`.
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
