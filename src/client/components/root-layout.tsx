import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentHead } from './document-head';

export function RootLayout() {
  return (
    <>
      <DocumentHead />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** What the browser shows while the first page of a browser-rendered screen loads. */
export function LoadingScreen() {
  return (
    <p role="status" className="p-8 text-center text-muted">
      Loading...
    </p>
  );
}
