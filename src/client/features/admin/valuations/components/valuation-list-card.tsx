import type { ReactNode, Ref } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '~/client/components/ui/card';
import { cn } from '~/client/lib/cn';
import type { ValuationListItem } from '~/shared/admin-valuations';
import { useValuationList, type ValuationListKind } from '../api/list-valuations';
import {
  changeListSearch,
  isFiltered,
  noListSearch,
  parseListSearch,
  withListSearch,
  type ValuationListSearch,
} from '../lib/list-search';
import { ListError, ListLoading } from '../../components/list-states';
import { ListEmpty } from './list-states';
import { ListSearchBar } from './list-search-bar';
import { formatTotal, ValuationsPager } from './valuations-pager';

/**
 * A valuation list in a card: its heading and count, the search (and status filter on the
 * dashboard), the loading, error and empty states, the rows, and the pager. Page, search and
 * filter live in the address, so reload and Back keep them.
 */
export function ValuationListCard({
  kind,
  title,
  icon,
  emptyText,
  errorText,
  headingRef,
  children,
}: {
  kind: ValuationListKind;
  /** Somewhere to put focus when the row that had it is gone (after a delete). */
  headingRef?: Ref<HTMLHeadingElement>;
  title: string;
  icon: ReactNode;
  /** SPEC section 8's empty state of this list. */
  emptyText: string;
  errorText: string;
  /** The rows; `now` is the server's time when it answered (the promise timers count from it). */
  children: (items: ValuationListItem[], page: { now: string }) => ReactNode;
}) {
  const [search, setSearch] = useSearchParams();
  const parsed = parseListSearch(search);
  // The archive has no status filter, owner filter or order: they are ignored in its address.
  const state = kind === 'active' ? parsed : { ...parsed, status: undefined, owner: undefined, sort: undefined };
  const list = useValuationList(kind, state);
  const data = list.data;

  const show = (next: ValuationListSearch, options: { replace?: boolean } = {}) =>
    setSearch((current) => withListSearch(current, next), { ...options, preventScrollReset: true });

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-line px-4 py-3.5 sm:px-5">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-bold text-brand-950 focus:outline-none"
        >
          {icon}
          {title}
        </h2>
        {data ? (
          <p className="text-sm text-muted" aria-live="polite">
            {formatTotal(data.total, data.totalCapped)} {isFiltered(state) ? 'matching' : 'in all'}
          </p>
        ) : null}
      </div>
      <ListSearchBar
        label={`Search ${title.toLowerCase()}`}
        state={state}
        withStatus={kind === 'active'}
        onChange={(change, { typing }) =>
          // Starting a search is a step Back undoes; refining it replaces that step.
          show(changeListSearch(state, change), { replace: typing && state.q !== '' })
        }
      />
      {list.isPending ? (
        <ListLoading label="Loading valuations..." />
      ) : list.isError && !data ? (
        <ListError title={errorText} error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? null : data.items.length === 0 ? (
        <ListEmpty
          title={emptyText}
          total={data.total}
          filtered={isFiltered(state)}
          onClear={() => show(noListSearch)}
          onFirstPage={() => show({ ...state, page: 1 })}
        />
      ) : (
        <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
          {list.isError ? (
            <div role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-950 sm:px-5">
              {errorText}: showing the list as it was.
            </div>
          ) : null}
          {children(data.items, { now: data.now })}
        </div>
      )}
      {data && data.total > 0 ? (
        <ValuationsPager
          label={`Pages of ${title.toLowerCase()}`}
          page={state.page}
          pageCount={data.pageCount}
          total={data.total}
          totalCapped={data.totalCapped}
          hrefFor={(page) => `?${withListSearch(search, { ...state, page }).toString()}`}
        />
      ) : null}
    </Card>
  );
}
