import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { messageDetailSchema, type MessageDetail } from '~/shared/messages';
import { pendingRefetchInterval } from '../lib/refetch-interval';
import { messagesQueryKey } from './list-messages';

/** GET /api/admin/messages/{id}: the whole message. The query key is the API path. */
export function messageQueryKey(id: string) {
  return [`${messagesQueryKey[0]}/${id}`] as const;
}

export async function fetchMessage(id: string): Promise<MessageDetail> {
  return messageDetailSchema.parse(await apiRequest<unknown>('GET', messageQueryKey(id)[0]));
}

export function messageQueryOptions(id: string) {
  return queryOptions({
    queryKey: messageQueryKey(id),
    queryFn: () => fetchMessage(id),
    staleTime: 5_000,
    // An open message on its way is watched like the list.
    refetchInterval: (query) => pendingRefetchInterval(query.state.data ? [query.state.data] : [], Date.now()),
  });
}

export function useMessage(id: string | undefined) {
  return useQuery({ ...messageQueryOptions(id ?? ''), enabled: id !== undefined });
}

/**
 * After a change the server answered with the message: show it at once, and ask again for it
 * and the list (the worker may already have moved it on).
 */
export async function refreshAfterChange(queryClient: QueryClient, message: MessageDetail): Promise<void> {
  queryClient.setQueryData(messageQueryKey(message.id), message);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: messageQueryKey(message.id) }),
    queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  ]);
}
