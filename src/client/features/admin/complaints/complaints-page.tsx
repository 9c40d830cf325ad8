import { RefreshCw, ShieldCheck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import {
  COMPLAINT_ACKNOWLEDGE_DAYS,
  complaintMessages,
  type AdminComplaint,
  type ComplaintFilter,
} from '~/shared/complaints';
import { ListPager } from '../components/list-pager';
import { ListError, ListLoading } from '../components/list-states';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useAdminComplaints } from './api/list-complaints';
import { useResolveComplaint } from './api/resolve-complaint';
import { ComplaintCard } from './components/complaint-card';
import { ResolveDialog } from './components/resolve-dialog';

export const handle: RouteHandle = { meta: { title: 'Data protection complaints', noindex: true } };

const filters: { id: ComplaintFilter; label: string; empty: string }[] = [
  { id: 'open', label: 'Open', empty: 'No open complaints' },
  { id: 'resolved', label: 'Resolved', empty: 'No resolved complaints' },
  { id: 'all', label: 'All', empty: 'No complaints yet' },
];

function readState(search: URLSearchParams): { status: ComplaintFilter; page: number } {
  const wanted = search.get('status');
  const status = filters.find((filter) => filter.id === wanted)?.id ?? 'open';
  const page = Number(search.get('page'));
  return { status, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

function searchFor(status: ComplaintFilter, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'open') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * /admin/complaints (issue 18; DPA 2018 s.164A): complaints about how we use personal data, sent
 * with the contact page's form. Each sender was e-mailed an acknowledgement promising a reply within
 * 30 days; staff reply, then mark the complaint resolved with a note of what they did. Filter and
 * page live in the address.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const { status, page } = readState(search);
  const complaints = useAdminComplaints(status, page);
  const resolve = useResolveComplaint();
  const [resolving, setResolving] = useState<AdminComplaint | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  // When the list was shown: an open complaint past its reply date is marked overdue.
  const [shownAt] = useState(() => Date.now());

  const show = (next: ComplaintFilter) => setSearch(searchFor(next, 1), { preventScrollReset: true });

  const openDialog = (complaint: AdminComplaint, from: HTMLElement) => {
    trigger.current = from;
    setNoteError(null);
    setResolving(complaint);
  };

  const confirm = (resolutionNote: string) => {
    if (!resolving) return;
    resolve.mutate(
      { id: resolving.id, resolutionNote },
      {
        onSuccess: () => {
          toast({ title: complaintMessages.resolved });
          setResolving(null);
        },
        onError: (error) => {
          const noteIssue =
            error instanceof ApiError
              ? error.body?.issues?.find((issue) => issue.path === 'resolutionNote')
              : undefined;
          if (noteIssue) {
            setNoteError(noteIssue.message);
            return;
          }
          toast({
            title: 'Error',
            description: errorMessage(error, complaintMessages.resolveFailed),
            variant: 'destructive',
          });
          setResolving(null);
        },
      },
    );
  };

  const refresh = async () => {
    const result = await complaints.refetch();
    if (result.isSuccess) toast({ title: 'Refreshed' });
  };

  const data = complaints.data;
  const counts = data?.counts;
  const countOf = (id: ComplaintFilter) =>
    counts ? (id === 'all' ? counts.open + counts.resolved : counts[id]).toLocaleString('en-GB') : '…';
  return (
    <>
      <PageHeader
        title="Data protection complaints"
        description={`Complaints about how we use personal data, sent from the contact page. Each sender was e-mailed an acknowledgement saying we would reply within ${COMPLAINT_ACKNOWLEDGE_DAYS} days: reply to them, then mark the complaint resolved.`}
        actions={
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={complaints.isFetching}>
            <RefreshCw aria-hidden="true" className={cn(complaints.isFetching && 'animate-spin')} />
            Refresh
          </Button>
        }
      />
      <Tabs.Root value={status} onValueChange={(value) => show(value as ComplaintFilter)}>
        <Tabs.List aria-label="Complaints" className="mb-5 flex gap-1 overflow-x-auto border-b border-line">
          {filters.map(({ id, label }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="-mb-px flex items-center gap-2 border-b-[3px] border-transparent px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-muted hover:text-brand-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-950"
            >
              {label}
              <span className="rounded-full bg-brand-100 px-2 text-xs text-brand-800">{countOf(id)}</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {filters.map(({ id, label, empty }) => (
          <Tabs.Content key={id} value={id} className="focus-visible:outline-none">
            <h2 className="sr-only">{`${label} complaints`}</h2>
            {complaints.isPending ? (
              <ListLoading label="Loading complaints..." />
            ) : complaints.isError && !data ? (
              <Card>
                <ListError
                  title="Failed to load complaints"
                  error={complaints.error}
                  onRetry={() => void complaints.refetch()}
                />
              </Card>
            ) : !data || data.items.length === 0 ? (
              <Card className="grid justify-items-center gap-2 px-4 py-14 text-center">
                <ShieldCheck aria-hidden="true" className="size-8 text-brand-500" />
                <p className="font-semibold text-brand-950">{empty}</p>
              </Card>
            ) : (
              <>
                <ul className={cn('grid gap-4', complaints.isPlaceholderData && 'opacity-60')}>
                  {data.items.map((complaint) => (
                    <li key={complaint.id}>
                      <ComplaintCard
                        complaint={complaint}
                        now={shownAt}
                        busy={resolve.isPending}
                        onResolve={openDialog}
                      />
                    </li>
                  ))}
                </ul>
                {data.pageCount > 1 ? (
                  <Card className="mt-4">
                    <ListPager
                      label={`${label} complaints pages`}
                      page={page}
                      pageCount={data.pageCount}
                      count={`${data.total.toLocaleString('en-GB')} complaints`}
                      hrefFor={(to) => `?${searchFor(status, to).toString()}`}
                    />
                  </Card>
                ) : null}
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <ResolveDialog
        complaint={resolving}
        pending={resolve.isPending}
        error={noteError}
        onConfirm={confirm}
        onOpenChange={(open) => !open && setResolving(null)}
        finalFocus={trigger}
      />
    </>
  );
}
