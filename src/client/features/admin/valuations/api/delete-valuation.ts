import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { refreshValuations } from './refresh-valuations';

/**
 * DELETE /api/valuations/{id}: removes an archived valuation with its events, photos and their
 * files, for good (409 for an active one).
 */
export function deleteValuation(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/valuations/${id}`);
}

export function useDeleteValuation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteValuation,
    onSuccess: (_, id) => {
      // The deleted valuation's own entries would only fail now; drop them rather than refetch.
      queryClient.removeQueries({ predicate: (query) => query.queryKey.some((part) => part === id) });
      return refreshValuations(queryClient);
    },
  });
}
