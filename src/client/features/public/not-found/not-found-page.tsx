import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = {
  meta: { title: 'Page Not Found', description: 'The page you asked for does not exist.', noindex: true },
  status: 404,
};

export function Component() {
  return (
    <Container className="flex flex-col items-start gap-6 py-20 sm:py-28">
      <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">Error 404</p>
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">Page Not Found</h1>
      <p className="max-w-xl text-lg text-muted">
        Sorry, we couldn&apos;t find that page. It may have moved, or the address may have a typo.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="brand">
          <Link to={paths.home}>Back to the home page</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.valuation}>Get a free valuation</Link>
        </Button>
      </div>
    </Container>
  );
}
