import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { valuationStatsSchema, type ValuationStats } from '~/shared/admin-valuations';

/** GET /api/admin/valuations/stats: the dashboard's cards, chart and brands. */
export const valuationStatsQueryKey = ['/api/admin/valuations/stats'] as const;

export const valuationStatsQueryOptions = queryOptions({
  queryKey: valuationStatsQueryKey,
  queryFn: async (): Promise<ValuationStats> =>
    valuationStatsSchema.parse(await apiRequest<unknown>('GET', valuationStatsQueryKey[0])),
  staleTime: 10_000,
});

export function useValuationStats() {
  return useQuery(valuationStatsQueryOptions);
}
