import { Link, useMatches } from 'react-router';
import { resolvePageMeta } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';

/** A back-office screen that is in the route table but not built yet. */
export function Component() {
  const { title } = resolvePageMeta(useMatches(), useSiteConfig());
  return (
    <section className="max-w-xl rounded-[var(--radius-card)] border border-line bg-white p-8 shadow-[var(--shadow-card)]">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <p className="mt-3 text-muted">This part of the back office is not available in this version yet.</p>
      <Link to={paths.admin} className="mt-4 inline-block font-semibold text-brand-600 underline">
        Back to the back office
      </Link>
    </section>
  );
}
