import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import {
  dealerForwardResponseSchema,
  type DealerForwardRequest,
  type DealerForwardResponse,
} from '~/shared/dealer-forward';
import { refreshAfterChange } from './get-valuation';

/** POST /api/valuations/:id/send-to-dealer (202): the report queued as an e-mail to the dealer. */
export function useSendToDealer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: DealerForwardRequest): Promise<DealerForwardResponse> =>
      dealerForwardResponseSchema.parse(
        await apiRequest<unknown>('POST', `/api/valuations/${encodeURIComponent(id)}/send-to-dealer`, request),
      ),
    onSuccess: () => refreshAfterChange(queryClient, id),
  });
}

/** The report as the dealer would get it, for "Preview PDF Report" (opened in a new tab). */
export const previewPdfUrl = (id: string, includeContactDetails = false) =>
  `/api/valuations/${encodeURIComponent(id)}/preview-pdf?includeContactDetails=${String(includeContactDetails)}`;
