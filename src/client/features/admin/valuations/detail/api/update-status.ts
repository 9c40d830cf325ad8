import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import type { ValuationStatusValue } from '~/shared/admin-valuations';
import { refreshAfterChange } from './get-valuation';

/** PATCH /api/valuations/:id/status: the header's status control. */
export function useUpdateStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ValuationStatusValue) =>
      apiRequest<unknown>('PATCH', `/api/valuations/${encodeURIComponent(id)}/status`, { status }),
    onSettled: () => refreshAfterChange(queryClient, id),
  });
}
