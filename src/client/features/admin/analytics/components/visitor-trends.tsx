import type { UseQueryResult } from '@tanstack/react-query';
import { TrendingUp } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { cn } from '~/client/lib/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import type { DailyStatsResponse } from '~/shared/analytics';
import { dayLabel, longDayLabel, rangeLabel } from '../lib/day-label';
import { formatCount, noVisitsText, visitorCount } from '../lib/figures';
import { busiestDay, hasVisits, trendRows } from '../lib/trend';
import { compactCell, figureHead, NoVisits, SectionCard } from './section-card';

const VisitorTrendsChart = lazy(() => import('./visitor-trends-chart'));

// The legend's colours (visitor-trends-chart.tsx's trendColours; not imported, so recharts stays lazy).
const legend = [
  { label: 'Visitors', swatch: 'bg-brand-700' },
  { label: 'Page views', swatch: 'bg-go-600' },
] as const;

/**
 * SPEC section 2's "Daily Visitor Trends": a chart of the whole range, and beside it (below on a
 * phone) the newest 10 days as a table.
 */
export function VisitorTrends({ query }: { query: UseQueryResult<DailyStatsResponse> }) {
  const range = query.data?.range;
  return (
    <SectionCard
      title="Daily Visitor Trends"
      icon={<TrendingUp aria-hidden="true" className="size-5 text-brand-600" />}
      description={
        range
          ? `Visitors and page views per day, ${rangeLabel(range)} (UK days, today included)`
          : 'Visitors and page views per day'
      }
      query={query}
      loadingLabel="Loading visitor trends..."
      errorTitle="Failed to load visitor trends"
    >
      {(stats) =>
        hasVisits(stats.totals) ? (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
            <TrendChart stats={stats} />
            <TrendTable stats={stats} />
          </div>
        ) : (
          <NoVisits
            text={noVisitsText(stats.range.days)}
            hint={
              stats.collecting
                ? 'New visits to the public website show here within half a minute.'
                : 'Visit counting is turned off, so none will appear.'
            }
          />
        )
      }
    </SectionCard>
  );
}

function TrendChart({ stats }: { stats: DailyStatsResponse }) {
  const busiest = busiestDay(stats.days);
  const summary =
    `Chart of visitors and page views per day, ${rangeLabel(stats.range)}: ` +
    `${visitorCount(stats.totals.visitors)} and ${formatCount(stats.totals.pageViews)} page views in all` +
    (busiest ? `; the busiest day was ${longDayLabel(busiest.date)} with ${visitorCount(busiest.visitors)}.` : '.');
  return (
    <div role="img" aria-label={summary} className="flex min-w-0 flex-col gap-3">
      <ul aria-hidden="true" className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
        {legend.map(({ label, swatch }) => (
          <li key={label} className="flex items-center gap-2">
            <span className={`h-1 w-5 rounded-full ${swatch}`} />
            {label}
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="h-60 sm:h-72 lg:h-[25rem]">
        <Suspense fallback={<ChartPlaceholder />}>
          <VisitorTrendsChart days={stats.days} />
        </Suspense>
      </div>
    </div>
  );
}

function ChartPlaceholder() {
  return <div className="h-full animate-pulse rounded-lg bg-slate-100" />;
}

function TrendTable({ stats }: { stats: DailyStatsResponse }) {
  const headingId = useId();
  const rows = trendRows(stats.days);
  return (
    <div className="min-w-0">
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-brand-950">
        Latest {rows.length} days, newest first
      </h3>
      <div className="overflow-hidden rounded-lg border border-line">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className={cn(compactCell, 'h-9')}>Date</TableHead>
              <TableHead className={figureHead}>Visitors</TableHead>
              <TableHead className={figureHead}>Page views</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((day) => (
              <TableRow key={day.date}>
                <TableCell className={cn(compactCell, 'py-2 whitespace-nowrap')}>
                  <span className="font-medium text-brand-950">{dayLabel(day.date)}</span>
                  {day.date === stats.range.to ? <span className="text-xs text-muted"> (today)</span> : null}
                </TableCell>
                <TableCell className={cn(compactCell, 'py-2 text-right tabular-nums')}>
                  {formatCount(day.visitors)}
                </TableCell>
                <TableCell className={cn(compactCell, 'py-2 text-right tabular-nums')}>
                  {formatCount(day.pageViews)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
