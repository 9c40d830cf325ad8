import { AudioLines, PhoneCall } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import type { CallLogItem } from '~/shared/calls';
import { ListPager } from '../components/list-pager';
import { ListError, ListLoading } from '../components/list-states';
import { adminPaths } from '../admin-paths';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useAnswerCall } from './api/answer-call';
import { useCallSetup } from './api/get-call-setup';
import { useCallStats } from './api/get-call-stats';
import { useCalls } from './api/list-calls';
import { CallControls, type ActiveCall } from './components/call-controls';
import { CallNotesDialog } from './components/call-notes-dialog';
import { CallStatsCards } from './components/call-stats';
import { CallsList, type CallAction } from './components/calls-list';
import { WebhookSetup } from './components/webhook-setup';
import { callCount, callParty, readPage } from './lib/call-display';

export const handle: RouteHandle = { meta: { title: 'Calls', noindex: true } };

const loadFailed = 'Failed to load calls';

/**
 * /admin/calls (SPEC sections 2, 4 and 9): the call controls, the four figures, the call log (asked
 * for every 5 seconds, the figures every 60) with Answer, Play Recording and Notes, and the Twilio
 * webhook set-up. The page in the address; whether staff are on a call is this page's own flag,
 * set by Make Call or Answer and cleared by Hang Up.
 */
export function Component() {
  const [search] = useSearchParams();
  const page = readPage(search);
  const calls = useCalls(page);
  const stats = useCallStats();
  const setup = useCallSetup();
  const answer = useAnswerCall();
  const [active, setActive] = useState<ActiveCall | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [notesFor, setNotesFor] = useState<CallLogItem | null>(null);
  const trigger = useRef<HTMLElement | null>(null);

  const notReadyReason = setup.data && !setup.data.ready ? (setup.data.reason ?? 'Phone calls are not set up.') : null;

  const refresh = async () => {
    setRefreshing(true);
    try {
      const results = await Promise.all([calls.refetch(), stats.refetch()]);
      const failed = results.find((result) => result.isError);
      if (failed)
        toast({ title: 'Error', description: errorMessage(failed.error, loadFailed), variant: 'destructive' });
      else toast({ title: 'Refreshed' });
    } finally {
      setRefreshing(false);
    }
  };

  const onAnswer: CallAction = (call) => {
    const { name } = callParty(call);
    answer.mutate(call.callSid, {
      onSuccess: () => {
        toast({ title: `Answering ${name}`, description: 'Your phone rings now. Pick up to speak to the caller.' });
        setActive({ kind: 'answered', party: name });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to answer the call'),
          variant: 'destructive',
        }),
    });
  };

  const onNotes: CallAction = (call, from) => {
    trigger.current = from;
    setNotesFor(call);
  };

  const data = calls.data;
  return (
    <>
      <PageHeader
        title="Calls"
        description="Answer sellers waiting on the business line, call them back, and keep notes on every call."
        actions={
          <Link to={adminPaths.voiceMessages} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <AudioLines aria-hidden="true" />
            Voice messages
          </Link>
        }
      />
      <div className="grid gap-4 sm:gap-6">
        <CallControls
          active={active}
          onActiveChange={setActive}
          notReadyReason={notReadyReason}
          refreshing={refreshing}
          onRefresh={() => void refresh()}
        />
        <CallStatsCards stats={stats.data} dimmed={stats.isError && stats.data !== undefined} />

        <Card className="overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-line px-4 py-3.5 sm:px-5">
            <h2 className="flex items-center gap-2 text-lg font-bold text-brand-950">
              <PhoneCall aria-hidden="true" className="size-5 text-brand-600" />
              Recent Calls
            </h2>
            {data ? <p className="text-sm text-muted">{callCount(data.total)}</p> : null}
          </div>
          {calls.isPending ? (
            <ListLoading label="Loading calls..." />
          ) : calls.isError && !data ? (
            <ListError title={loadFailed} error={calls.error} onRetry={() => void calls.refetch()} />
          ) : !data ? null : data.items.length === 0 ? (
            <div className="grid justify-items-center gap-2 px-4 py-14 text-center">
              <PhoneCall aria-hidden="true" className="size-8 text-brand-300" />
              <p className="font-semibold text-brand-950">{data.total > 0 ? 'Nothing on this page' : 'No calls yet'}</p>
              <p className="max-w-md text-sm text-muted">
                {data.total > 0
                  ? 'The list is shorter than that now.'
                  : 'Calls to and from the business number appear here as they happen.'}
              </p>
              {data.total > 0 ? (
                <Button asChild variant="outline" size="sm" className="mt-1">
                  <Link to="?" preventScrollReset>
                    Go to the first page
                  </Link>
                </Button>
              ) : null}
            </div>
          ) : (
            <div className={cn('transition-opacity', calls.isPlaceholderData && 'opacity-60')}>
              {calls.isError ? (
                // A check every 5 seconds failed: the rows are the last ones we had.
                <div
                  role="alert"
                  className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-950 sm:px-5"
                >
                  <span>Could not update the list: {errorMessage(calls.error, 'please try again.')}</span>
                  <Button variant="outline" size="sm" onClick={() => void calls.refetch()}>
                    Try again
                  </Button>
                </div>
              ) : null}
              <CallsList
                calls={data.items}
                answerDisabled={active !== null || notReadyReason !== null}
                recordingsDisabled={notReadyReason !== null}
                answeringSid={answer.isPending ? (answer.variables ?? null) : null}
                onAnswer={onAnswer}
                onNotes={onNotes}
              />
            </div>
          )}
          {data && data.pageCount > 1 ? (
            <ListPager
              label="Pages of calls"
              page={page}
              pageCount={data.pageCount}
              count={callCount(data.total)}
              hrefFor={(to) => `?${new URLSearchParams({ page: String(to) }).toString()}`}
            />
          ) : null}
        </Card>

        <WebhookSetup setup={setup} />
      </div>
      <CallNotesDialog call={notesFor} onOpenChange={(open) => !open && setNotesFor(null)} finalFocus={trigger} />
    </>
  );
}
