import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { ANALYTICS_TOP_LOCATIONS, locationsResponseSchema, type LocationsResponse } from '~/shared/analytics';
import { ANALYTICS_REFETCH_MS, ANALYTICS_STALE_MS } from './polling';

/** GET /api/analytics/locations: the top 5 locations, and how many countries in the whole range. */
export const locationsQueryKey = ['/api/analytics/locations'] as const;

export function locationsQueryOptions(days: number) {
  const queryKey = [locationsQueryKey[0], { days, limit: ANALYTICS_TOP_LOCATIONS }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<LocationsResponse> =>
      locationsResponseSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    staleTime: ANALYTICS_STALE_MS,
    refetchInterval: ANALYTICS_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useLocations(days: number) {
  return useQuery(locationsQueryOptions(days));
}
