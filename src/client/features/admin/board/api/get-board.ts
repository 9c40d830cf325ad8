import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { queryKeyUrl } from '~/client/lib/query-client';
import type { ValuationOwnerFilter } from '~/shared/admin-valuations';
import { boardSchema, type Board, type BoardStage } from '~/shared/board';
import { appendColumn } from '../lib/board-cache';

/**
 * GET /api/admin/valuations/board. A change made on a request's page invalidates it
 * (refreshAfterChange); a move on the board itself updates its cache (move-card.ts).
 */
export const BOARD_PATH = '/api/admin/valuations/board';

/** The board's filters, as the address carries them. */
export type BoardFiltersState = { owner: ValuationOwnerFilter | undefined; q: string };

export const boardQueryKey = ({ owner, q }: BoardFiltersState) => [BOARD_PATH, { owner, q: q || undefined }] as const;

export function boardQueryOptions(filters: BoardFiltersState) {
  const queryKey = boardQueryKey(filters);
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<Board> => boardSchema.parse(await apiRequest<unknown>('GET', queryKeyUrl(queryKey))),
    // Requests arrive and move all day: a board seen a moment ago is asked for again when shown.
    staleTime: 10_000,
    // A new search keeps the columns on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useBoard(filters: BoardFiltersState) {
  return useQuery(boardQueryOptions(filters));
}

/**
 * A column's "Show more": the cards after the last one shown (`?stage=&after=`), added to the end of
 * that column in the board's cache, so a move afterwards sees every card on screen.
 */
export function useShowMore(filters: BoardFiltersState) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ stage, after }: { stage: BoardStage; after: string }) => {
      const url = queryKeyUrl([BOARD_PATH, { owner: filters.owner, q: filters.q || undefined, stage, after }]);
      return boardSchema.parse(await apiRequest<unknown>('GET', url));
    },
    onSuccess: (more) => {
      const column = more.columns[0];
      if (!column) return;
      queryClient.setQueryData<Board>(boardQueryKey(filters), (board) => board && appendColumn(board, column));
    },
  });
}
