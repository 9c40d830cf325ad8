import type { RouteHandle } from '~/client/lib/page-meta';

export const handle: RouteHandle = { meta: { title: 'Valuation details', noindex: true } };

// Placeholder while the screen is being built in this session; replaced before commit.
export function Component() {
  return <h1>Valuation details</h1>;
}
