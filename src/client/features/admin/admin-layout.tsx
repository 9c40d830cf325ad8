import { Link, Outlet } from 'react-router';
import { BrandLogo } from '~/client/components/brand-logo';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = { meta: { title: 'Back office', noindex: true } };

/** The back office frame. Rendered in the browser only, never on the server. */
export function Component() {
  return (
    <div className="min-h-dvh bg-surface">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between px-4">
          <Link to={paths.admin} aria-label="Back office home">
            <BrandLogo />
          </Link>
          <span className="text-sm font-medium text-muted">Back office</span>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
