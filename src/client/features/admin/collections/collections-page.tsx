import { CalendarDays, ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import { COLLECTION_WINDOW_DAYS } from '~/shared/collection-schemas';
import { ListError, ListLoading } from '../components/list-states';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useCollections } from './api/collections';
import { DayCard } from './components/day-card';
import { UsualCapacityForm } from './components/usual-capacity-form';
import { addDays, readFrom, shortDate } from './lib/collection-words';

export const handle: RouteHandle = { meta: { title: 'Collections', noindex: true } };

/**
 * /admin/collections (issue 36): the usual capacity of a working day, then a fortnight of days
 * (`?from=YYYY-MM-DD`, today's by default), each with its slots and the cars booked, the change of
 * a day's capacity, and the driver's day sheet.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const from = readFrom(search.get('from'));
  const collections = useCollections(from);
  const data = collections.data;

  const goTo = (date: string | undefined) => setSearch(date ? { from: date } : {}, { preventScrollReset: true });

  const refresh = async () => {
    const result = await collections.refetch();
    if (result.isSuccess) toast({ title: 'Refreshed' });
    else
      toast({
        title: 'Error',
        description: errorMessage(result.error, 'Failed to load collections'),
        variant: 'destructive',
      });
  };

  return (
    <>
      <PageHeader
        title="Collections"
        description="How many cars we collect each day, the cars booked in each slot, and the driver’s day sheet."
        actions={
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={collections.isFetching}>
            <RefreshCw aria-hidden="true" className={cn(collections.isFetching && 'animate-spin')} />
            Refresh
          </Button>
        }
      />

      {data ? <UsualCapacityForm key={`${data.usual.morning}-${data.usual.afternoon}`} usual={data.usual} /> : null}

      <section aria-labelledby="days-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="days-heading" className="flex items-center gap-2 text-lg font-bold text-brand-950">
              <CalendarDays aria-hidden="true" className="size-5 text-brand-600" />
              Collection days
            </h2>
            {data ? (
              <p className="text-sm text-muted" aria-live="polite">
                {shortDate(data.from)} to {shortDate(data.to)}
              </p>
            ) : null}
          </div>
          <nav aria-label="Fortnights" className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={!data || collections.isFetching}
              onClick={() => data && goTo(addDays(data.from, -COLLECTION_WINDOW_DAYS))}
            >
              <ChevronLeft aria-hidden="true" />
              Previous fortnight
            </Button>
            {data && data.from !== data.today ? (
              <Button variant="ghost" size="sm" disabled={collections.isFetching} onClick={() => goTo(undefined)}>
                From today
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              disabled={!data || collections.isFetching}
              onClick={() => data && goTo(addDays(data.from, COLLECTION_WINDOW_DAYS))}
            >
              Next fortnight
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        </div>

        {collections.isPending ? (
          <Card>
            <ListLoading label="Loading collection days..." />
          </Card>
        ) : collections.isError && !data ? (
          <Card>
            <ListError
              title="Failed to load collections"
              error={collections.error}
              onRetry={() => void collections.refetch()}
            />
          </Card>
        ) : data ? (
          <ol
            aria-label="Collection days"
            className={cn('grid gap-4 lg:grid-cols-2 lg:items-start', collections.isPlaceholderData && 'opacity-60')}
          >
            {data.days.map((day) => (
              <li key={day.date} className="grid">
                <DayCard day={day} today={data.today} />
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </>
  );
}
