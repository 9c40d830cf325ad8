import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { messageDetailSchema, type MessageDetail, type SendTestMessageInput } from '~/shared/messages';
import { refreshAfterChange } from './get-message';
import { messagesQueryKey } from './list-messages';

/** POST /api/admin/messages/test (201): queues the test message to an address or a number. */
export async function sendTestMessage(input: SendTestMessageInput): Promise<MessageDetail> {
  return messageDetailSchema.parse(await apiRequest<unknown>('POST', `${messagesQueryKey[0]}/test`, input));
}

export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestMessage,
    onSuccess: (message) => refreshAfterChange(queryClient, message),
  });
}
