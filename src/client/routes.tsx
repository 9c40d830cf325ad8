import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingScreen, RootLayout } from '~/client/components/root-layout';
import { AdminErrorBoundary, PublicErrorBoundary, RootErrorBoundary } from '~/client/components/route-error';
import type { RouteHandle } from '~/client/lib/page-meta';
import { pageFormStateLoader, serverDataLoader } from '~/client/lib/page-data';
import { legacyRedirects } from '~/shared/paths';

/**
 * The route table for the whole product (SPEC section 2).
 *
 * Public pages are rendered on the server only: in the browser they are documents whose islands
 * come to life (src/client/lib/island.tsx), with no router. The back office is an app the browser
 * renders (`appRoutes`). Every page is its own lazily loaded module; a lazy route's `id` is its
 * module's path under src/client. Admin pages sit behind their own lazy layout and never load on a
 * public page.
 *
 * Every path is matched case-sensitively (React Router's default is not), the
 * same as the server's isAdminPath: `/Admin/users` is an unknown public address,
 * never a back-office page. A route whose data comes from the server gets
 * `loader: serverDataLoader(id)` (see docs/decisions/002-page-data.md).
 *
 * Error boundaries (STYLE 24) on the root, the public layout and the back
 * office, from src/client/components/route-error.tsx.
 */
const publicPages: RouteObject = {
  id: 'components/public-layout',
  lazy: () => import('~/client/components/public-layout'),
  ErrorBoundary: PublicErrorBoundary,
  children: [
    {
      index: true,
      id: 'features/public/home/home-page',
      loader: serverDataLoader('features/public/home/home-page'),
      lazy: () => import('~/client/features/public/home/home-page'),
    },
    {
      path: 'about',
      id: 'features/public/about/about-page',
      lazy: () => import('~/client/features/public/about/about-page'),
    },
    {
      path: 'how-we-value',
      id: 'features/public/how-we-value/how-we-value-page',
      // The deductions table staff keep (issue 37) comes from the server.
      loader: serverDataLoader('features/public/how-we-value/how-we-value-page'),
      lazy: () => import('~/client/features/public/how-we-value/how-we-value-page'),
    },
    {
      path: 'contact',
      id: 'features/public/contact/contact-page',
      // Its complaint form posts to it without JavaScript (src/server/render/page-forms.ts).
      loader: pageFormStateLoader('features/public/contact/contact-page'),
      lazy: () => import('~/client/features/public/contact/contact-page'),
    },
    {
      path: 'contact/complaint-sent',
      id: 'features/public/contact/complaint-sent-page',
      lazy: () => import('~/client/features/public/contact/complaint-sent-page'),
    },
    {
      path: 'valuation',
      id: 'features/public/valuation/valuation-page',
      lazy: () => import('~/client/features/public/valuation/valuation-page'),
    },
    {
      path: 'your-valuation/lost-link',
      id: 'features/public/your-valuation/lost-link-page',
      // Its form posts to it, with or without JavaScript (src/server/render/page-forms.ts).
      lazy: () => import('~/client/features/public/your-valuation/lost-link-page'),
    },
    {
      path: 'your-valuation',
      id: 'features/public/your-valuation/your-valuation-page',
      loader: serverDataLoader('features/public/your-valuation/your-valuation-page'),
      lazy: () => import('~/client/features/public/your-valuation/your-valuation-page'),
    },
    {
      path: 'recently-purchased',
      id: 'features/public/recently-purchased/recently-purchased-page',
      loader: serverDataLoader('features/public/recently-purchased/recently-purchased-page'),
      lazy: () => import('~/client/features/public/recently-purchased/recently-purchased-page'),
    },
    {
      path: 'reviews',
      id: 'features/public/reviews/reviews-page',
      loader: serverDataLoader('features/public/reviews/reviews-page'),
      lazy: () => import('~/client/features/public/reviews/reviews-page'),
    },
    {
      path: 'reviews/write',
      id: 'features/public/reviews/write-review-page',
      // The review form for browsers without JavaScript posts to it (src/server/render/page-forms.ts).
      loader: pageFormStateLoader('features/public/reviews/write-review-page'),
      lazy: () => import('~/client/features/public/reviews/write-review-page'),
    },
    {
      path: 'privacy-policy',
      id: 'features/public/legal/privacy-policy-page',
      lazy: () => import('~/client/features/public/legal/privacy-policy-page'),
    },
    {
      path: 'terms-of-service',
      id: 'features/public/legal/terms-of-service-page',
      lazy: () => import('~/client/features/public/legal/terms-of-service-page'),
    },
    {
      path: 'cookie-policy',
      id: 'features/public/legal/cookie-policy-page',
      lazy: () => import('~/client/features/public/legal/cookie-policy-page'),
    },
    {
      path: 'launch-offer-terms',
      id: 'features/public/legal/launch-offer-terms-page',
      lazy: () => import('~/client/features/public/legal/launch-offer-terms-page'),
    },
    {
      path: 'social-media-ads',
      id: 'features/public/social-media-ads/social-media-ads-page',
      lazy: () => import('~/client/features/public/social-media-ads/social-media-ads-page'),
    },
    ...Object.entries(legacyRedirects).map(([from, to]) => ({
      path: from.slice(1),
      loader: () => redirect(to, 301),
      element: null,
    })),
    {
      path: '*',
      id: 'features/public/not-found/not-found-page',
      lazy: () => import('~/client/features/public/not-found/not-found-page'),
    },
  ],
};

