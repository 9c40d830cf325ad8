import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setValuationArchived } from './archive-valuation';
import { refreshValuations } from './refresh-valuations';

/** POST /api/valuations/{id}/unarchive: back to the active list (409 when it is not archived). */
export function useRestoreValuation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => setValuationArchived(id, false),
    onSuccess: () => refreshValuations(queryClient),
  });
}
