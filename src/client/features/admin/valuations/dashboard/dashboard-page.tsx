import type { RouteHandle } from '~/client/lib/page-meta';

export const handle: RouteHandle = { meta: { title: 'Dashboard', noindex: true } };

// Placeholder while the screen is being built in this session; replaced before commit.
export function Component() {
  return <h1>Dashboard</h1>;
}
