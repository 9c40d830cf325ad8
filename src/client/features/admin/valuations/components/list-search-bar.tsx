import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input, inputClassName } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { cn } from '~/client/lib/cn';
import { VALUATION_SEARCH_MAX_LENGTH } from '~/shared/admin-valuations';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { valuationOwnerFilters, type ValuationOwnerFilter } from '~/shared/admin-valuations';
import {
  ownerFilterLabels,
  statusFilterLabel,
  statusFiltersInOrder,
  type ListSort,
  type ListStatusFilter,
  type ValuationListSearch,
} from '../lib/list-search';

export type ListSearchChange = Partial<Pick<ValuationListSearch, 'q' | 'status' | 'owner' | 'sort'>>;

/**
 * The search box (registration, make and model, customer name or reference) and, on the dashboard, the
 * status filter (SPEC section 2). `typing` marks changes made as people type, which replace the
 * address's last step instead of adding one for every pause.
 */
export function ListSearchBar({
  label,
  state,
  withStatus,
  onChange,
}: {
  label: string;
  state: ValuationListSearch;
  withStatus: boolean;
  onChange: (change: ListSearchChange, options: { typing: boolean }) => void;
}) {
  const searchId = useId();
  const statusId = useId();
  const ownerId = useId();
  const sortId = useId();
  return (
    <div
      role="search"
      aria-label={label}
      className={cn(
        'grid gap-3 border-b border-line px-4 py-4 sm:px-5',
        withStatus && 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-[minmax(0,1fr)_12rem_10rem_11rem]',
      )}
    >
      <div className={cn('grid gap-1.5', withStatus && 'col-span-2 sm:col-span-3 xl:col-span-1')}>
        <Label htmlFor={searchId}>Search</Label>
        <SearchBox id={searchId} committed={state.q} onCommit={(q) => onChange({ q }, { typing: true })} />
      </div>
      {withStatus ? (
        <div className="grid gap-1.5">
          <Label htmlFor={statusId}>Status</Label>
          <select
            id={statusId}
            value={state.status ?? ''}
            onChange={(event) =>
              onChange({ status: (event.target.value || undefined) as ListStatusFilter | undefined }, { typing: false })
            }
            className={cn(inputClassName, 'cursor-pointer pr-8')}
          >
            <option value="">All Requests</option>
            {statusFiltersInOrder.map((filter) => (
              <option key={filter} value={filter}>
                {statusFilterLabel(filter)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {withStatus ? (
        <div className="grid gap-1.5">
          <Label htmlFor={ownerId}>Owner</Label>
          <select
            id={ownerId}
            value={state.owner ?? ''}
            onChange={(event) =>
              onChange(
                { owner: (event.target.value || undefined) as ValuationOwnerFilter | undefined },
                { typing: false },
              )
            }
            className={cn(inputClassName, 'cursor-pointer pr-8')}
          >
            <option value="">Everyone</option>
            {valuationOwnerFilters.map((filter) => (
              <option key={filter} value={filter}>
                {ownerFilterLabels[filter]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {withStatus ? (
        <div className="grid gap-1.5">
          <Label htmlFor={sortId}>Order</Label>
          <select
            id={sortId}
            value={state.sort ?? ''}
            onChange={(event) =>
              onChange({ sort: (event.target.value || undefined) as ListSort | undefined }, { typing: false })
            }
            className={cn(inputClassName, 'cursor-pointer pr-8')}
          >
            <option value="">Newest first</option>
            <option value="time_left">Least time left</option>
          </select>
        </div>
      ) : null}
    </div>
  );
}

/**
 * What is typed shows at once and is sent once typing pauses. When the address changes from
 * elsewhere (Clear search, Back), the box follows it.
 */
function SearchBox({ id, committed, onCommit }: { id: string; committed: string; onCommit: (q: string) => void }) {
  const [value, setValue] = useDebouncedSearch(committed, onCommit);

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        maxLength={VALUATION_SEARCH_MAX_LENGTH}
        placeholder="Registration, make and model, name or reference"
        autoComplete="off"
        spellCheck={false}
        className="pl-10"
      />
    </div>
  );
}
