import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { valuationDetailSchema, type ValuationDetail } from '~/shared/admin-valuation-detail';
import { deliveryRefetchInterval } from '../lib/delivery';

/** GET /api/admin/valuations/:id: the page's fields, photos, timeline and offers. */
export const valuationQueryKey = (id: string) => ['/api/admin/valuations', id] as const;

export function valuationQueryOptions(id: string) {
  return queryOptions({
    queryKey: valuationQueryKey(id),
    queryFn: async (): Promise<ValuationDetail> =>
      valuationDetailSchema.parse(await apiRequest<unknown>('GET', `/api/admin/valuations/${encodeURIComponent(id)}`)),
    // Watch an offer's e-mail or text go out.
    refetchInterval: (query) => deliveryRefetchInterval(query.state.data?.offers),
  });
}

export function useValuation(id: string) {
  return useQuery(valuationQueryOptions(id));
}

/**
 * The lists and counts a change to one valuation can move: the dashboard's, the archive's and the
 * board's (shown again within its ten seconds of freshness, it would still have the card where it was).
 */
const listKeys = [
  '/api/valuations/active',
  '/api/valuations/archived',
  '/api/admin/valuations/stats',
  '/api/admin/valuations/board',
];

/** After a change: this valuation again, and every list and count it appears in. */
export async function refreshAfterChange(queryClient: QueryClient, id: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: valuationQueryKey(id) }),
    ...listKeys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ]);
}
