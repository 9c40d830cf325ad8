import { Workflow } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { cn } from '~/client/lib/cn';
import { OFFER_EXPIRED_FILTER, type ValuationStats } from '~/shared/admin-valuations';
import {
  noListSearch,
  parseListSearch,
  statusFilterLabel,
  statusFiltersInOrder,
  withListSearch,
  type ListStatusFilter,
} from '../../lib/list-search';
import { formatTotal } from '../../components/valuations-pager';

/** Where a request still needs work (or an answer) the figure stands out; closed stages are quiet. */
const needsAttention = new Set<ListStatusFilter>(['new', OFFER_EXPIRED_FILTER]);
const closed = new Set<ListStatusFilter>(['completed', 'lost']);

/**
 * The dashboard's requests at each stage of the lifecycle (DESIGN section 9), in its order, with
 * "Offer expired" beside Offer made: each one a link that shows the list below filtered to it (a
 * search is cleared, so the list shows the same number). The figures are the list's own counts,
 * so past 1,000 they read "1,000+" as the list's pager does.
 */
export function StageCounts({ stats }: { stats: ValuationStats | undefined }) {
  const [search] = useSearchParams();
  const selected = parseListSearch(search).status;
  const hrefFor = (filter: ListStatusFilter) =>
    `?${withListSearch(search, { ...noListSearch, status: filter }).toString()}`;

  return (
    <Card>
      <CardHeader className="pb-2 sm:pb-3">
        <CardTitle className="flex items-center gap-2">
          <Workflow aria-hidden="true" className="size-5 text-brand-600" />
          Requests by Stage
        </CardTitle>
        <CardDescription>Not archived. Choose a stage to see its requests below.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Requests by stage" className="grid grid-cols-3 gap-2 sm:grid-cols-5 xl:grid-cols-9">
          {statusFiltersInOrder.map((filter) => {
            const figure = stats?.byStage.find((entry) => entry.filter === filter);
            const current = filter === selected;
            return (
              <li key={filter}>
                <Link
                  to={hrefFor(filter)}
                  preventScrollReset
                  aria-current={current ? 'true' : undefined}
                  className={cn(
                    'flex h-full min-h-16 flex-col justify-between gap-1 rounded-lg border border-line px-3 py-2',
                    'transition-colors hover:border-brand-300 hover:bg-brand-50',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    closed.has(filter) && 'bg-slate-50',
                    current && 'border-brand-600 bg-brand-50 ring-1 ring-brand-600',
                  )}
                >
                  <span className="text-xs leading-tight font-semibold text-muted">{statusFilterLabel(filter)}</span>
                  <span
                    className={cn(
                      'text-xl font-extrabold tabular-nums',
                      !figure
                        ? 'text-slate-300'
                        : needsAttention.has(filter) && figure.count > 0
                          ? filter === OFFER_EXPIRED_FILTER
                            ? 'text-amber-700'
                            : 'text-brand-700'
                          : closed.has(filter) || figure.count === 0
                            ? 'text-slate-500'
                            : 'text-brand-950',
                    )}
                  >
                    {figure ? (
                      formatTotal(figure.count, figure.capped)
                    ) : (
                      <>
                        —<span className="sr-only">loading</span>
                      </>
                    )}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
