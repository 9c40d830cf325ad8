import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { valuationListItemSchema, type ValuationListItem } from '~/shared/admin-valuations';
import { refreshValuations } from './refresh-valuations';

/**
 * POST /api/valuations/{id}/archive, or /unarchive to restore (the answer is the row as it is
 * now; 409 when it already is in that list).
 */
export async function setValuationArchived(id: string, archive: boolean): Promise<ValuationListItem> {
  const action = archive ? 'archive' : 'unarchive';
  return valuationListItemSchema.parse(await apiRequest<unknown>('POST', `/api/valuations/${id}/${action}`));
}

export function useArchiveValuation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => setValuationArchived(id, true),
    onSuccess: () => refreshValuations(queryClient),
  });
}
