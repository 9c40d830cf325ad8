import { describe, expect, it } from 'vitest';
import {
  BOARD_COUNT_CAP,
  boardStages,
  type Board,
  type BoardCard,
  type BoardColumn,
  type BoardStage,
} from '~/shared/board';
import { appendColumn, findCard, insertCard, moveCard, removeCard, restoreCard } from './board-cache';

let serial = 0;
function card(stage: BoardStage, minute: number, overrides: Partial<BoardCard> = {}): BoardCard {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    reference: `CB-222-${String(serial).padStart(3, '2')}`,
    registration: 'AB12CDE',
    make: 'FORD',
    model: 'Focus',
    year: 2018,
    firstName: 'Jane',
    lastName: 'Smith',
    status: stage,
    createdAt: new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString(),
    owner: null,
    ...overrides,
  };
}

function boardOf(columns: Partial<Record<BoardStage, Partial<BoardColumn>>>): Board {
  return {
    columns: boardStages.map((stage) => {
      const given = columns[stage] ?? {};
      const cards = given.cards ?? [];
      return { stage, count: cards.length, capped: false, cards, next: null, ...given };
    }),
  };
}
const column = (board: Board, stage: BoardStage) => board.columns.find((c) => c.stage === stage)!;
const minutes = (board: Board, stage: BoardStage) =>
  column(board, stage).cards.map((c) => new Date(c.createdAt).getUTCMinutes());

describe('the board’s cache', () => {
  it('moves a card to its place by time in the new column, and counts both', () => {
    const moving = card('new', 30);
    const board = boardOf({
      new: { cards: [card('new', 50), moving, card('new', 10)] },
      contacted: { cards: [card('contacted', 40), card('contacted', 20)] },
    });
    const moved = moveCard(board, moving.id, 'contacted');
    expect(minutes(moved, 'new')).toEqual([50, 10]);
    expect(minutes(moved, 'contacted')).toEqual([40, 30, 20]);
    expect(column(moved, 'contacted').cards[1]).toEqual({ ...moving, status: 'contacted' });
    expect([column(moved, 'new').count, column(moved, 'contacted').count]).toEqual([2, 3]);
    expect(findCard(moved, moving.id)?.status).toBe('contacted');
    // Nothing else changes, and the original is left as it was.
    expect(column(board, 'new').cards).toHaveLength(3);
  });

  it('takes a lost card off the board', () => {
    const losing = card('offer_made', 5);
    const moved = moveCard(boardOf({ offer_made: { cards: [losing] } }), losing.id, 'lost');
    expect(findCard(moved, losing.id)).toBeUndefined();
    expect(column(moved, 'offer_made').count).toBe(0);
  });

  it('only counts a card whose place is past the cards loaded, so "Show more" brings it in turn', () => {
    const old = card('new', 1);
    const board = boardOf({
      new: { cards: [old] },
      contacted: { cards: [card('contacted', 40)], count: 30, next: 'x' },
    });
    const moved = moveCard(board, old.id, 'contacted');
    expect(minutes(moved, 'contacted')).toEqual([40]);
    expect(column(moved, 'contacted').count).toBe(31);
    // At the end of a column that has no more, it is shown last.
    const ended = moveCard(
      boardOf({ new: { cards: [old] }, contacted: { cards: [card('contacted', 40)] } }),
      old.id,
      'contacted',
    );
    expect(minutes(ended, 'contacted')).toEqual([40, 1]);
  });

  it('keeps counts past the cap as "1,000+" and caps a count that passes it', () => {
    const one = card('new', 1);
    const board = boardOf({
      new: { cards: [one], count: BOARD_COUNT_CAP, capped: true },
      contacted: { count: BOARD_COUNT_CAP, capped: false },
    });
    const moved = moveCard(board, one.id, 'contacted');
    expect(column(moved, 'new')).toMatchObject({ count: BOARD_COUNT_CAP, capped: true });
    expect(column(moved, 'contacted')).toMatchObject({ count: BOARD_COUNT_CAP, capped: true });
  });

  it('puts a refused card back where it was, from wherever the move put it', () => {
    const moving = card('new', 30);
    const board = boardOf({ new: { cards: [card('new', 50), moving, card('new', 10)] } });
    for (const to of ['contacted', 'lost'] as const) {
      const back = restoreCard(moveCard(board, moving.id, to), moving);
      expect(back).toEqual(board);
    }
    expect(removeCard(board, 'no-such-card')).toEqual(board);
    expect(insertCard(removeCard(board, moving.id), moving)).toEqual(board);
  });

  it('adds "Show more"’s cards to the end of their column, once', () => {
    const [a, b, c] = [card('new', 30), card('new', 20), card('new', 10)];
    const board = boardOf({ new: { cards: [a!, b!], count: 3, next: b!.id } });
    const more = appendColumn(board, { stage: 'new', count: 3, capped: false, cards: [b!, c!], next: null });
    expect(column(more, 'new')).toMatchObject({ cards: [a, b, c], next: null, count: 3 });
  });
});
