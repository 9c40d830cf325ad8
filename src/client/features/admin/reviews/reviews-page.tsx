import { MessageSquareQuote, RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import { reviewMessages, type AdminReview } from '~/shared/reviews';
import { ListPager } from '../components/list-pager';
import { ListError, ListLoading } from '../components/list-states';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useAdminReviews, type ReviewTab } from './api/list-reviews';
import { useModerateReview, type ReviewAction } from './api/moderate-review';
import { NotesDialog, type NotesDecision } from './components/notes-dialog';
import { ReviewCard } from './components/review-card';

export const handle: RouteHandle = { meta: { title: 'Customer reviews', noindex: true } };

const tabs: { id: ReviewTab; label: string; empty: string }[] = [
  { id: 'pending', label: 'Pending Reviews', empty: 'No pending reviews' },
  { id: 'approved', label: 'Approved Reviews', empty: 'No approved reviews' },
];

const actionToasts: Record<ReviewAction, { done: string; failed: string }> = {
  approve: { done: reviewMessages.approved, failed: reviewMessages.approveFailed },
  reject: { done: reviewMessages.rejected, failed: reviewMessages.rejectFailed },
  publish: { done: reviewMessages.published, failed: reviewMessages.publishFailed },
  unpublish: { done: reviewMessages.unpublished, failed: reviewMessages.unpublishFailed },
};

function readState(search: URLSearchParams): { tab: ReviewTab; page: number } {
  const tab = search.get('tab') === 'approved' ? 'approved' : 'pending';
  const page = Number(search.get('page'));
  return { tab, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/**
 * /admin/reviews (SPEC section 2): reviews waiting for a decision, and approved ones to publish or
 * take down. Tab and page live in the address. Approve and Reject ask for notes (required to
 * reject); Publish and Unpublish act at once.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const { tab, page } = readState(search);
  const reviews = useAdminReviews(tab, page);
  const moderate = useModerateReview();
  const [decision, setDecision] = useState<NotesDecision | null>(null);
  const trigger = useRef<HTMLElement | null>(null);

  const show = (next: { tab: ReviewTab; page: number }) =>
    setSearch(
      () => {
        const params = new URLSearchParams();
        if (next.tab !== 'pending') params.set('tab', next.tab);
        if (next.page > 1) params.set('page', String(next.page));
        return params;
      },
      { preventScrollReset: true },
    );

  const run = (review: AdminReview, action: ReviewAction, adminNotes?: string) =>
    moderate.mutate(
      { id: review.id, action, adminNotes },
      {
        onSuccess: () => {
          toast({ title: actionToasts[action].done });
          setDecision(null);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, actionToasts[action].failed),
            variant: 'destructive',
          }),
      },
    );

  const onAction = (review: AdminReview, action: ReviewAction, from: HTMLElement) => {
    trigger.current = from;
    if (action === 'approve' || action === 'reject') setDecision({ review, action });
    else run(review, action);
  };

  const refresh = async () => {
    const result = await reviews.refetch();
    if (result.isSuccess) toast({ title: 'Refreshed' });
  };

  const data = reviews.data;
  const counts = data?.counts;
  return (
    <>
      <PageHeader
        title="Customer reviews"
        description="Read what sellers wrote, approve or reject it, and choose what the website shows."
        actions={
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={reviews.isFetching}>
            <RefreshCw aria-hidden="true" className={cn(reviews.isFetching && 'animate-spin')} />
            Refresh
          </Button>
        }
      />
      <Tabs.Root value={tab} onValueChange={(value) => show({ tab: value as ReviewTab, page: 1 })}>
        <Tabs.List aria-label="Reviews" className="mb-5 flex gap-1 border-b border-line">
          {tabs.map(({ id, label }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="-mb-px flex items-center gap-2 border-b-[3px] border-transparent px-3 py-2.5 text-sm font-semibold text-muted hover:text-brand-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-950"
            >
              {label}
              <span className="rounded-full bg-brand-100 px-2 text-xs text-brand-800">
                {counts ? counts[id].toLocaleString('en-GB') : '…'}
              </span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ id, label, empty }) => (
          <Tabs.Content key={id} value={id} className="focus-visible:outline-none">
            <h2 className="sr-only">{label}</h2>
            {reviews.isPending ? (
              <ListLoading label="Loading reviews..." />
            ) : reviews.isError && !data ? (
              <Card>
                <ListError
                  title="Failed to load reviews"
                  error={reviews.error}
                  onRetry={() => void reviews.refetch()}
                />
              </Card>
            ) : !data || data.items.length === 0 ? (
              <Card className="grid justify-items-center gap-2 px-4 py-14 text-center">
                <MessageSquareQuote aria-hidden="true" className="size-8 text-brand-500" />
                <p className="font-semibold text-brand-950">{empty}</p>
              </Card>
            ) : (
              <>
                <ul className={cn('grid gap-4 lg:grid-cols-2', reviews.isPlaceholderData && 'opacity-60')}>
                  {data.items.map((review) => (
                    <li key={review.id}>
                      <ReviewCard review={review} busy={moderate.isPending} onAction={onAction} />
                    </li>
                  ))}
                </ul>
                {data.pageCount > 1 ? (
                  <Card className="mt-4">
                    <ListPager
                      label={`${label} pages`}
                      page={page}
                      pageCount={data.pageCount}
                      count={`${data.total.toLocaleString('en-GB')} reviews`}
                      hrefFor={(to) =>
                        `?${new URLSearchParams({ ...(tab === 'approved' ? { tab } : {}), page: String(to) }).toString()}`
                      }
                    />
                  </Card>
                ) : null}
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <NotesDialog
        decision={decision}
        pending={moderate.isPending}
        onConfirm={(notes) => decision && run(decision.review, decision.action, notes)}
        onOpenChange={(open) => !open && setDecision(null)}
        finalFocus={trigger}
      />
    </>
  );
}
