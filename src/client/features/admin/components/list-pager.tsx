import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';

/**
 * The pager under a back-office list: Previous and Next as real links (they open in a new tab,
 * and Back returns), with "Page 2 of 5" and how many there are. At either end the link becomes a
 * disabled button. `count` is what follows the page ("1,234 messages", "1,000+ valuations").
 */
export function ListPager({
  label,
  page,
  pageCount,
  morePages = false,
  count,
  hrefFor,
}: {
  label: string;
  page: number;
  pageCount: number;
  /** The list was counted only so far: there may be pages past `pageCount` ("Page 1 of 500+"). */
  morePages?: boolean;
  count: ReactNode;
  /** The address (search part) of another page. */
  hrefFor: (page: number) => string;
}) {
  const pages = Math.max(pageCount, 1);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 sm:px-5"
    >
      <p className="text-sm text-muted">
        <span className="font-semibold text-brand-950">
          Page {page.toLocaleString('en-GB')} of {pages.toLocaleString('en-GB')}
          {morePages ? '+' : ''}
        </span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        {count}
      </p>
      <div className="flex gap-2">
        <PagerLink to={page > 1 ? hrefFor(Math.min(page - 1, pages)) : null} rel="prev">
          <ChevronLeft aria-hidden="true" />
          Previous
        </PagerLink>
        <PagerLink to={page < pages ? hrefFor(page + 1) : null} rel="next">
          Next
          <ChevronRight aria-hidden="true" />
        </PagerLink>
      </div>
    </nav>
  );
}

function PagerLink({ to, rel, children }: { to: string | null; rel: string; children: ReactNode }) {
  if (to === null)
    return (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} rel={rel} preventScrollReset>
        {children}
      </Link>
    </Button>
  );
}
