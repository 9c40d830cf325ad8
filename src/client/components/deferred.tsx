import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a page whose code the browser fetches only when the part is shown
 * (a carousel with no reviews to show, an offer that has ended), so it costs the
 * page nothing until then.
 *
 * The server must still render it in full: `renderToString` cannot wait for a
 * lazy component. So the server passes the component, already imported:
 *
 *   const Offer = deferred(
 *     import.meta.env.SSR ? (await import('./offer')).Offer : undefined,
 *     () => import('./offer').then((m) => m.Offer),
 *     null,
 *   );
 *
 * Both sides render it inside the same <Suspense>, so hydration matches: the
 * browser keeps the server's HTML until the code arrives, then takes it over.
 */
export function deferred<P extends object>(
  onServer: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): ComponentType<P> {
  const Part = onServer ?? lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}
