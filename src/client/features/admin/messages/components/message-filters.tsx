import { Search, X } from 'lucide-react';
import { useId, useRef, type Ref } from 'react';
import { Button } from '~/client/components/ui/button';
import { Input, inputClassName } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { cn } from '~/client/lib/cn';
import { messageChannels, messageStatuses, type MessageChannel, type MessageStatus } from '~/shared/messages';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { hasActiveFilters, RECIPIENT_SEARCH_MAX_LENGTH, type MessageFilters } from '../lib/message-search';
import { channelLabels, statusLabels } from './message-labels';

type FilterChange = Partial<Omit<MessageFilters, 'page'>>;

/** Status, channel and recipient search above the list. */
export function MessageFilterBar({
  filters,
  onChange,
  onClear,
  clearable = true,
}: {
  filters: MessageFilters;
  /** `typing` is true for the search box, which changes as people type (not one deliberate step). */
  onChange: (change: FilterChange, options?: { typing?: boolean }) => void;
  onClear: () => void;
  /** False while the empty list offers its own Clear filters. */
  clearable?: boolean;
}) {
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <div
      role="search"
      aria-label="Filter messages"
      className="grid grid-cols-2 gap-3 border-b border-line px-4 py-4 sm:px-5 lg:grid-cols-[minmax(0,1fr)_11rem_11rem_auto] lg:items-end"
    >
      <RecipientSearch
        ref={searchRef}
        committed={filters.recipient}
        onCommit={(recipient) => onChange({ recipient }, { typing: true })}
      />
      <FilterSelect
        label="Status"
        value={filters.status ?? ''}
        options={messageStatuses.map((status) => ({ value: status, label: statusLabels[status] }))}
        onChange={(value) => onChange({ status: (value || undefined) as MessageStatus | undefined })}
      />
      <FilterSelect
        label="Channel"
        value={filters.channel ?? ''}
        options={messageChannels.map((channel) => ({ value: channel, label: channelLabels[channel].short }))}
        onChange={(value) => onChange({ channel: (value || undefined) as MessageChannel | undefined })}
      />
      {clearable && hasActiveFilters(filters) ? (
        <Button
          variant="ghost"
          className="col-span-2 lg:col-span-1"
          onClick={() => {
            onClear();
            // The button goes with the filters; keep focus in the filter bar.
            searchRef.current?.focus();
          }}
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClassName, 'cursor-pointer pr-8')}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The recipient search: what is typed shows at once, and reaches the address (and so the list)
 * once typing pauses. When the address changes from elsewhere (Clear filters, Back), the box
 * follows it.
 */
function RecipientSearch({
  ref,
  committed,
  onCommit,
}: {
  ref: Ref<HTMLInputElement>;
  committed: string;
  onCommit: (value: string) => void;
}) {
  const [value, setValue] = useDebouncedSearch(committed, onCommit);

  const id = useId();
  return (
    <div className="col-span-2 grid gap-1.5 lg:col-span-1">
      <Label htmlFor={id}>Recipient</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
        />
        <Input
          ref={ref}
          id={id}
          type="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={RECIPIENT_SEARCH_MAX_LENGTH}
          placeholder="Part of an address or number"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="pl-10"
        />
      </div>
    </div>
  );
}
