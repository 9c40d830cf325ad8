import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { CALL_LIST_POLL_MS, callListResponseSchema, type CallListResponse } from '~/shared/calls';

/** GET /api/calls. Invalidating this key reaches every page of the log (not the stats: another key). */
export const callsQueryKey = ['/api/calls'] as const;

export const CALLS_PAGE_SIZE = 20;

export function callsQueryOptions(page: number) {
  const queryKey = [callsQueryKey[0], { page, pageSize: CALLS_PAGE_SIZE }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<CallListResponse> =>
      callListResponseSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    // SPEC section 9: a caller ringing in shows within 5 seconds (hidden tabs do not ask).
    refetchInterval: CALL_LIST_POLL_MS,
    staleTime: CALL_LIST_POLL_MS,
    // Paging keeps the rows on screen (dimmed) until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCalls(page: number) {
  return useQuery(callsQueryOptions(page));
}
