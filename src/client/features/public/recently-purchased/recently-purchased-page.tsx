import { CarFront, ChevronLeft, ChevronRight, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router';
import { CallToActionBand } from '~/client/components/call-to-action-band';
import { EmptyState } from '~/client/components/empty-state';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import { NotFoundContent } from '~/client/features/public/not-found';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';
import { VEHICLES_LOAD_FAILED } from '~/shared/purchased-vehicle-basics';
import type { PublicVehiclePage } from './purchased-vehicle';
import { VehicleGrid } from './vehicle-card';

export const handle: RouteHandle = {
  meta: {
    title: 'Recently Purchased',
    description: 'Cars we have recently bought from private sellers across England, Scotland and Wales.',
  },
};

/** The intro, the vehicles' band and the call to action, around whatever the band holds. */
function RecentlyPurchasedFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <PageIntro title="Recently Purchased">
        <p>Cars we have recently bought from private sellers across England, Scotland and Wales.</p>
      </PageIntro>

      <section aria-labelledby="vehicles-title" className="bg-brand-50 py-14 sm:py-20">
        <Container>
          <h2 id="vehicles-title" className="sr-only">
            Vehicles we have bought
          </h2>
          {children}
        </Container>
      </section>

      <CallToActionBand
        id="purchased-cta-title"
        title="Want us to buy your car next?"
        actions={
          <Button asChild size="lg">
            <Link to={paths.valuation}>Get My Valuation</Link>
          </Button>
        }
      >
        <p>Get a free valuation within 24 hours. No auctions, no fees, and payment before the car leaves.</p>
      </CallToActionBand>
    </>
  );
}

const pageHref = (page: number) => (page === 1 ? paths.recentlyPurchased : `${paths.recentlyPurchased}?page=${page}`);

/** Older and newer pages, as plain links: they work before the JavaScript has loaded, and for search engines. */
function PageLinks({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const link = 'inline-flex items-center gap-1 rounded-md px-3 py-2 font-semibold text-brand-800 hover:bg-white';
  return (
    <nav aria-label="Pages of vehicles" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 && (
        <Link to={pageHref(page - 1)} className={link}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Newer
        </Link>
      )}
      <span className="text-sm text-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount && (
        <Link to={pageHref(page + 1)} className={link}>
          Older <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      )}
    </nav>
  );
}

/**
 * /recently-purchased (SPEC section 2): the cars staff have published, newest purchase first,
 * loaded on the server with the page (docs/decisions/002-page-data.md), a page of 24 at a time;
 * SPEC's empty state when there are none yet.
 */
export function Component() {
  const { items, total, page, pageCount } = useLoaderData() as PublicVehiclePage;
  return (
    <RecentlyPurchasedFrame>
      {total === 0 ? (
        <EmptyState icon={CarFront} title="No vehicles to display yet">
          <p>Check back soon to see our latest purchases!</p>
        </EmptyState>
      ) : (
        <>
          <VehicleGrid vehicles={items} priorityFirst />
          <PageLinks page={page} pageCount={pageCount} />
        </>
      )}
    </RecentlyPurchasedFrame>
  );
}

/**
 * When the vehicles could not be loaded (moving here in the browser while offline, or the server
 * failing): SPEC's message in the page's frame. A page past the last (404) shows the site's usual
 * "Page Not Found". (Not PublicErrorBoundary from components/route-error: a lazy page importing it
 * makes Rollup split React out of the entry chunk, which costs every page about 0.7 KB.)
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <RecentlyPurchasedFrame>
      <div
        role="alert"
        className="mx-auto flex max-w-2xl items-center gap-3 rounded-[var(--radius-card)] border border-red-200 bg-white px-6 py-5 text-red-800"
      >
        <TriangleAlert aria-hidden="true" className="size-6 shrink-0" />
        <p className="font-semibold">{VEHICLES_LOAD_FAILED}</p>
      </div>
    </RecentlyPurchasedFrame>
  );
}
