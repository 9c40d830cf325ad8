import { useDraggable } from '@dnd-kit/core';
import { ArrowRightLeft, ExternalLink, GripVertical, UserRound } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/client/components/ui/dropdown-menu';
import { cn } from '~/client/lib/cn';
import { wayForward, type BoardCard } from '~/shared/board';
import { stageLabels, staffStageChoices, type ValuationStage } from '~/shared/valuation-lifecycle';
import { makeAndModel } from '~/shared/vehicle-names';
import { adminPaths } from '../../admin-paths';
import { NumberPlate } from '../../components/number-plate';
import { formatUkDateAndTime } from '../../lib/format-date';

/** The ids the board moves focus to after a move: a card's drag handle and its menu button. */
export const handleId = (cardId: string) => `board-card-${cardId}-handle`;
export const menuButtonId = (cardId: string) => `board-card-${cardId}-move`;

/** "Ford Focus, 2018", as the lists name a car; "Vehicle details pending" when it was not identified. */
function vehicleOf(card: BoardCard): string {
  const name = makeAndModel(card);
  if (!name) return 'Vehicle details pending';
  return card.year ? `${name}, ${card.year}` : name;
}

/** A card in its column: dragged by its handle (pointer or keyboard), or moved from its menu. */
export function DraggableCard({
  card,
  disabled,
  onChoose,
}: {
  card: BoardCard;
  /** While a move of this card is on its way. */
  disabled: boolean;
  onChoose: (card: BoardCard, to: ValuationStage) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { card },
    disabled,
  });
  return (
    <CardBody
      card={card}
      nodeRef={setNodeRef}
      handle={
        <button
          type="button"
          id={handleId(card.id)}
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${card.reference}`}
          className="-ml-1 inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-brand-50 hover:text-brand-900 focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      }
      className={cn(isDragging && 'opacity-40', disabled && 'opacity-60')}
      menu={<MoveMenu card={card} disabled={disabled} onChoose={onChoose} />}
    />
  );
}

/** The card as it follows the pointer (DragOverlay): the same face, lifted. */
export function CardPreview({ card }: { card: BoardCard }) {
  return <CardBody card={card} className="rotate-1 shadow-xl ring-2 ring-brand-500" />;
}

function CardBody({
  card,
  nodeRef,
  handle,
  menu,
  className,
}: {
  card: BoardCard;
  nodeRef?: Ref<HTMLElement>;
  /** The drag handle; the preview draws the grip alone. */
  handle?: ReactNode;
  menu?: ReactNode;
  className?: string;
}) {
  const titleId = `board-card-${card.id}-title`;
  return (
    <article
      ref={nodeRef}
      aria-labelledby={titleId}
      className={cn('grid gap-2 rounded-lg border border-line bg-white p-2.5 text-sm shadow-xs', className)}
    >
      <div className="flex items-start gap-1">
        {handle ?? (
          <span
            aria-hidden="true"
            className="-ml-1 inline-flex size-8 shrink-0 items-center justify-center text-slate-500"
          >
            <GripVertical className="size-4" />
          </span>
        )}
        <div className="grid min-w-0 flex-1 justify-items-start gap-1 pt-1">
          <Link
            id={titleId}
            to={adminPaths.valuation(card.id)}
            className="font-mono text-sm font-bold text-brand-800 underline-offset-2 hover:underline"
          >
            {card.reference}
          </Link>
          <NumberPlate registration={card.registration} spaced />
        </div>
        {menu}
      </div>
      <div className="grid gap-0.5 pl-1">
        <p className="font-semibold break-words text-brand-950">{vehicleOf(card)}</p>
        <p className="break-words text-ink">
          {card.firstName} {card.lastName}
        </p>
        <p className="text-xs text-muted">
          <span className="sr-only">Received </span>
          <time dateTime={card.createdAt}>{formatUkDateAndTime(card.createdAt)}</time>
        </p>
        <p className={cn('flex items-center gap-1 text-xs', card.owner ? 'text-brand-900' : 'text-muted')}>
          <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="min-w-0 truncate">
            {card.owner ? (
              <>
                <span className="sr-only">Owner: </span>
                {card.owner.name}
              </>
            ) : (
              'Unassigned'
            )}
          </span>
        </p>
      </div>
    </article>
  );
}

/**
 * "Move to": only the stages staff may move this request to from where it is (the lifecycle's
 * staffStageChoices), each asking what it needs; then the way forward the board cannot take, and
 * the request's own page. The keyboard's and the phone's way to move a card.
 */
function MoveMenu({
  card,
  disabled,
  onChoose,
}: {
  card: BoardCard;
  disabled: boolean;
  onChoose: (card: BoardCard, to: ValuationStage) => void;
}) {
  const choices = staffStageChoices(card.status);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          id={menuButtonId(card.id)}
          variant="ghost"
          size="sm"
          disabled={disabled}
          aria-label={`Move ${card.reference} to…`}
          className="-mr-1 size-8 shrink-0 px-0 text-slate-600 [&_svg]:size-4"
        >
          <ArrowRightLeft aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="text-muted">Move {card.reference} to</DropdownMenuLabel>
        {choices.map((to) => (
          <DropdownMenuItem
            key={to}
            variant={to === 'lost' ? 'destructive' : 'default'}
            onSelect={() => onChoose(card, to)}
          >
            {stageLabels[to]}…
          </DropdownMenuItem>
        ))}
        <p className="px-2.5 py-1.5 text-xs text-muted">{wayForward(card.status)}</p>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={adminPaths.valuation(card.id)}>
            <ExternalLink aria-hidden="true" />
            Open the request
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
