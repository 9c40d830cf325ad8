import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDndContext,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { ArrowDownToLine, Ban, CircleX, Inbox } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { cn } from '~/client/lib/cn';
import {
  boardMessages,
  boardMoveFor,
  boardStages,
  type Board,
  type BoardCard,
  type BoardColumn,
  type BoardMove,
  type BoardStage,
} from '~/shared/board';
import { stageLabels, type ValuationStage } from '~/shared/valuation-lifecycle';
import { createColumnDnd, PromptKeyboardSensor } from '../lib/board-dnd';
import { CardPreview, DraggableCard } from './board-card';

/** Where a card can be dropped: each column, and Lost (off the board, with a reason). */
export type DropTarget = BoardStage | 'lost';
const LOST: DropTarget = 'lost';
const dropOrder: readonly UniqueIdentifier[] = [...boardStages, LOST];

export const columnHeadingId = (stage: BoardStage) => `board-column-${stage}-heading`;

const countText = (column: Pick<BoardColumn, 'count' | 'capped'>) =>
  `${column.count.toLocaleString('en-GB')}${column.capped ? '+' : ''}`;

const cardOf = (data: { current?: Record<string, unknown> | undefined } | null | undefined) =>
  data?.current?.card as BoardCard | undefined;

/** What a drop target would do with the card: its label, and whether and why not. */
function describeDrop(card: BoardCard, target: UniqueIdentifier): { label: string; move: BoardMove } {
  const to = target as DropTarget;
  return { label: stageLabels[to], move: boardMoveFor(card.status, to) };
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move a request with the keyboard, press Space or Enter on its drag handle, choose a column with the arrow ' +
    'keys (Lost comes after the last column), then press Space or Enter to drop it there, or Escape to cancel. ' +
    'Its Move menu offers the same moves.',
};

const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const card = cardOf(active.data);
    return card
      ? `Picked up ${card.reference}, in ${stageLabels[card.status]}. Choose a column with the arrow keys.`
      : 'Picked up a request.';
  },
  onDragOver: ({ active, over }) => {
    const card = cardOf(active.data);
    if (!card || !over) return 'Not over a column.';
    const { label, move } = describeDrop(card, over.id);
    // Said at once after pickup too (the card starts over its own column), so it says what to do next.
    if (move.kind === 'none')
      return `${card.reference} is over ${label}, where it is now. Choose a column with the arrow keys.`;
    if (move.kind === 'refused') return `Over ${label}: it cannot move there. ${move.reason}`;
    return `Over ${label}: drop it to move it there.`;
  },
  onDragEnd: ({ active, over }) => {
    const card = cardOf(active.data);
    if (!card || !over) return 'Dropped outside the columns: not moved.';
    const { label, move } = describeDrop(card, over.id);
    if (move.kind === 'none') return `Dropped back in ${label}: not moved.`;
    if (move.kind === 'refused') return `Not moved. ${move.reason}`;
    return `Dropped on ${label}.`;
  },
  onDragCancel: ({ active }) => {
    const card = cardOf(active.data);
    return card ? `Cancelled: ${card.reference} stays in ${stageLabels[card.status]}.` : 'Cancelled.';
  },
};

/**
 * The board: a column per open stage and the Lost drop zone, in one drag-and-drop context. A card
 * is dragged by its handle with the pointer or the keyboard; while it is, each target shows whether
 * it can take the card, and those that cannot say why (the lifecycle's words). A drop anywhere goes
 * to `onChoose`, which asks what the move needs or refuses it.
 */
export function BoardView({
  board,
  stale,
  movingId,
  showingMore,
  onChoose,
  onShowMore,
}: {
  board: Board;
  /** A new filter's answer is on its way: the columns shown are the last ones. */
  stale: boolean;
  /** The card whose move is being sent, if any. */
  movingId: string | undefined;
  showingMore: BoardStage | undefined;
  onChoose: (card: BoardCard, to: ValuationStage) => void;
  onShowMore: (column: BoardColumn) => void;
}) {
  const [active, setActive] = useState<BoardCard | null>(null);
  // Which column the arrow keys chose, between the keyboard sensor and the collision check.
  const [dnd] = useState(() => createColumnDnd(dropOrder));
  const sensors = useSensors(
    // A few pixels before a drag starts, so a tap or click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(PromptKeyboardSensor, { coordinateGetter: dnd.keyboardCoordinates }),
  );

  const start = (event: DragStartEvent) => {
    dnd.reset();
    setActive(cardOf(event.active.data) ?? null);
  };
  const end = (event: DragEndEvent) => {
    dnd.reset();
    setActive(null);
    const card = cardOf(event.active.data);
    if (card && event.over) onChoose(card, event.over.id as DropTarget);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dnd.collision}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={() => {
        dnd.reset();
        setActive(null);
      }}
    >
      <LostZone active={active} />
      {/* Relative: the screen-reader-only text in the cards is positioned, and must scroll (and clip) with them. */}
      <div
        className={cn(
          'relative -mx-4 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 xl:mx-0 xl:overflow-visible xl:px-0',
          stale && 'opacity-60',
        )}
      >
        <div className="flex snap-x snap-mandatory gap-3 xl:grid xl:grid-cols-6">
          {board.columns.map((column) => (
            <Column
              key={column.stage}
              column={column}
              active={active}
              movingId={movingId}
              showingMore={showingMore === column.stage}
              onChoose={onChoose}
              onShowMore={() => onShowMore(column)}
            />
          ))}
        </div>
      </div>
      {/* No drop animation: a move that asks something opens its dialog at once. */}
      <DragOverlay dropAnimation={null}>{active ? <DragPreview card={active} /> : null}</DragOverlay>
    </DndContext>
  );
}

