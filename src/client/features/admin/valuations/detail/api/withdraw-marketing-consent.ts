import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { refreshAfterChange } from './get-valuation';

/** POST /api/valuations/:id/withdraw-marketing-consent: the Contact tab's "Record withdrawal". */
export function useWithdrawMarketingConsent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<unknown>('POST', `/api/valuations/${encodeURIComponent(id)}/withdraw-marketing-consent`),
    onSettled: () => refreshAfterChange(queryClient, id),
  });
}
