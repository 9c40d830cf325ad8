import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { documentTitle, resolvePageMeta } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';

/**
 * Keeps the title and description right after client-side navigation. The
 * server writes the same values into the HTML for the first load.
 */
export function DocumentHead() {
  const matches = useMatches();
  const site = useSiteConfig();
  const meta = resolvePageMeta(matches, site);
  useEffect(() => {
    document.title = documentTitle(meta, site);
    const description = document.querySelector('meta[name="description"]');
    if (description && meta.description) description.setAttribute('content', meta.description);
  }, [meta, site]);
  return null;
}
