import { BOARD_COUNT_CAP, type Board, type BoardCard, type BoardColumn, type BoardStage } from '~/shared/board';

/**
 * The board's cache, changed in place of a reload: a column's next cards added after "Show more",
 * and a card moved at once when staff drop it (rolled back if the server refuses). Pure functions
 * of the board's answer, so the screen and its tests share them.
 */

/** Newest first, then the id, as the server orders a column. */
const before = (a: BoardCard, b: BoardCard) => (a.createdAt !== b.createdAt ? a.createdAt > b.createdAt : a.id > b.id);

/** A column's count after one more (or one fewer) request, capped as the server caps it. */
function counted(column: BoardColumn, change: 1 | -1): Pick<BoardColumn, 'count' | 'capped'> {
  // Past the cap the exact figure is not known: one more or less still reads "1,000+".
  if (column.capped) return { count: column.count, capped: true };
  const count = column.count + change;
  return count > BOARD_COUNT_CAP
    ? { count: BOARD_COUNT_CAP, capped: true }
    : { count: Math.max(0, count), capped: false };
}

/** Adds "Show more"'s cards to the end of their column (any already shown are not repeated). */
export function appendColumn(board: Board, more: BoardColumn): Board {
  return {
    columns: board.columns.map((column) => {
      if (column.stage !== more.stage) return column;
      const shown = new Set(column.cards.map((card) => card.id));
      return {
        ...more,
        cards: [...column.cards, ...more.cards.filter((card) => !shown.has(card.id))],
      };
    }),
  };
}

export function findCard(board: Board | undefined, id: string): BoardCard | undefined {
  for (const column of board?.columns ?? []) {
    const card = column.cards.find((c) => c.id === id);
    if (card) return card;
  }
  return undefined;
}

/** The board without the card (a move's first half; a lost request leaves the board). */
export function removeCard(board: Board, id: string): Board {
  return {
    columns: board.columns.map((column) =>
      column.cards.some((c) => c.id === id)
        ? // The card the next page starts after stays a good bookmark: the server reads its time.
          { ...column, ...counted(column, -1), cards: column.cards.filter((c) => c.id !== id) }
        : column,
    ),
  };
}

/**
 * The board with the card in the column of its stage, placed by time. When that place is below the
 * cards loaded so far (more follow), it is only counted there: "Show more" brings it in its turn.
 */
export function insertCard(board: Board, card: BoardCard): Board {
  return {
    columns: board.columns.map((column) => {
      if (column.stage !== card.status) return column;
      const at = column.cards.findIndex((c) => before(card, c));
      if (at === -1 && column.next !== null) return { ...column, ...counted(column, 1) };
      const cards = [...column.cards];
      cards.splice(at === -1 ? cards.length : at, 0, card);
      return { ...column, ...counted(column, 1), cards };
    }),
  };
}

/** The board with the card moved to `to`: another column, or off the board when it is lost. */
export function moveCard(board: Board, id: string, to: BoardStage | 'lost'): Board {
  const card = findCard(board, id);
  if (!card || card.status === to) return board;
  const without = removeCard(board, id);
  return to === 'lost' ? without : insertCard(without, { ...card, status: to });
}

/** The board with the card back where it was before a refused move (wherever the move put it). */
export function restoreCard(board: Board, card: BoardCard): Board {
  return insertCard(findCard(board, card.id) ? removeCard(board, card.id) : board, card);
}
