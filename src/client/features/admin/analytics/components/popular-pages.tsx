import type { UseQueryResult } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { cn } from '~/client/lib/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { pageLabel, type PagesResponse } from '~/shared/analytics';
import { formatCount, noVisitsText } from '../lib/figures';
import { compactCell, figureHead, NoVisits, SectionCard } from './section-card';

/** SPEC section 2's "Popular Pages": the six most viewed public pages; `/` reads "Home Page". */
export function PopularPages({ query }: { query: UseQueryResult<PagesResponse> }) {
  const data = query.data;
  return (
    <SectionCard
      title="Popular Pages"
      icon={<FileText aria-hidden="true" className="size-5 text-brand-600" />}
      description={
        data ? `Most viewed public pages, last ${formatCount(data.range.days)} days` : 'Most viewed public pages'
      }
      query={query}
      loadingLabel="Loading pages..."
      errorTitle="Failed to load pages"
    >
      {({ pages, range }) =>
        pages.length === 0 ? (
          <NoVisits text={noVisitsText(range.days)} />
        ) : (
          <div className="grid gap-3">
            <div className="overflow-hidden rounded-lg border border-line">
              <Table>
                <caption className="sr-only">Popular pages</caption>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead className={cn(compactCell, 'h-9')}>Page</TableHead>
                    <TableHead className={figureHead}>Views</TableHead>
                    <TableHead className={figureHead}>Unique visitors</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {pages.map((page) => (
                    <TableRow key={page.page}>
                      <TableCell className={cn(compactCell, 'py-2.5 font-medium wrap-anywhere text-brand-950')}>
                        {pageLabel(page.page)}
                      </TableCell>
                      <TableCell className={cn(compactCell, 'py-2.5 text-right tabular-nums')}>
                        {formatCount(page.views)}
                      </TableCell>
                      <TableCell className={cn(compactCell, 'py-2.5 text-right tabular-nums')}>
                        {formatCount(page.uniqueVisitors)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <p className="text-xs text-muted">
              Unique visitors are counted once a day on each page, then added up over the days.
            </p>
          </div>
        )
      }
    </SectionCard>
  );
}
