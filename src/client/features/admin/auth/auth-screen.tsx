import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '~/client/lib/site-config';
import { BrandLogo } from '~/client/components/brand-logo';
import { paths } from '~/shared/paths';

/**
 * The full-page frame of the screens outside the back office proper: sign-in
 * and the forced password change. A navy page with the brand and one card.
 */
export function AuthScreen({
  eyebrow,
  title,
  description,
  children,
  footer,
}: {
  eyebrow: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { tradingName } = useSiteConfig();
  return (
    <div className="relative flex min-h-dvh flex-col bg-brand-950 bg-[radial-gradient(ellipse_at_top,var(--color-brand-800),transparent_60%)]">
      <header className="flex justify-center px-4 pt-10 pb-6 sm:pt-16 sm:pb-8">
        <Link to={paths.home} aria-label={`${tradingName} home page`} className="rounded-lg">
          <BrandLogo inverted />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pb-10">
        <div className="w-full max-w-md overflow-hidden rounded-[var(--radius-card)] bg-white shadow-2xl ring-1 ring-black/5">
          <div className="h-1.5 bg-plate" aria-hidden="true" />
          <div className="p-6 sm:p-8">
            <p className="text-xs font-bold tracking-[0.14em] text-brand-600 uppercase">{eyebrow}</p>
            <h1 className="mt-1.5 text-2xl leading-tight font-extrabold text-brand-950">{title}</h1>
            <div className="mt-2 text-[0.95rem] text-muted">{description}</div>
            <div className="mt-6 grid grid-cols-1">{children}</div>
          </div>
          {footer ? <div className="border-t border-line bg-surface px-6 py-4 text-sm sm:px-8">{footer}</div> : null}
        </div>
        <Link
          to={paths.home}
          className="mt-6 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-100 hover:text-white hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the website
        </Link>
      </main>
    </div>
  );
}
