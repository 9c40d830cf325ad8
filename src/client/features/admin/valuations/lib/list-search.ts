import {
  OFFER_EXPIRED_FILTER,
  VALUATION_SEARCH_MAX_LENGTH,
  valuationListSorts,
  valuationListStatusFilters,
  valuationOwnerFilters,
  valuationStatusValues,
  type ValuationListStatusFilter,
  type ValuationOwnerFilter,
  type ValuationStatusValue,
} from '~/shared/admin-valuations';
import { stageLabels } from '~/shared/valuation-lifecycle';

/**
 * What a valuation list shows, as kept in the address bar (`?q=ford&status=new&owner=mine&page=2`),
 * so a reload, a shared link and Back all keep the admin's place. The archive has no status filter,
 * owner filter or order (issue 37: "Mine", and "Least time left" on the 24-hour promise).
 */
export type ValuationListSearch = {
  page: number;
  /** Trimmed; '' for no search. */
  q: string;
  status: ListStatusFilter | undefined;
  owner?: ValuationOwnerFilter | undefined;
  sort?: ListSort | undefined;
};

export type ListSort = (typeof valuationListSorts)[number];

export const ownerFilterLabels: Record<ValuationOwnerFilter, string> = {
  mine: 'Mine',
  unassigned: 'Nobody yet',
};

/**
 * The status filter's choices: every stage, and "Offer expired" (requests at Offer made whose
 * newest offer ended unanswered: `?offer=expired` to the API, issue 34).
 */
export type ListStatusFilter = ValuationListStatusFilter;
export { OFFER_EXPIRED_FILTER };
const statusFilters: readonly ListStatusFilter[] = valuationListStatusFilters;

/** The filter's choices as shown: the lifecycle's order, with "Offer expired" beside Offer made. */
export const statusFiltersInOrder: readonly ListStatusFilter[] = valuationStatusValues.flatMap((stage) =>
  stage === 'offer_made' ? [stage, OFFER_EXPIRED_FILTER] : [stage],
);

export const statusFilterLabel = (filter: ListStatusFilter) =>
  filter === OFFER_EXPIRED_FILTER ? 'Offer expired' : stageLabels[filter];

/** The list API's `status` and `offer` for a status filter. */
export function statusQuery(status: ListStatusFilter | undefined): {
  status?: ValuationStatusValue;
  offer?: 'expired';
} {
  if (status === OFFER_EXPIRED_FILTER) return { offer: 'expired' };
  return status ? { status } : {};
}

export const noListSearch: ValuationListSearch = {
  page: 1,
  q: '',
  status: undefined,
  owner: undefined,
  sort: undefined,
};

/**
 * Reads the list's state from the address. Anything unreadable (an edited or old link) falls
 * back to its default instead of failing, so a bad address still shows the list.
 */
export function parseListSearch(search: URLSearchParams): ValuationListSearch {
  const page = search.get('page') ?? '';
  const status = search.get('status');
  return {
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
    q: (search.get('q') ?? '').trim().slice(0, VALUATION_SEARCH_MAX_LENGTH),
    status: statusFilters.find((value) => value === status),
    owner: valuationOwnerFilters.find((value) => value === search.get('owner')),
    sort: valuationListSorts.find((value) => value === search.get('sort')),
  };
}

/**
 * The address for this state, keeping parameters that are not the list's. Defaults are left
 * out, so the plain list is plain `/admin`.
 */
export function withListSearch(search: URLSearchParams, state: ValuationListSearch): URLSearchParams {
  const next = new URLSearchParams(search);
  const values: Record<keyof ValuationListSearch, string | undefined> = {
    q: state.q || undefined,
    status: state.status,
    owner: state.owner,
    sort: state.sort,
    page: state.page > 1 ? String(state.page) : undefined,
  };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** A new search or filter starts again from page 1; a page change keeps them. */
export function changeListSearch(
  current: ValuationListSearch,
  change: Partial<ValuationListSearch>,
): ValuationListSearch {
  return { ...current, page: 1, ...change };
}

export const isFiltered = (state: ValuationListSearch) =>
  state.q !== '' || state.status !== undefined || state.owner !== undefined || state.sort !== undefined;
