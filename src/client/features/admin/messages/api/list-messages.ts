import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import { messageListResponseSchema, type MessageListResponse } from '~/shared/messages';
import type { MessageFilters } from '../lib/message-search';
import { pendingRefetchInterval } from '../lib/refetch-interval';

/** GET /api/admin/messages. Invalidating this key reaches every page and filter of the list. */
export const messagesQueryKey = ['/api/admin/messages'] as const;

export const MESSAGES_PAGE_SIZE = 25;

function listParams({ page, status, channel, recipient }: MessageFilters) {
  return { page, pageSize: MESSAGES_PAGE_SIZE, status, channel, recipient: recipient || undefined };
}

export function messagesQueryOptions(filters: MessageFilters) {
  const queryKey = [messagesQueryKey[0], listParams(filters)] as const;
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<MessageListResponse> =>
      messageListResponseSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    // Messages arrive all the time: a list seen a moment ago is asked for again when shown.
    staleTime: 5_000,
    // Paging and filtering keep the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    // Watch a message go out: ask again while any on the page is queued or sending.
    refetchInterval: (query) => pendingRefetchInterval(query.state.data?.items ?? [], Date.now()),
  });
}

export function useMessages(filters: MessageFilters) {
  return useQuery(messagesQueryOptions(filters));
}
