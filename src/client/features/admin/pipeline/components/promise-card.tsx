import { Timer } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { cn } from '~/client/lib/cn';
import { VALUATION_LIST_COUNT_CAP } from '~/shared/admin-valuations';
import { PROMISE_HOURS, PROMISE_KEPT_DAYS, type PromiseStats } from '~/shared/staff-pipeline';
import { errorMessage } from '../../lib/server-errors';
import { usePromiseStats } from '../api/pipeline';

const dayMonth = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekLabel = (week: PromiseStats['weeks'][number]) =>
  week.from === week.to ? dayMonth(week.from) : `${dayMonth(week.from)} – ${dayMonth(week.to)}`;
const percent = (kept: number, due: number) => (due === 0 ? null : Math.floor((kept / due) * 100));
const count = (n: number, capped = false) =>
  capped ? `${VALUATION_LIST_COUNT_CAP.toLocaleString('en-GB')}+` : n.toLocaleString('en-GB');

/**
 * The dashboard's "Reply within 24 hours" card (issue 37): the share of requests answered within
 * the promise over the last 30 days, week by week, and the requests waiting now (linked to the list
 * ordered by time left).
 */
export function PromiseCard() {
  const stats = usePromiseStats();
  const data = stats.data;
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="flex flex-col">
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Timer aria-hidden="true" className="size-5 text-brand-600" />
          Our {PROMISE_HOURS}-hour promise
        </CardTitle>
        <CardDescription>
          Requests answered within {PROMISE_HOURS} hours (an offer sent or a contact logged), last {PROMISE_KEPT_DAYS}{' '}
          days
        </CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 gap-4">
        {stats.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load the promise figures: {errorMessage(stats.error, 'please try Refresh.')}
          </p>
        ) : !data ? (
          <div className="h-40 animate-pulse rounded-lg bg-slate-100" />
        ) : (
          <>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <p>
                <span className="block text-4xl font-bold text-brand-950 tabular-nums">
                  {data.keptPercent === null ? '–' : `${data.keptPercent}%`}
                </span>
                <span className="text-sm text-muted">
                  {data.due === 0
                    ? 'Nothing due yet in these 30 days'
                    : `${count(data.kept)} of ${count(data.due)} answered in time`}
                </span>
              </p>
              <p className="flex flex-wrap gap-2 text-sm">
                <Link
                  to="/admin?sort=time_left"
                  className={cn(
                    'rounded-md border px-2.5 py-1 font-semibold underline-offset-2 hover:underline',
                    data.overdue > 0 ? 'border-red-300 bg-red-50 text-red-900' : 'border-line text-brand-900',
                  )}
                >
                  {count(data.overdue, data.overdueCapped)} overdue
                </Link>
                <Link
                  to="/admin?sort=time_left"
                  className="rounded-md border border-line px-2.5 py-1 font-semibold text-brand-900 underline-offset-2 hover:underline"
                >
                  {count(data.waiting)} waiting
                </Link>
              </p>
            </div>
            {data.due > 0 ? <WeekBars weeks={data.weeks} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** One bar per week: the share kept, its height; the figures under it in words. */
function WeekBars({ weeks }: { weeks: PromiseStats['weeks'] }) {
  return (
    <ol aria-label="Promise kept by week, oldest first" className="flex items-end gap-2 text-center text-xs">
      {weeks.map((week) => {
        const share = percent(week.kept, week.due);
        return (
          <li key={week.from} className="grid min-w-0 flex-1 justify-items-center gap-1">
            <span aria-hidden="true" className="flex h-24 w-full items-end rounded-md bg-slate-100">
              <span
                className={cn(
                  'block w-full rounded-md',
                  share === null ? 'h-0' : share >= 90 ? 'bg-go-600' : share >= 70 ? 'bg-amber-500' : 'bg-red-600',
                )}
                style={{ height: `${share ?? 0}%` }}
              />
            </span>
            <span className="font-semibold text-brand-950 tabular-nums">{share === null ? '–' : `${share}%`}</span>
            <span className="text-muted">{weekLabel(week)}</span>
            <span className="sr-only">{week.due === 0 ? 'nothing due' : `${week.kept} of ${week.due} in time`}</span>
          </li>
        );
      })}
    </ol>
  );
}
