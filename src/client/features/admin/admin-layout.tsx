import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '~/client/components/brand-logo';
import { createQueryClient } from '~/client/lib/query-client';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = { meta: { title: 'Back office', noindex: true } };

/** The back office frame. Rendered in the browser only, never on the server. */
export function Component() {
  // Back-office data goes through TanStack Query; public pages use route loaders instead.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
