import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { browserSessionStorage, isChunkLoadFailure, reloadOnceForNewVersion } from '~/client/lib/new-version';
import { useSiteConfig } from '~/client/lib/site-config';

/**
 * What went wrong, as a visitor needs to know it (STYLE 24: a handler per
 * status). Messages and stacks of the error itself are never shown: they are
 * for the logs, and the server logs its own failures with the request id.
 */
export type RouteErrorKind = 'not-found' | 'forbidden' | 'outdated' | 'server';

export function routeErrorKind(error: unknown): RouteErrorKind {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return 'not-found';
    if (error.status === 401 || error.status === 403) return 'forbidden';
    return 'server';
  }
  if (isChunkLoadFailure(error)) return 'outdated';
  return 'server';
}

const messages: Record<RouteErrorKind, { code: string; title: string; text: string }> = {
  'not-found': {
    code: 'Error 404',
    title: 'Page Not Found',
    text: "Sorry, we couldn't find that page. It may have moved, or the address may have a typo.",
  },
  forbidden: {
    code: 'Error 403',
    title: 'You cannot see this page',
    text: 'This page needs you to be signed in with an account that is allowed to see it.',
  },
  outdated: {
    code: 'Website updated',
    title: 'Please reload the page',
    text: 'We have just updated our website, and this page needs its newest version. Reloading the page fixes it.',
  },
  server: {
    code: 'Error 500',
    title: 'Sorry, something went wrong',
    text: "We couldn't show this page because of a problem on our side. Please try again in a few minutes.",
  },
};

/**
 * The message for a failed route, with a way out. Links are plain <a>: after an
 * error a full page load is the surest way back. On a stale-deploy failure it
 * reloads once by itself.
 */
export function RouteErrorMessage({
  error,
  home = { href: '/', label: 'Back to the home page' },
}: {
  error: unknown;
  home?: { href: string; label: string };
}) {
  const kind = routeErrorKind(error);
  useEffect(() => {
    if (kind === 'outdated') reloadOnceForNewVersion(browserSessionStorage(), () => window.location.reload());
  }, [kind]);
  const message = messages[kind];
  const action =
    'inline-flex h-11 items-center rounded-lg bg-brand-900 px-5 font-semibold text-white hover:bg-brand-800';
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col items-start gap-6 px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">{message.code}</p>
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{message.title}</h1>
      <p className="max-w-xl text-lg text-muted">{message.text}</p>
      {kind === 'outdated' ? (
        <button type="button" className={action} onClick={() => window.location.reload()}>
          Reload the page
        </button>
      ) : (
        <a href={home.href} className={action}>
          {home.label}
        </a>
      )}
    </div>
  );
}

function ErrorScreen({ home }: { home?: { href: string; label: string } }) {
  const error = useRouteError();
  const site = useSiteConfig();
  return (
    <main id="main" className="min-h-dvh bg-surface">
      <a href="/" className="block bg-brand-900 px-4 py-4 text-lg font-extrabold text-white sm:px-8">
        {site.tradingName}
      </a>
      <RouteErrorMessage error={error} home={home} />
    </main>
  );
}

/**
 * The boundaries of the route table (src/client/routes.tsx), defined there and
 * not in the lazy modules: the root's must be there before any chunk loads, and
 * importing this module from a lazy chunk makes the bundler split the entry,
 * which costs every public page about a kilobyte. The public one catches what
 * a public page's loader throws or a page chunk that fails to load; the root
 * one what is left (the public layout's own chunk failing, say).
 */
export function RootErrorBoundary() {
  return <ErrorScreen />;
}

export const PublicErrorBoundary = RootErrorBoundary;

export function AdminErrorBoundary() {
  return <ErrorScreen home={{ href: '/admin', label: 'Back to the back office' }} />;
}
