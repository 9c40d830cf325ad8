import { Outlet, ScrollRestoration } from 'react-router';
import { DemoRibbon } from './demo-ribbon';
import { DocumentHead } from './document-head';

export function RootLayout() {
  return (
    <>
      <DocumentHead />
      <DemoRibbon />
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
