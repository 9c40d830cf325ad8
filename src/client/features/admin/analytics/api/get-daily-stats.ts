import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { dailyStatsResponseSchema, type DailyStatsResponse } from '~/shared/analytics';
import { ANALYTICS_REFETCH_MS, ANALYTICS_STALE_MS } from './polling';

/** GET /api/analytics/daily-stats: every day of the range, the totals, and whether counting is on. */
export const dailyStatsQueryKey = ['/api/analytics/daily-stats'] as const;

export function dailyStatsQueryOptions(days: number) {
  const queryKey = [dailyStatsQueryKey[0], { days }] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<DailyStatsResponse> =>
      dailyStatsResponseSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    staleTime: ANALYTICS_STALE_MS,
    refetchInterval: ANALYTICS_REFETCH_MS,
    // A new range keeps the old figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export function useDailyStats(days: number) {
  return useQuery(dailyStatsQueryOptions(days));
}
