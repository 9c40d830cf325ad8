import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { messageDetailSchema, type MessageDetail } from '~/shared/messages';
import { messageQueryKey, refreshAfterChange } from './get-message';

/** POST /api/admin/messages/{id}/retry (200): a failed or held message is queued again; 409 otherwise. */
export async function retryMessage(id: string): Promise<MessageDetail> {
  return messageDetailSchema.parse(await apiRequest<unknown>('POST', `${messageQueryKey(id)[0]}/retry`));
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMessage,
    onSuccess: (message) => refreshAfterChange(queryClient, message),
  });
}
