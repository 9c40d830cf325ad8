import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import type { ValuationStatusValue } from '~/shared/admin-valuations';
import type { LostReason } from '~/shared/valuation-lifecycle';
import { refreshAfterChange } from './get-valuation';

/** PATCH /api/valuations/:id/status: the header's status control (a lost request says why). */
export function useUpdateStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { status: ValuationStatusValue; lostReason?: LostReason | undefined }) =>
      apiRequest<unknown>('PATCH', `/api/valuations/${encodeURIComponent(id)}/status`, change),
    onSettled: () => refreshAfterChange(queryClient, id),
  });
}
