import {
  OFFER_EXPIRED_FILTER,
  VALUATION_SEARCH_MAX_LENGTH,
  valuationListSorts,
  valuationOwnerFilters,
  valuationStatusValues,
} from '~/shared/admin-valuations';
import { exportPaths } from '~/shared/exports';

/**
 * The CSV downloads' addresses (issue 37), built from what the list shows: its address holds its
 * search and filters (`?q=ford&status=offer_expired&owner=mine&page=3`), read here as the list
 * reads them, so the file has the rows the list has, every page of them. Anything unreadable is
 * left out, as the list leaves it out, rather than refused by the server.
 */

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value);

/** The download of the dashboard's (`active`) or the archive's list as it is shown now. */
export function listExportHref(kind: 'active' | 'archived', search: URLSearchParams): string {
  const query = new URLSearchParams();
  if (kind === 'archived') query.set('archived', 'true');
  const q = (search.get('q') ?? '').trim().slice(0, VALUATION_SEARCH_MAX_LENGTH);
  if (q) query.set('q', q);
  // The archive has no status filter, owner filter or order: in its address they are ignored.
  if (kind === 'active') {
    const status = search.get('status');
    if (status === OFFER_EXPIRED_FILTER) query.set('offer', 'expired');
    else {
      const stage = oneOf(valuationStatusValues, status);
      if (stage) query.set('status', stage);
    }
    const owner = oneOf(valuationOwnerFilters, search.get('owner'));
    if (owner) query.set('owner', owner);
    const sort = oneOf(valuationListSorts, search.get('sort'));
    if (sort) query.set('sort', sort);
  }
  const text = query.toString();
  return text ? `${exportPaths.valuations}?${text}` : exportPaths.valuations;
}

/** Whether the list is narrowed by a search or a filter (the file then holds only its matches). */
export function listIsFiltered(href: string): boolean {
  const query = new URLSearchParams(href.split('?')[1] ?? '');
  query.delete('archived');
  return query.size > 0;
}

/** The download of the completed purchases, between two UK days (YYYY-MM-DD) when given. */
export function purchasesExportHref({ from, to }: { from: string; to: string }): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const text = query.toString();
  return text ? `${exportPaths.purchases}?${text}` : exportPaths.purchases;
}
