import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { refreshAfterChange } from './get-valuation';

/** POST /api/valuations/:id/messages: staff's answer, stored and e-mailed to the seller with a link to their page. */
export function useReplyToSeller(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<{ message: string }>('POST', `/api/valuations/${encodeURIComponent(id)}/messages`, { body }),
    onSuccess: () => refreshAfterChange(queryClient, id),
  });
}
