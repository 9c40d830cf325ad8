import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { valuationListResponseSchema, type ValuationListResponse } from '~/shared/admin-valuations';
import { statusQuery, type ValuationListSearch } from '../lib/list-search';

/** The two lists: the dashboard's active requests and the archive. */
export type ValuationListKind = 'active' | 'archived';

export const VALUATIONS_PAGE_SIZE = 20;

/** GET /api/valuations/active | archived. Invalidating `[path]` reaches every page and search of it. */
export const valuationListPath = (kind: ValuationListKind) => `/api/valuations/${kind}` as const;

export function valuationListQueryOptions(
  kind: ValuationListKind,
  { page, q, status, owner, sort }: ValuationListSearch,
) {
  const queryKey = [
    valuationListPath(kind),
    {
      page,
      pageSize: VALUATIONS_PAGE_SIZE,
      q: q || undefined,
      ...(kind === 'active' ? { ...statusQuery(status), owner, sort } : {}),
    },
  ] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<ValuationListResponse> =>
      valuationListResponseSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    // New requests arrive all day: a list seen a moment ago is asked for again when shown.
    staleTime: 10_000,
    // Paging and searching keep the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useValuationList(kind: ValuationListKind, search: ValuationListSearch) {
  return useQuery(valuationListQueryOptions(kind, search));
}
