import { useSiteConfig } from '~/client/lib/site-config';
import { DEMO_NOTICE } from '~/shared/demo';

/**
 * In demo mode only: a thin bar at the very top of every page, public and back office. It sits in
 * the page's flow (above the sticky headers), so it never covers content or controls, and it is in
 * the server's HTML, so nothing moves when the script runs.
 */
export function DemoRibbon() {
  const { demo } = useSiteConfig();
  if (!demo) return null;
  return (
    // A landmark of its own, so screen-reader users can find it and nothing sits outside one.
    <aside aria-label="Demo" data-demo-ribbon="" className="bg-brand-950 px-3 py-1 text-center text-white">
      <p className="text-xs font-semibold sm:text-sm">
        <span className="mr-2 rounded bg-plate px-1.5 py-px text-brand-950 uppercase">Demo</span>
        <span className="sr-only">: </span>
        {DEMO_NOTICE.replace(/^Demo: /, '')}
      </p>
    </aside>
  );
}