/**
 * The card under the pointer, saying what a drop here would do: where it would go, or why it
 * cannot (the lifecycle's words), right where staff are looking.
 */
function DragPreview({ card }: { card: BoardCard }) {
  const { over } = useDndContext();
  const drop = over ? describeDrop(card, over.id) : null;
  const kind = drop?.move.kind;
  return (
    <div className="grid gap-1">
      <CardPreview card={card} />
      {drop && kind !== 'none' ? (
        <p
          className={cn(
            'flex gap-1.5 rounded-md border px-2.5 py-1.5 text-xs font-semibold shadow-md',
            kind === 'refused' ? 'border-red-200 bg-red-50 text-danger' : 'border-brand-200 bg-white text-brand-900',
          )}
        >
          {kind === 'refused' ? (
            <Ban aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          ) : (
            <ArrowDownToLine aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          )}
          {drop.move.kind === 'refused' ? drop.move.reason : `Drop to move it to ${drop.label}`}
        </p>
      ) : null}
    </div>
  );
}

/** How a target looks while a card is dragged: able to take it, not, or the card's own column. */
function dropTone(active: BoardCard | null, target: DropTarget): BoardMove['kind'] | null {
  return active ? boardMoveFor(active.status, target).kind : null;
}

function Column({
  column,
  active,
  movingId,
  showingMore,
  onChoose,
  onShowMore,
}: {
  column: BoardColumn;
  active: BoardCard | null;
  movingId: string | undefined;
  showingMore: boolean;
  onChoose: (card: BoardCard, to: ValuationStage) => void;
  onShowMore: () => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const tone = dropTone(active, column.stage);
  const label = stageLabels[column.stage];
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={columnHeadingId(column.stage)}
      className={cn(
        'flex w-[min(20rem,82vw)] shrink-0 snap-start flex-col rounded-[var(--radius-card)] border border-line bg-slate-50 xl:w-auto xl:min-w-0',
        tone === 'contact' || tone === 'lost' || tone === 'status'
          ? cn('border-dashed border-brand-500 bg-brand-50/60', isOver && 'border-solid ring-3 ring-brand-500/40')
          : null,
        tone === 'refused' && cn('bg-slate-100', isOver && 'border-red-300 ring-3 ring-red-200'),
      )}
    >
      <header className="flex items-center justify-between gap-2 border-b border-line px-3 py-2.5 xl:min-h-15">
        <h2 id={columnHeadingId(column.stage)} tabIndex={-1} className="text-sm font-bold text-brand-950">
          {label}
        </h2>
        <span className="rounded-full bg-white px-2 text-xs leading-5 font-semibold text-brand-800 ring-1 ring-brand-100">
          {countText(column)}
          <span className="sr-only"> {column.count === 1 && !column.capped ? 'request' : 'requests'}</span>
        </span>
      </header>
      <div className="grid min-h-24 content-start gap-2 p-2 xl:max-h-[calc(100dvh-15rem)] xl:overflow-y-auto">
        {column.cards.length === 0 ? (
          <p className="flex items-center justify-center gap-2 rounded-lg border border-dashed border-line px-3 py-6 text-xs text-muted">
            <Inbox aria-hidden="true" className="size-4" />
            {boardMessages.empty}
          </p>
        ) : (
          <ul aria-labelledby={columnHeadingId(column.stage)} className="grid gap-2">
            {column.cards.map((card) => (
              <li key={card.id}>
                <DraggableCard card={card} disabled={movingId === card.id} onChoose={onChoose} />
              </li>
            ))}
          </ul>
        )}
        {column.next ? (
          <Button variant="outline" size="sm" className="w-full" disabled={showingMore} onClick={onShowMore}>
            {showingMore ? <Spinner /> : null}
            Show more
            <span className="sr-only">
              {' '}
              in {label}: {column.cards.length} of {countText(column)} shown
            </span>
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** Off the board: dropping a card here marks the request lost, once staff say why. */
function LostZone({ active }: { active: BoardCard | null }) {
  const { setNodeRef, isOver } = useDroppable({ id: LOST });
  const tone = dropTone(active, LOST);
  return (
    <div
      ref={setNodeRef}
      className={cn(
        'mb-3 flex items-center gap-2.5 rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-3 py-2.5 text-sm text-muted',
        tone === 'lost' && 'border-red-300 bg-red-50/60 text-danger',
        tone === 'lost' && isOver && 'border-solid ring-3 ring-red-200',
      )}
    >
      <CircleX aria-hidden="true" className="size-5 shrink-0" />
      <p>
        <span className="font-semibold">Lost</span>: drop a request here to mark it as lost. You will be asked why.
      </p>
    </div>
  );
}
