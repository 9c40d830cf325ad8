import { BarChart3 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import type { ValuationStats } from '~/shared/admin-valuations';
import { longDayLabel, valuationCount } from '../lib/day-label';

const WeeklyActivityChart = lazy(() => import('./weekly-activity-chart'));

/** SPEC section 2's "Weekly Activity Trend": requests per UK day over the last 7 days. */
export function WeeklyActivity({ stats }: { stats: ValuationStats | undefined }) {
  const days = stats?.weeklyActivity;
  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle className="flex items-center gap-2">
          <BarChart3 aria-hidden="true" className="size-5 text-brand-600" />
          Weekly Activity Trend
        </CardTitle>
        <CardDescription>
          Valuation requests per day, last 7 days{stats ? ` (${valuationCount(stats.thisWeek)})` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <div aria-hidden="true" className="h-56 sm:h-64">
          {days ? (
            <Suspense fallback={<ChartPlaceholder />}>
              <WeeklyActivityChart days={days} />
            </Suspense>
          ) : (
            <ChartPlaceholder />
          )}
        </div>
        {days ? (
          <table className="sr-only">
            <caption>Valuation requests per day, last 7 days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Requests</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{longDayLabel(day.date)}</th>
                  <td>{day.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ChartPlaceholder() {
  return <div className="h-full animate-pulse rounded-lg bg-slate-100" />;
}
