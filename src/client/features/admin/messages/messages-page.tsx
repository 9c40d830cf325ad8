import { Inbox, RefreshCw, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import type { MessageDetail } from '~/shared/messages';
import { ListError, ListLoading } from '../components/list-states';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useMessages } from './api/list-messages';
import { MessageDetailDialog } from './components/message-detail-dialog';
import { MessageFilterBar } from './components/message-filters';
import { MessagesList, type OpenMessage } from './components/messages-list';
import { MessagesPager } from './components/messages-pager';
import { SendTestMessageDialog } from './components/send-test-message-dialog';
import { TransportStatus } from './components/transport-status';
import {
  changeFilters,
  hasActiveFilters,
  noFilters,
  parseMessageFilters,
  parseOpenMessage,
  showsNewMessage,
  withMessageFilters,
  type MessageFilters,
} from './lib/message-search';

export const handle: RouteHandle = { meta: { title: 'Messages', noindex: true } };

/**
 * /admin/messages: the outbox. Every e-mail and text message the site sends, whether it went,
 * and why not; a test message to check the settings; Retry for what failed or is held.
 * Filters, page and the open message live in the address, so reload and Back keep them.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const filters = parseMessageFilters(search);
  const openId = parseOpenMessage(search);
  const messages = useMessages(filters);
  const [sendingTest, setSendingTest] = useState(false);
  const sendButtonRef = useRef<HTMLButtonElement>(null);
  // The row a message was opened from, for focus to go back to.
  const rowTrigger = useRef<HTMLElement | null>(null);

  const showFilters = (next: MessageFilters, options: { replace?: boolean } = {}) =>
    setSearch((current) => withMessageFilters(current, next), { ...options, preventScrollReset: true });
  const setOpenMessage = (id: string | undefined) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('message', id);
        else next.delete('message');
        return next;
      },
      // Opening and closing a message is not a step Back should undo one by one.
      { replace: true, preventScrollReset: true },
    );

  const refresh = async () => {
    const result = await messages.refetch();
    if (result.isSuccess) toast({ title: 'Refreshed' });
    else
      toast({
        title: 'Error',
        description: errorMessage(result.error, 'Failed to load messages'),
        variant: 'destructive',
      });
  };
  const onOpen: OpenMessage = (message, trigger) => {
    rowTrigger.current = trigger;
    setOpenMessage(message.id);
  };
  const onTestSent = (message: MessageDetail) => {
    // The new message is the newest; when the filters or the page would hide it, show the whole list.
    if (!showsNewMessage(filters, message)) showFilters(noFilters);
  };

  const data = messages.data;
  const filtered = hasActiveFilters(filters);
  return (
    <>
      <PageHeader
        title="Messages"
        description="Every e-mail and text message the site sends, and whether it went."
        actions={
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void refresh()}
              disabled={messages.isFetching}
              className="flex-1 sm:flex-none"
            >
              <RefreshCw aria-hidden="true" className={cn(messages.isFetching && 'animate-spin')} />
              Refresh
            </Button>
            <Button
              ref={sendButtonRef}
              variant="primary"
              size="sm"
              className="flex-1 sm:flex-none"
              onClick={() => setSendingTest(true)}
            >
              <Send aria-hidden="true" />
              Send test message
            </Button>
          </>
        }
      />

      {data ? <TransportStatus transports={data.transports} /> : null}

      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3.5 sm:px-5">
          <h2 className="flex items-center gap-2 font-bold text-brand-950">
            <Inbox aria-hidden="true" className="size-5 text-brand-600" />
            {filtered ? 'Matching messages' : 'All messages'}
          </h2>
          {data ? (
            <p className="text-sm text-muted" aria-live="polite">
              {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'message' : 'messages'}
            </p>
          ) : null}
        </div>
        <MessageFilterBar
          filters={filters}
          onChange={(change, options) =>
            // Starting a search is a step Back undoes; refining or emptying it replaces that step.
            showFilters(changeFilters(filters, change), {
              replace: options?.typing === true && filters.recipient !== '',
            })
          }
          onClear={() => showFilters(noFilters)}
          clearable={!data || data.total > 0}
        />
        {messages.isPending ? (
          <ListLoading label="Loading messages..." />
        ) : messages.isError && !data ? (
          <ListError title="Failed to load messages" error={messages.error} onRetry={() => void messages.refetch()} />
        ) : !data ? null : data.items.length === 0 ? (
          <EmptyList
            filtered={filtered}
            total={data.total}
            onClear={() => showFilters(noFilters)}
            onFirstPage={() => showFilters({ ...filters, page: 1 })}
          />
        ) : (
          <div className={cn('transition-opacity', messages.isPlaceholderData && 'opacity-60')}>
            {messages.isError ? (
              <div
                role="alert"
                className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-950 sm:px-5"
              >
                <span>Could not update the list: {errorMessage(messages.error, 'please try again.')}</span>
                <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
                  Try again
                </Button>
              </div>
            ) : null}
            <MessagesList messages={data.items} onOpen={onOpen} />
          </div>
        )}
        {data && data.total > 0 ? (
          <MessagesPager
            page={filters.page}
            pageCount={data.pageCount}
            total={data.total}
            hrefFor={(page) => `?${withMessageFilters(search, { ...filters, page }).toString()}`}
          />
        ) : null}
      </Card>

      <MessageDetailDialog
        id={openId}
        summary={data?.items.find((message) => message.id === openId)}
        onOpenChange={(open) => !open && setOpenMessage(undefined)}
        finalFocus={rowTrigger}
      />
      <SendTestMessageDialog
        open={sendingTest}
        onOpenChange={setSendingTest}
        transports={data?.transports}
        onSent={onTestSent}
        finalFocus={sendButtonRef}
      />
    </>
  );
}

function EmptyList({
  filtered,
  total,
  onClear,
  onFirstPage,
}: {
  filtered: boolean;
  total: number;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  const [title, text, action] =
    total > 0
      ? [
          'Nothing on this page',
          'The list is shorter than that now.',
          { label: 'Go to the first page', run: onFirstPage },
        ]
      : filtered
        ? [
            'No messages match these filters',
            'Try another status, channel or search.',
            { label: 'Clear filters', run: onClear },
          ]
        : ['No messages yet', 'E-mails and text messages appear here as the site sends them.', null];
  return (
    <div className="grid justify-items-center gap-2 px-4 py-14 text-center">
      <p className="font-semibold text-brand-950">{title}</p>
      <p className="max-w-md text-sm text-muted">{text}</p>
      {action ? (
        <Button variant="outline" size="sm" className="mt-1" onClick={action.run}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
