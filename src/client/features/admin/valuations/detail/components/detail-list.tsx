import type { ReactNode } from 'react';
import { cn } from '~/client/lib/cn';

export type DetailItem = {
  label: string;
  value: ReactNode;
  /** Spread across both columns (long text). */
  wide?: boolean;
};

/** Label and value pairs as a definition list: two columns on wider screens, one on a phone. */
export function DetailList({ items, className }: { items: readonly DetailItem[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-0 sm:gap-x-6', className)}>
      {items.map((item) => (
        <div
          key={item.label}
          // content-start: a value beside a taller one (a long e-mail address) stays under its label.
          className={cn(
            'grid content-start gap-0.5 border-b border-line py-3 last:border-b-0',
            item.wide && 'col-span-2',
          )}
        >
          <dt className="text-sm font-medium text-muted">{item.label}</dt>
          <dd className="font-semibold break-words text-brand-950">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A muted "not given" in place of a value. */
export function Missing({ children = 'Not given' }: { children?: ReactNode }) {
  return <span className="font-normal text-muted">{children}</span>;
}

/** A value or a muted "Not given" when it is empty. */
export function orMissing(value: ReactNode, missing?: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? <Missing>{missing}</Missing> : value;
}

/** The heading of a part of a tab panel. */
export function PanelHeading({ children, className }: { children: ReactNode; className?: string }) {
  return <h3 className={cn('text-base font-bold text-brand-950', className)}>{children}</h3>;
}

/** "AA19AAA" → "AA19 AAA" (the current format's space); older formats as stored. */
export const plateText = (registration: string) => registration.replace(/^([A-Z]{2}\d{2})([A-Z]{3})$/, '$1 $2');

/** A registration as the yellow rear plate: "AA19 AAA". */
export function PlateChip({ registration, className }: { registration: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-block rounded-md border-2 border-brand-950 bg-plate px-2.5 py-0.5 font-plate text-lg leading-7 font-bold tracking-wider whitespace-nowrap text-brand-950',
        className,
      )}
    >
      {plateText(registration)}
    </span>
  );
}

/** A centred note for an empty or failed part of a panel, with an optional action. */
export function PanelNote({
  icon,
  title,
  children,
  action,
  tone = 'neutral',
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'danger';
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : undefined}
      className={cn(
        'grid justify-items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center',
        tone === 'danger' ? 'border-red-200 bg-red-50/60' : 'border-line bg-surface',
      )}
    >
      {icon}
      <p className={cn('font-semibold', tone === 'danger' ? 'text-red-950' : 'text-brand-950')}>{title}</p>
      {children ? <div className="max-w-md text-sm text-muted">{children}</div> : null}
      {action}
    </div>
  );
}
