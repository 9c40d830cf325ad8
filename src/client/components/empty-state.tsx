import type { ComponentType, ReactNode } from 'react';
import { cx } from '~/client/lib/cx';

type EmptyStateProps = {
  /** A lucide-react icon, or (in an island) one drawn from the sprite: decorative either way. */
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  children?: ReactNode;
  className?: string;
};

/** What a page's list shows when it has nothing in it yet: an icon, an <h2> and a line or two. */
export function EmptyState({ icon: Icon, title, children, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        'mx-auto max-w-2xl rounded-[var(--radius-card)] border border-dashed border-brand-200 bg-white px-6 py-12 text-center sm:px-10',
        className,
      )}
    >
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-2xl font-bold text-brand-900">{title}</h2>
      {children && <div className="mt-3 space-y-3 text-muted">{children}</div>}
    </div>
  );
}
