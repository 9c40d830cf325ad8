import type { ComponentProps } from 'react';
import { cx } from '~/client/lib/cx';

/** The page's content column: full width on phones, capped on desktops. */
export function Container({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)} {...props} />;
}
