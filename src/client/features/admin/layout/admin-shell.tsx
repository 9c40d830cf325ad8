import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useSiteConfig } from '~/client/lib/site-config';
import { BrandLogo } from '~/client/components/brand-logo';
import { cn } from '~/client/lib/cn';
import { adminPaths } from '../admin-paths';
import { AccountMenu } from './account-menu';
import { adminNavItems, type AdminNavItem } from './admin-nav-items';
import { useAdminUser } from '../auth';
import { usePendingReviewCount } from '../reviews';

/**
 * The back-office frame every admin page reuses: a navy top bar with the product name and the
 * account menu, and under it the one navigation, a row of every area by name (issue 31: one
 * navigation, one set of names) that scrolls sideways where the screen is narrower than the row.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { tradingName } = useSiteConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-plate px-4 py-2 font-semibold text-brand-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <header className="sticky top-0 z-40 bg-brand-950 text-white shadow-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Link
            to={adminPaths.dashboard}
            aria-label={`${tradingName} back office dashboard`}
            className="flex min-w-0 shrink items-center gap-2.5 rounded-lg"
          >
            <BrandLogo
              inverted
              className="min-w-0 gap-2 sm:gap-2.5 [&>span:last-child]:truncate [&>span:last-child]:text-lg sm:[&>span:last-child]:text-xl"
            />
            <span className="shrink-0 rounded-md bg-white/10 px-1.5 py-0.5 text-[0.7rem] font-semibold tracking-wide text-brand-100 ring-1 ring-white/15 sm:px-2 sm:text-xs">
              Back office
            </span>
          </Link>
          <div className="ml-auto shrink-0">
            <AccountMenu />
          </div>
        </div>
        <nav aria-label="Back office" className="border-t border-white/10">
          <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2">
            {adminNavItems.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-2 border-b-[3px] px-2.5 py-2.5 text-sm font-semibold transition-colors',
                      isActive ? 'border-plate text-white' : 'border-transparent text-brand-100 hover:text-white',
                    )
                  }
                >
                  {item.label}
                  <NavCount item={item} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="admin-main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">{children}</div>
      </main>
    </div>
  );
}

/** The pending reviews beside "Reviews" (nothing while there are none or it is not known yet). */
function NavCount({ item }: { item: AdminNavItem }) {
  if (item.count !== 'pendingReviews') return null;
  return <PendingReviews />;
}

function PendingReviews() {
  const pending = usePendingReviewCount(useAdminUser().isAdmin);
  if (!pending) return null;
  return (
    <span className="rounded-full bg-plate px-1.5 text-xs leading-5 font-bold text-brand-950">
      {pending.toLocaleString('en-GB')}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
