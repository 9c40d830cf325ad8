import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/client/components/ui/toast';
import type { RouteHandle } from '~/client/lib/page-meta';
import { adminValuationMessages } from '~/shared/admin-valuations';
import { useAdminUser } from '../../auth';
import { DashboardExports } from '../../exports';
import { PromiseCard } from '../../pipeline';
import { PageHeader } from '../../layout/page-header';
import { errorMessage } from '../../lib/server-errors';
import { useValuationStats } from '../api/get-valuation-stats';
import { isValuationQuery, refreshValuations } from '../api/refresh-valuations';
import { ValuationListCard } from '../components/valuation-list-card';
import { DashboardActions } from './components/dashboard-actions';
import { PopularBrands } from './components/popular-brands';
import { RequestsList } from './components/requests-list';
import { StageCounts } from './components/stage-counts';
import { StatCards } from './components/stat-cards';
import { WeeklyActivity } from './components/weekly-activity';

export const handle: RouteHandle = { meta: { title: 'Dashboard', noindex: true } };

/**
 * /admin (SPEC section 2): the counts, the week's trend, the popular makes, and the valuation
 * requests to work through, searchable and filtered by status.
 */
export function Component() {
  const user = useAdminUser();
  const stats = useValuationStats();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshValuations(queryClient);
      const failed = queryClient
        .getQueryCache()
        .findAll({ type: 'active', predicate: (query) => isValuationQuery(query.queryKey) })
        .find((query) => query.state.status === 'error');
      if (failed) throw failed.state.error;
      toast({ title: 'Refreshed' });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, adminValuationMessages.loadFailed),
        variant: 'destructive',
      });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <>
      <PageHeader
        title={`Welcome, ${user.firstName || user.username}`}
        description="Admin Dashboard: new valuation requests, this week's activity and the makes people ask about."
        // Seven buttons: below the welcome rather than squeezing it.
        className="lg:flex-col lg:items-stretch"
        actions={<DashboardActions onRefresh={() => void refresh()} refreshing={refreshing} />}
      />
      <div className="grid gap-4 sm:gap-6">
        <StatCards stats={stats.data} />
        {stats.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-950">
            Could not load the figures: {errorMessage(stats.error, 'please try Refresh.')}
          </p>
        ) : null}
        <div className="grid gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <WeeklyActivity stats={stats.data} />
          <PopularBrands stats={stats.data} />
        </div>
        <PromiseCard />
        <StageCounts stats={stats.data} />
        <DashboardExports />
        <ValuationListCard
          kind="active"
          title="Car Valuation Requests"
          icon={<ClipboardList aria-hidden="true" className="size-5 text-brand-600" />}
          emptyText={adminValuationMessages.empty}
          errorText={adminValuationMessages.loadFailed}
        >
          {(items, page) => <RequestsList items={items} serverNow={page.now} />}
        </ValuationListCard>
      </div>
    </>
  );
}
