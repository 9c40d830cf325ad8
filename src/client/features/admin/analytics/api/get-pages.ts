import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { ANALYTICS_TOP_PAGES, pagesResponseSchema, type PagesResponse } from '~/shared/analytics';
import { ANALYTICS_REFETCH_MS, ANALYTICS_STALE_MS } from './polling';

/** GET /api/analytics/pages: the 6 most viewed public pages. */
export const pagesQueryKey = ['/api/analytics/pages'] as const;

export function pagesQueryOptions(days: number) {
  const queryKey = [pagesQueryKey[0], { days, limit: ANALYTICS_TOP_PAGES }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<PagesResponse> =>
      pagesResponseSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    staleTime: ANALYTICS_STALE_MS,
    refetchInterval: ANALYTICS_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

export function usePages(days: number) {
  return useQuery(pagesQueryOptions(days));
}
