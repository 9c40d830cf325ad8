import { RefreshCw, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import {
  VALUATION_SEARCH_MAX_LENGTH,
  valuationOwnerFilters,
  type ValuationOwnerFilter,
} from '~/shared/admin-valuations';
import { boardMessages, boardMoveFor, type BoardCard, type BoardStage } from '~/shared/board';
import { contactChannelLabels } from '~/shared/staff-pipeline';
import { lostReasonLabels, stageLabels, type ValuationStage } from '~/shared/valuation-lifecycle';
import { ListError, ListLoading } from '../components/list-states';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useDebouncedSearch } from '../lib/use-debounced-search';
import { useBoard, useShowMore, type BoardFiltersState } from './api/get-board';
import { useMoveCard, type CardMove } from './api/move-card';
import { handleId, menuButtonId } from './components/board-card';
import { BoardView, columnHeadingId } from './components/board-view';
import { ContactDialog, LostDialog, type ContactAnswer } from './components/move-dialogs';

export const handle: RouteHandle = { meta: { title: 'Board', noindex: true } };

const ownerChoices: { value: ValuationOwnerFilter | undefined; label: string }[] = [
  { value: undefined, label: 'Everyone' },
  { value: 'mine', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
];

function readFilters(search: URLSearchParams): BoardFiltersState {
  const owner = valuationOwnerFilters.find((value) => value === search.get('owner'));
  return { owner, q: (search.get('q') ?? '').trim().slice(0, VALUATION_SEARCH_MAX_LENGTH) };
}

function searchFor({ owner, q }: BoardFiltersState): URLSearchParams {
  const params = new URLSearchParams();
  if (owner) params.set('owner', owner);
  if (q) params.set('q', q);
  return params;
}

type Asking = { kind: 'lost' | 'contact'; card: BoardCard };

/**
 * /admin/board (issue 37): the open requests by stage, newest first, "Mine", "Unassigned" and the
 * search as on the dashboard. A card moves by dragging (pointer or keyboard) or from its menu, only
 * where the lifecycle lets staff move it: New to Contacted logs how the seller was reached, any
 * open stage to Lost says why; the other stages have their own ways (an offer, the seller's
 * acceptance, a collection, the handover), which the board names when a card is dropped there.
 * The card moves at once and goes back, with the server's reason, if the server refuses.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const filters = readFilters(search);
  const board = useBoard(filters);
  const showMore = useShowMore(filters);
  const move = useMoveCard(filters);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  // Where focus goes when a move's dialog is closed without a move: the card's menu button. Null
  // once a move is answered: the board puts focus then (closeAndFocus), and the dialog leaves it be.
  const returnFocus = useRef<HTMLElement | null>(null);
  // What closeAndFocus could not focus yet (not drawn, or a button still disabled): the id, focused
  // after the render that draws it, unless a person has put focus somewhere meanwhile.
  const focusWhenDrawn = useRef<string | null>(null);
  useEffect(() => {
    const id = focusWhenDrawn.current;
    const element = id ? document.getElementById(id) : null;
    if (!element || element.matches(':disabled')) return;
    focusWhenDrawn.current = null;
    if (document.activeElement === null || document.activeElement === document.body) element.focus();
  });

  /**
   * The one place focus is put after a move is answered: on where the card went (or its column's
   * heading, when it left the board), or on its menu button when the move failed. The dialog is
   * closed first and at once (flushSync: when it returns, the dialog and its focus trap are gone),
   * then focus is put, in the same task, so nothing moves it afterwards: a key pressed next is
   * heard where it was put. (The dialog used to put it back in a timer and the board again two
   * frames later; on a busy machine a key pressed in between went to the card focus had left.)
   */
  const closeAndFocus = (id: string) => {
    returnFocus.current = null;
    flushSync(() => setAsking(null));
    const element = document.getElementById(id);
    if (element && !element.matches(':disabled')) element.focus();
    else focusWhenDrawn.current = id;
  };

  const filter = (next: Partial<BoardFiltersState>, typing = false) =>
    setSearch(searchFor({ ...filters, ...next }), { replace: typing, preventScrollReset: true });

  const send = async (change: CardMove, done: string) => {
    const { card } = change;
    const from = card.status;
    try {
      await move.mutateAsync(change);
      toast({ title: boardMessages.moved, description: done });
      closeAndFocus(change.to === 'lost' ? columnHeadingId(from) : handleId(card.id));
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 409;
      toast({
        title: refused ? boardMessages.moveRefused : boardMessages.moveFailed,
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      // The dialog stays for what a second try can mend (the note, the network, the server's
      // hiccup); a refusal, or a request gone, will answer the same again.
      const mendable = !(error instanceof ApiError) || error.status === 400 || error.status >= 500;
      if (error instanceof ApiError && error.status === 400) {
        setNoteError(errorMessage(error, 'Please check the note.'));
      } else if (!mendable || !asking) {
        closeAndFocus(menuButtonId(card.id));
      }
    }
  };

  const choose = (card: BoardCard, to: ValuationStage) => {
    const next = boardMoveFor(card.status, to);
    switch (next.kind) {
      case 'none':
        return;
      case 'refused':
        toast({ title: boardMessages.moveRefused, description: next.reason, variant: 'destructive' });
        return;
      case 'contact':
      case 'lost':
        returnFocus.current = document.getElementById(menuButtonId(card.id));
        setNoteError(null);
        setAsking({ kind: next.kind, card });
        return;
      case 'status':
        void send({ card, to: to as BoardStage }, `${card.reference} is now ${stageLabels[to]}.`);
    }
  };

  const refresh = async () => {
    const result = await board.refetch();
    if (result.isSuccess) toast({ title: 'Refreshed' });
    else
      toast({
        title: 'Error',
        description: errorMessage(result.error, boardMessages.loadFailed),
        variant: 'destructive',
      });
  };

  const data = board.data;
  const total = data?.columns.reduce((sum, column) => sum + column.count, 0) ?? 0;
  const capped = data?.columns.some((column) => column.capped) ?? false;
  const filtered = Boolean(filters.owner || filters.q);

  return (
    <>
      <PageHeader
        title="Board"
        description="Open requests by stage, newest first. Drag a card by its handle, or use its Move menu, to move it where the lifecycle allows."
        actions={
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={board.isFetching}>
            <RefreshCw aria-hidden="true" className={cn(board.isFetching && 'animate-spin')} />
            Refresh
          </Button>
        }
      />
      <Card className="mb-4 grid gap-3 px-4 py-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-end sm:px-5">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-brand-950">Owner</legend>
          <div className="inline-flex w-full rounded-lg border border-slate-300 bg-white p-0.5 sm:w-auto">
            {ownerChoices.map((choice) => (
              <label
                key={choice.label}
                className="relative flex h-9 flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-semibold whitespace-nowrap text-brand-900 has-checked:bg-brand-800 has-checked:text-white has-focus-visible:ring-3 has-focus-visible:ring-brand-500/40 sm:flex-none"
              >
                {/* Over the whole choice, unseen: the label's look is the radio's. */}
                <input
                  type="radio"
                  name="board-owner"
                  className="absolute inset-0 cursor-pointer appearance-none rounded-md opacity-0"
                  checked={filters.owner === choice.value}
                  onChange={() => filter({ owner: choice.value })}
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        <BoardSearch committed={filters.q} onCommit={(q) => filter({ q }, true)} />
      </Card>
      <p role="status" className="mb-3 text-sm text-muted">
        {data
          ? total === 0
            ? filtered
              ? 'No open requests match these filters.'
              : 'No open requests.'
            : `${total.toLocaleString('en-GB')}${capped ? '+' : ''} open ${total === 1 && !capped ? 'request' : 'requests'}${filtered ? ' match these filters' : ''}.`
          : ''}
      </p>
      {board.isPending ? (
        <Card>
          <ListLoading label="Loading the board..." />
        </Card>
      ) : board.isError && !data ? (
        <Card>
          <ListError title={boardMessages.loadFailed} error={board.error} onRetry={() => void board.refetch()} />
        </Card>
      ) : data ? (
        <BoardView
          board={data}
          stale={board.isPlaceholderData}
          movingId={move.isPending ? move.variables?.card.id : undefined}
          showingMore={showMore.isPending ? showMore.variables?.stage : undefined}
          onChoose={choose}
          onShowMore={(column) => {
            if (!column.next) return;
            showMore.mutate(
              { stage: column.stage, after: column.next },
              {
                onError: (error) =>
                  toast({
                    title: boardMessages.moreFailed,
                    description: errorMessage(error, 'Please try again.'),
                    variant: 'destructive',
                  }),
              },
            );
          }}
        />
      ) : null}
      <LostDialog
        card={asking?.kind === 'lost' ? asking.card : null}
        pending={move.isPending}
        finalFocus={returnFocus}
        onCancel={() => setAsking(null)}
        onConfirm={(card, reason) =>
          void send(
            { card, to: 'lost', lostReason: reason },
            `${card.reference} is marked as lost: ${lostReasonLabels[reason]}.`,
          )
        }
      />
      <ContactDialog
        card={asking?.kind === 'contact' ? asking.card : null}
        pending={move.isPending}
        noteError={noteError}
        finalFocus={returnFocus}
        onCancel={() => setAsking(null)}
        onConfirm={(card, contact: ContactAnswer) =>
          void send(
            { card, to: 'contacted', contact },
            `${card.reference} is now Contacted (${contactChannelLabels[contact.channel].toLowerCase()} logged).`,
          )
        }
      />
    </>
  );
}

/** The dashboard list's search, here: typed text is sent once typing pauses, and kept in the address. */
function BoardSearch({ committed, onCommit }: { committed: string; onCommit: (q: string) => void }) {
  const id = useId();
  const [value, setValue] = useDebouncedSearch(committed, onCommit);
  return (
    <div role="search" aria-label="Search the board" className="grid gap-1.5">
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={VALUATION_SEARCH_MAX_LENGTH}
          placeholder="Registration, make and model, name or reference"
          autoComplete="off"
          spellCheck={false}
          className="pl-10"
        />
      </div>
    </div>
  );
}
