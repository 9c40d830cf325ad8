import { Link } from 'react-router';
import { paths } from '~/shared/paths';

/** Its `handle` (title, 404 status) is in the route table, src/client/routes.tsx. */
export function Component() {
  return (
    <section>
      <h1 className="text-2xl font-bold text-brand-900">Page Not Found</h1>
      <p className="mt-3 text-muted">There is no back-office page at this address.</p>
      <Link to={paths.admin} className="mt-4 inline-block font-semibold text-brand-600 underline">
        Back to the back office
      </Link>
    </section>
  );
}
