import type { RouteHandle } from '~/client/lib/page-meta';

export const handle: RouteHandle = { meta: { title: 'Back office', noindex: true } };

export function Component() {
  return (
    <section className="max-w-xl rounded-[var(--radius-card)] border border-line bg-white p-8 shadow-[var(--shadow-card)]">
      <h1 className="text-2xl font-bold text-brand-900">Back office</h1>
      <p className="mt-3 text-muted">
        Staff sign-in is not available in this version yet, so there is nothing to manage here. It arrives with admin
        accounts.
      </p>
    </section>
  );
}
