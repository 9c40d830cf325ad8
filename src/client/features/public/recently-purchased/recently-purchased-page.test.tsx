import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, type HydrationState } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicVehiclePage } from './purchased-vehicle';
import { Component, ErrorBoundary } from './recently-purchased-page';

/**
 * /recently-purchased as the server renders it, with the route's data or error already settled
 * (what its page-data loader answered): no vehicles, a failure, or a page past the last.
 */
function renderPage(state: Pick<HydrationState, 'loaderData' | 'errors'>) {
  const router = createMemoryRouter(
    [{ id: 'rp', path: '/recently-purchased', Component, ErrorBoundary, loader: () => null }],
    { initialEntries: ['/recently-purchased'], hydrationData: state },
  );
  return renderToString(<RouterProvider router={router} />).replace(/<!-- -->/g, '');
}

const empty: PublicVehiclePage = { items: [], page: 1, pageSize: 24, total: 0, pageCount: 0 };

describe('/recently-purchased', () => {
  it("shows SPEC's empty state and the call to action when there are no vehicles", () => {
    const html = renderPage({ loaderData: { rp: empty } });
    expect(html).toContain('No vehicles to display yet');
    expect(html).toContain('Check back soon to see our latest purchases!');
    expect(html).toMatch(/href="\/valuation"[^>]*>Get My Valuation/);
  });

  it("says SPEC's words when the vehicles could not be loaded, in the page's frame", () => {
    const html = renderPage({ errors: { rp: new TypeError('Failed to fetch') } });
    expect(html).toMatch(/role="alert"[^>]*>.*Failed to load vehicles\. Please try again later\./s);
    expect(html).toContain('Recently Purchased');
    expect(html).toMatch(/href="\/valuation"[^>]*>Get My Valuation/);
    expect(html).not.toContain('No vehicles to display yet');
  });

  it('shows "Page Not Found" for a page past the last', () => {
    const html = renderPage({
      errors: {
        rp: { status: 404, statusText: 'Not Found', internal: false, data: null, __type: 'RouteErrorResponse' },
      },
    });
    expect(html).toContain('Page Not Found');
    expect(html).not.toContain('Failed to load vehicles');
  });
});
