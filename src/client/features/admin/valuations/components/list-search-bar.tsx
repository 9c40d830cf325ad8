import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input, inputClassName } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { cn } from '~/client/lib/cn';
import { VALUATION_SEARCH_MAX_LENGTH } from '~/shared/admin-valuations';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { valuationOwnerFilters } from '~/shared/admin-valuations';
import {
  ownerFilterLabels,
  statusFilterLabel,
  statusFiltersInOrder,
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
  const pick = <K extends 'status' | 'owner' | 'sort'>(key: K) => ({
    value: state[key] ?? '',
    onChange: (value: string) =>
      onChange({ [key]: value || undefined } as Pick<ListSearchChange, K>, { typing: false }),
  });
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
        <>
          <FilterSelect
            label="Status"
            // Its longest choices ("Collection booked") need the phone's whole width.
            className="col-span-2 sm:col-span-1"
            {...pick('status')}
            choices={[
              ['', 'All Requests'],
              ...statusFiltersInOrder.map((filter): Choice => [filter, statusFilterLabel(filter)]),
            ]}
          />
          <FilterSelect
            label="Owner"
            {...pick('owner')}
            choices={[['', 'Everyone'], ...valuationOwnerFilters.map((f): Choice => [f, ownerFilterLabels[f]])]}
          />
          <FilterSelect
            label="Order"
            {...pick('sort')}
            choices={[
              ['', 'Newest first'],
              ['time_left', 'Least time left'],
            ]}
          />
        </>
      ) : null}
    </div>
  );
}

type Choice = [value: string, label: string];

/** One of the dashboard's filters: a labelled native select ('' is its "all" choice). */
function FilterSelect({
  label,
  value,
  choices,
  onChange,
  className,
}: {
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClassName, 'cursor-pointer pr-8')}
      >
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
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
