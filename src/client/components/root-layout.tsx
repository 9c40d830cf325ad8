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
