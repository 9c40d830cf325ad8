import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SpriteIcon } from '~/client/components/sprite-icon';

/** "See all ..." under a section: an underlined link with an arrow. */
export function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
    >
      {children}
      <SpriteIcon name="arrow-right" className="size-4" />
    </Link>
  );
}
