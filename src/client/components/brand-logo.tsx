import { useSiteConfig } from '~/client/lib/site-config';
import { cx } from '~/client/lib/cx';

/** The brand mark (a car on a number-plate yellow disc) with the trading name. */
export function BrandLogo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const { tradingName } = useSiteConfig();
  return (
    <span className={cx('inline-flex items-center gap-2.5 font-extrabold tracking-tight', className)}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className="size-9 shrink-0">
        <rect width="64" height="64" rx="14" fill={inverted ? '#ffd23f' : '#0b2a4a'} />
        <path
          d="M14 38l5-11c1-3 3-4 6-4h14c3 0 5 1 6 4l5 11v8a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2v-2H21v2a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2z"
          fill={inverted ? '#0b2a4a' : '#ffd23f'}
        />
        <circle cx="22" cy="38" r="3" fill={inverted ? '#ffd23f' : '#0b2a4a'} />
        <circle cx="42" cy="38" r="3" fill={inverted ? '#ffd23f' : '#0b2a4a'} />
      </svg>
      <span className={cx('text-xl', inverted ? 'text-white' : 'text-brand-900')}>{tradingName}</span>
    </span>
  );
}
