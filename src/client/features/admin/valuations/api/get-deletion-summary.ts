import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { valuationDeletionSummarySchema, type ValuationDeletionSummary } from '~/shared/admin-valuations';

/**
 * GET /api/admin/valuations/{id}/deletion-summary: what deleting the valuation would take with it,
 * counted, asked afresh each time the delete dialog opens (a message may have gone out since).
 */
export function useDeletionSummary(id: string) {
  return useQuery({
    queryKey: ['/api/admin/valuations', id, 'deletion-summary'],
    queryFn: async (): Promise<ValuationDeletionSummary> =>
      valuationDeletionSummarySchema.parse(
        await apiRequest<unknown>('GET', `/api/admin/valuations/${id}/deletion-summary`),
      ),
    staleTime: 0,
    gcTime: 0,
  });
}
