import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import type { OfferRequest } from '~/shared/valuation-offer';
import { refreshAfterChange } from './get-valuation';

/** POST /api/valuations/:id/offer: stores the offer, queues its messages, moves New to Contacted. */
export function useSendOffer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: OfferRequest) =>
      apiRequest<unknown>('POST', `/api/valuations/${encodeURIComponent(id)}/offer`, offer),
    onSuccess: () => refreshAfterChange(queryClient, id),
  });
}
