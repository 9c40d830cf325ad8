import { Outlet, useNavigation } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * While the next page's data loads in the browser (reviews, recently purchased vehicles): a bar
 * along the top, and the same said to screen readers. Server-rendered loads never show it.
 */
function PageLoading() {
  const loading = useNavigation().state === 'loading';
  return (
    <>
      {loading && (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
          <div className="h-full w-1/3 animate-[page-loading_1.2s_ease-in-out_infinite] bg-brand-600 motion-reduce:w-full motion-reduce:animate-pulse" />
        </div>
      )}
      <p role="status" className="sr-only">
        {loading ? 'Loading the page…' : ''}
      </p>
    </>
  );
}

/** Header, main content and footer shared by every public page. */
export function Component() {
  return (
    <div className="flex min-h-dvh flex-col">
      <PageLoading />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-plate px-4 py-2 font-semibold text-brand-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
