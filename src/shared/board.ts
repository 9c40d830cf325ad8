import { z } from 'zod';
import { VALUATION_LIST_COUNT_CAP, valuationListQuerySchema } from './admin-valuations';
import {
  nextStage,
  openStages,
  stageChoiceMessages,
  staffEventFor,
  stageLabels,
  type ValuationStage,
} from './valuation-lifecycle';

/**
 * The back office's board (issue 37): the open requests grouped by stage, one column each, newest
 * first, and the moves staff may make by dragging a card or from its "Move to" menu. The board
 * reads `GET /api/admin/valuations/board`; a move goes through the calls that already exist
 * (`POST /api/admin/valuations/:id/contacts` for New to Contacted, which records how the seller was
 * reached; `PATCH /api/valuations/:id/status` for Lost, with why), so the lifecycle decides.
 */

/** The board's columns, in the lifecycle's order: every stage still being worked in. */
export const boardStages = openStages;
export type BoardStage = (typeof boardStages)[number];

/** Cards per column on the first view and per "Show more". */
export const BOARD_COLUMN_SIZE = 25;

/**
 * A column counts its requests up to this many, as the list and the dashboard's stage figures do;
 * past it, it says "1,000+". Counting is what a board costs at a million requests (a capped count
 * reads that many index entries per column, on every view), and a column of a thousand cards is
 * worked from the list, with its search and filters, not by reading the board.
 */
export const BOARD_COUNT_CAP = VALUATION_LIST_COUNT_CAP;

export const boardMessages = {
  invalidStage: `The column must be one of ${boardStages.join(', ')}.`,
  invalidAfter: 'Not a valid card to continue after.',
  afterNeedsStage: 'Say which column (stage) to show more of.',
  loadFailed: 'Could not load the board',
  moreFailed: 'Could not show more requests',
  moved: 'Request moved',
  moveRefused: 'This request cannot move there',
  moveFailed: 'Could not move this request',
  empty: 'No requests here',
} as const;

const { q, owner } = valuationListQuerySchema.shape;

/**
 * `?owner=&q=` (the dashboard list's own filters: "Mine", "Unassigned" and the search), and for a
 * column's "Show more", `stage` with `after`: the last card shown, the next cards follow it.
 */
export const boardQuerySchema = z
  .object({
    q,
    owner,
    stage: z
      .union([z.literal(''), z.enum(boardStages)], { message: boardMessages.invalidStage })
      .optional()
      .transform((v) => (v ? v : undefined)),
    after: z
      .uuid({ message: boardMessages.invalidAfter })
      .optional()
      // A rule between two query parameters, which the API document can only give in words.
      .describe('Only with `stage`: the last card shown in that column; the next page follows it.'),
  })
  .refine((query) => !query.after || query.stage, { message: boardMessages.afterNeedsStage, path: ['stage'] });
export type BoardQuery = z.input<typeof boardQuerySchema>;
export type BoardFilters = z.output<typeof boardQuerySchema>;

/** One card: what staff recognise a request by, and who owns it. */
export const boardCardSchema = z.object({
  id: z.uuid(),
  /** "CB-7K3-9QX". */
  reference: z.string(),
  registration: z.string(),
  /** Null when the vehicle was not identified. */
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(boardStages),
  createdAt: z.iso.datetime(),
  /** The member of staff who owns it ("Sam Staff", or their username without a name); null: nobody yet. */
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

export const boardColumnSchema = z.object({
  stage: z.enum(boardStages),
  /** The column's requests, counted up to BOARD_COUNT_CAP. */
  count: z.number().int().nonnegative(),
  /** More than `count` ("1,000+"). */
  capped: z.boolean(),
  /** Newest first, BOARD_COLUMN_SIZE at most. */
  cards: z.array(boardCardSchema),
  /** The last card's id when more follow (`?stage=…&after=` it); null at the column's end. */
  next: z.uuid().nullable(),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

/** Every column in the lifecycle's order; only the one asked for with `stage`. */
export const boardSchema = z.object({ columns: z.array(boardColumnSchema) });
export type Board = z.infer<typeof boardSchema>;

/**
 * What dropping a card of stage `from` on `to` does: nothing (its own column), a contact to record
 * (New to Contacted: how the seller was reached), a reason to ask (Lost), another staff move, or a
 * refusal in the lifecycle's words ("Send an offer to move this request to "Offer made"."). The
 * same rules as the detail page's control (staffEventFor, then nextStage), so the board offers no
 * move the server would refuse.
 */
export type BoardMove =
  { kind: 'none' } | { kind: 'contact' } | { kind: 'lost' } | { kind: 'status' } | { kind: 'refused'; reason: string };

export function boardMoveFor(from: ValuationStage, to: ValuationStage): BoardMove {
  const event = staffEventFor(from, to, to === 'lost' ? 'no_response' : undefined);
  if (event === null) return { kind: 'none' };
  if ('refusal' in event) return { kind: 'refused', reason: event.refusal };
  const next = nextStage(from, event);
  if (!next.ok) return { kind: 'refused', reason: next.refusal };
  if (to === 'lost') return { kind: 'lost' };
  return event.type === 'contact' ? { kind: 'contact' } : { kind: 'status' };
}

/**
 * The way forward from an open stage that the board cannot take, in the lifecycle's words, for the
 * card's menu: what moves a request on from where it is (an offer, the seller's acceptance, a
 * collection booked, the handover, the payment).
 */
export function wayForward(from: BoardStage): string {
  const following = boardStages[boardStages.indexOf(from) + 1] ?? 'completed';
  const move = boardMoveFor(from, following);
  return move.kind === 'refused' ? move.reason : stageChoiceMessages.offer_made;
}

/** "New", "Offer made"… */
export const boardStageLabel = (stage: ValuationStage) => stageLabels[stage];
