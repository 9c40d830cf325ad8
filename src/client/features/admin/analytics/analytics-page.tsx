import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useDailyStats } from './api/get-daily-stats';
import { useLocations } from './api/get-locations';
import { usePages } from './api/get-pages';
import { CollectionNotice } from './components/collection-notice';
import { IntegrationInfo } from './components/integration-info';
import { PopularPages } from './components/popular-pages';
import { RangePicker } from './components/range-picker';
import { SummaryCards } from './components/summary-cards';
import { TopLocations } from './components/top-locations';
import { VisitorTrends } from './components/visitor-trends';
import { parseRangeDays, withRangeDays, type RangeDays } from './lib/range';

export const handle: RouteHandle = { meta: { title: 'Visitor analytics', noindex: true } };

const loadFailed = 'Could not load the visitor figures.';

/**
 * /admin/analytics (SPEC section 2, issue 15): visits to the public website, counted on our own
 * server without cookies. The range (7, 30 or 90 days) lives in the address; the figures ask
 * again every 15 seconds while the screen is open.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const days = parseRangeDays(search);
  const stats = useDailyStats(days);
  const locations = useLocations(days);
  const pages = usePages(days);
  const [refreshing, setRefreshing] = useState(false);

  const showRange = (next: RangeDays) =>
    setSearch((current) => withRangeDays(current, next), { preventScrollReset: true });

  const refresh = async () => {
    setRefreshing(true);
    try {
      const results = await Promise.all([stats.refetch(), locations.refetch(), pages.refetch()]);
      const failed = results.find((result) => result.isError);
      if (failed)
        toast({ title: 'Error', description: errorMessage(failed.error, loadFailed), variant: 'destructive' });
      else toast({ title: 'Refreshed' });
    } finally {
      setRefreshing(false);
    }
  };

  // A check every 15 seconds that fails keeps the last figures; say they may be out of date.
  const staleError = [stats, locations, pages].find((query) => query.isError && query.data !== undefined)?.error;

  return (
    <>
      <PageHeader
        title="Visitor analytics"
        description="Visits to the public website, counted on our own server without cookies. New visits show within half a minute."
        actions={
          <>
            <RangePicker value={days} onChange={showRange} />
            <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing}>
              <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
              Refresh
            </Button>
          </>
        }
      />
      <div className="grid gap-4 sm:gap-6">
        {stats.data?.collecting === false ? <CollectionNotice /> : null}
        {staleError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-950">
            Could not update the figures: {errorMessage(staleError, 'please try Refresh.')} Showing the last ones we
            had.
          </p>
        ) : null}
        <SummaryCards
          stats={stats.data}
          locations={locations.data}
          statsDimmed={stats.isPlaceholderData}
          locationsDimmed={locations.isPlaceholderData}
        />
        <VisitorTrends query={stats} />
        <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
          <TopLocations query={locations} />
          <PopularPages query={pages} />
        </div>
        <IntegrationInfo />
      </div>
    </>
  );
}
