import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import type { Board, BoardCard, BoardStage } from '~/shared/board';
import type { ContactChannel } from '~/shared/staff-pipeline';
import type { LostReason } from '~/shared/valuation-lifecycle';
import { moveCard, restoreCard } from '../lib/board-cache';
import { BOARD_PATH, boardQueryKey, type BoardFiltersState } from './get-board';

/**
 * A card dropped where the lifecycle lets staff move it: New to Contacted logs how the seller was
 * reached (`POST /api/admin/valuations/:id/contacts`, which moves it through the lifecycle), Lost
 * says why (`PATCH /api/valuations/:id/status`, as the detail page's control does), and any other
 * staff move goes through the same status call.
 */
export type CardMove =
  | { card: BoardCard; to: 'contacted'; contact: { channel: ContactChannel; note: string } }
  | { card: BoardCard; to: 'lost'; lostReason: LostReason }
  | { card: BoardCard; to: BoardStage };

function send(move: CardMove): Promise<unknown> {
  const id = encodeURIComponent(move.card.id);
  if ('contact' in move) {
    return apiRequest('POST', `/api/admin/valuations/${id}/contacts`, {
      channel: move.contact.channel,
      ...(move.contact.note ? { note: move.contact.note } : {}),
    });
  }
  const body = 'lostReason' in move ? { status: 'lost', lostReason: move.lostReason } : { status: move.to };
  return apiRequest('PATCH', `/api/valuations/${id}/status`, body);
}

/** Every cached answer about valuations but the board: both lists, the stats, any request's page. */
const isOtherValuationQuery = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && key[0] !== BOARD_PATH && /^\/api\/(admin\/)?valuations(\/|$)/.test(key[0]);

function refreshOthers(queryClient: QueryClient) {
  // The board on screen already shows the move (and keeps the cards "Show more" brought); boards of
  // other filters are asked for again when shown.
  void queryClient.invalidateQueries({ queryKey: [BOARD_PATH], refetchType: 'none' });
  return queryClient.invalidateQueries({ predicate: (query) => isOtherValuationQuery(query.queryKey) });
}

/**
 * Moves the card at once (optimistic); when the server refuses (409, with the lifecycle's reason),
 * puts it back where it was and asks for the board again, since someone else may have moved it.
 */
export function useMoveCard(filters: BoardFiltersState) {
  const queryClient = useQueryClient();
  const key = boardQueryKey(filters);
  return useMutation({
    mutationFn: send,
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Board>(key, (board) => board && moveCard(board, move.card.id, move.to));
    },
    onError: (_error, move) => {
      queryClient.setQueryData<Board>(key, (board) => board && restoreCard(board, move.card));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: () => refreshOthers(queryClient),
  });
}
