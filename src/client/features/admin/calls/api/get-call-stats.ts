import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { CALL_STATS_POLL_MS, callStatsSchema, type CallStats } from '~/shared/calls';

/** GET /api/calls/stats: total, today, answered and the average duration (seconds). */
export const callStatsQueryKey = ['/api/calls/stats'] as const;

export function callStatsQueryOptions() {
  return queryOptions({
    queryKey: callStatsQueryKey,
    queryFn: async (): Promise<CallStats> =>
      callStatsSchema.parse(await apiRequest<unknown>('GET', callStatsQueryKey[0])),
    // SPEC section 9: every 60 seconds; Refresh and the call controls ask sooner.
    refetchInterval: CALL_STATS_POLL_MS,
    staleTime: CALL_STATS_POLL_MS,
  });
}

export function useCallStats() {
  return useQuery(callStatsQueryOptions());
}