const backOffice: RouteObject = {
  // The back office: data client and toasts for every /admin page…
  path: 'admin',
  id: 'features/admin/admin-root',
  lazy: () => import('~/client/features/admin/admin-root'),
  ErrorBoundary: AdminErrorBoundary,
  children: [
    {
      path: 'login',
      id: 'features/admin/auth/login-page',
      lazy: () => import('~/client/features/admin/auth/login-page'),
    },
    {
      // …and everything else behind the sign-in guard, in the back-office frame.
      id: 'features/admin/admin-layout',
      lazy: () => import('~/client/features/admin/admin-layout'),
      children: [
        {
          index: true,
          id: 'features/admin/valuations/dashboard/dashboard-page',
          lazy: () => import('~/client/features/admin/valuations/dashboard/dashboard-page'),
        },
        {
          path: 'board',
          id: 'features/admin/board/board-page',
          lazy: () => import('~/client/features/admin/board/board-page'),
        },
        {
          path: 'valuations/:id',
          id: 'features/admin/valuations/detail/valuation-detail-page',
          lazy: () => import('~/client/features/admin/valuations/detail/valuation-detail-page'),
        },
        {
          path: 'valuations/:id/handover',
          id: 'features/admin/handover/handover-page',
          lazy: () => import('~/client/features/admin/handover/handover-page'),
        },
        {
          path: 'vouchers',
          id: 'features/admin/vouchers/vouchers-page',
          lazy: () => import('~/client/features/admin/vouchers/vouchers-page'),
        },
        {
          path: 'deductions',
          id: 'features/admin/deductions/deductions-page',
          lazy: () => import('~/client/features/admin/deductions/deductions-page'),
        },
        {
          path: 'reviews',
          id: 'features/admin/reviews/reviews-page',
          lazy: () => import('~/client/features/admin/reviews/reviews-page'),
        },
        {
          path: 'complaints',
          id: 'features/admin/complaints/complaints-page',
          lazy: () => import('~/client/features/admin/complaints/complaints-page'),
        },
        {
          path: 'data-requests',
          id: 'features/admin/data-requests/data-requests-page',
          lazy: () => import('~/client/features/admin/data-requests/data-requests-page'),
        },
        {
          path: 'purchased-vehicles',
          id: 'features/admin/purchased-vehicles/purchased-vehicles-page',
          lazy: () => import('~/client/features/admin/purchased-vehicles/purchased-vehicles-page'),
        },
        {
          path: 'collections',
          id: 'features/admin/collections/collections-page',
          lazy: () => import('~/client/features/admin/collections/collections-page'),
        },
        {
          path: 'archived',
          id: 'features/admin/valuations/archived/archived-page',
          lazy: () => import('~/client/features/admin/valuations/archived/archived-page'),
        },
        {
          path: 'users',
          id: 'features/admin/users/users-page',
          lazy: () => import('~/client/features/admin/users/users-page'),
        },
        {
          path: 'messages',
          id: 'features/admin/messages/messages-page',
          lazy: () => import('~/client/features/admin/messages/messages-page'),
        },
        {
          path: 'analytics',
          id: 'features/admin/analytics/analytics-page',
          lazy: () => import('~/client/features/admin/analytics/analytics-page'),
        },
        {
          path: 'calls',
          id: 'features/admin/calls/calls-page',
          lazy: () => import('~/client/features/admin/calls/calls-page'),
        },
        {
          path: 'voice-messages',
          id: 'features/admin/voice-messages/voice-messages-page',
          lazy: () => import('~/client/features/admin/voice-messages/voice-messages-page'),
        },
        // SPEC's archived list links to /admin/valuation/{id}; send it to the real address.
        {
          path: 'valuation/:id',
          loader: ({ params }) => redirect(`/admin/valuations/${params.id}`),
          element: null,
        },
        {
          // Static, not in the lazy module: the server reads the status from
          // the route table without loading back-office code.
          path: '*',
          id: 'features/admin/not-found/admin-not-found-page',
          handle: { meta: { title: 'Page Not Found', noindex: true }, status: 404 } satisfies RouteHandle,
          lazy: () => import('~/client/features/admin/not-found/admin-not-found-page'),
        },
      ],
    },
  ],
};

const root = {
  id: 'root',
  Component: RootLayout,
  ErrorBoundary: RootErrorBoundary,
  // Shown while the back office's first screen loads its data.
  HydrateFallback: LoadingScreen,
} satisfies RouteObject;

/** Every page: what the server renders (public documents, and the back office's shell). */
export const routes: RouteObject[] = caseSensitive([{ ...root, children: [publicPages, backOffice] }]);

/**
 * The back office's app in the browser (entry-admin.tsx): its screens, and any other address
 * (a public page) loaded by the browser as a document, as a link to it would be.
 */
export const appRoutes: RouteObject[] = caseSensitive([
  { ...root, children: [backOffice, { path: '*', loader: loadAsDocument, element: null }] },
]);

function loadAsDocument({ request }: LoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {}); // the page is going: nothing to render meanwhile
}

function caseSensitive(table: RouteObject[]): RouteObject[] {
  return table.map((route) =>
    route.index
      ? route
      : ({ ...route, caseSensitive: true, children: route.children && caseSensitive(route.children) } as RouteObject),
  );
}
