import { ArrowDown, ArrowUp, ExternalLink, ListChecks, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import type { DeductionBody } from '~/shared/deduction-schemas';
import { formatDeductionAmount, isFixedAmount, type DeductionItem } from '~/shared/deductions';
import { paths } from '~/shared/paths';
import { ListError, ListLoading } from '../components/list-states';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useChangeDeductions, useDeductions, type DeductionChangeRequest } from './api/deductions';
import { DeductionForm } from './components/deduction-form';

export const handle: RouteHandle = { meta: { title: 'Deductions', noindex: true } };

const itemHeadingId = (id: string) => `deduction-${id}`;
const moveButtonId = (id: string, direction: 'up' | 'down') => `deduction-${id}-${direction}`;

/**
 * /admin/deductions (issue 37): the deductions table, the one list a price revision may take from.
 * Staff add items, change them, put them in order, retire them (never delete: the revisions that
 * used one keep it) and bring them back. How we value publishes the items in use, in this order, the
 * moment they change.
 */
export function Component() {
  const table = useDeductions();
  const change = useChangeDeductions();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  async function apply(request: DeductionChangeRequest, after?: (items: DeductionItem[]) => void) {
    const result = await change.mutateAsync(request);
    toast({ title: result.message });
    after?.(result.table.items);
  }

  /** A move or a retirement by button: the outcome in a toast, the focus kept near. */
  function act(request: DeductionChangeRequest, after?: (items: DeductionItem[]) => void) {
    apply(request, after).catch((failure: unknown) =>
      toast({
        title: 'That did not work',
        description: errorMessage(failure, 'Please try again.'),
        variant: 'destructive',
      }),
    );
  }

  const data = table.data;
  return (
    <>
      <PageHeader
        title="Deductions"
        description="What a price revision may take off an agreed price, per unit, and the evidence staff must record for each. How we value publishes the items in use, in this order."
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <a href={`${paths.howWeValue}#what-we-take-off`} target="_blank" rel="noopener">
                <ExternalLink aria-hidden="true" />
                See it on How we value
              </a>
            </Button>
            <Button
              ref={addButton}
              variant="brand"
              size="sm"
              disabled={editing === 'new'}
              onClick={() => setEditing('new')}
            >
              <Plus aria-hidden="true" />
              Add an item
            </Button>
          </>
        }
      />
      {editing === 'new' ? (
        <Card className="mb-5 p-4 sm:p-5">
          <h2 className="mb-3 text-lg font-bold text-brand-950">Add an item</h2>
          <DeductionForm
            busy={change.isPending}
            onSubmit={(body: DeductionBody) =>
              apply({ kind: 'add', body }, (items) => {
                setEditing(null);
                const added = items.at(-1);
                if (added) focusLater(itemHeadingId(added.id));
              })
            }
            onCancel={() => {
              setEditing(null);
              requestAnimationFrame(() => addButton.current?.focus());
            }}
          />
        </Card>
      ) : null}
      {table.isPending ? (
        <ListLoading label="Loading the deductions table..." />
      ) : table.isError || !data ? (
        <Card>
          <ListError
            title="Failed to load the deductions table"
            error={table.error}
            onRetry={() => void table.refetch()}
          />
        </Card>
      ) : (
        <>
          <section aria-labelledby="in-use-heading">
            <h2 id="in-use-heading" className="mb-3 text-lg font-bold text-brand-950">
              In use ({data.items.length})
            </h2>
            {data.items.length === 0 ? (
              <Card className="grid justify-items-center gap-2 px-4 py-14 text-center">
                <ListChecks aria-hidden="true" className="size-8 text-brand-500" />
                <p className="font-semibold text-brand-950">No items in use</p>
                <p className="max-w-md text-sm text-muted">
                  Without items, no price can be revised. Add the differences you take off for, with their amounts and
                  the evidence each needs.
                </p>
              </Card>
            ) : (
              <ol className={cn('grid gap-3', change.isPending && 'opacity-80')}>
                {data.items.map((item, index) => (
                  <li key={item.id}>
                    <Card className="grid gap-3 p-4 sm:p-5">
                      {editing === item.id ? (
                        <DeductionForm
                          item={item}
                          busy={change.isPending}
                          onSubmit={(body) =>
                            apply({ kind: 'edit', id: item.id, body }, () => {
                              setEditing(null);
                              focusLater(itemHeadingId(item.id));
                            })
                          }
                          onCancel={() => {
                            setEditing(null);
                            focusLater(itemHeadingId(item.id));
                          }}
                        />
                      ) : (
                        <ItemRow
                          item={item}
                          position={index + 1}
                          first={index === 0}
                          last={index === data.items.length - 1}
                          busy={change.isPending}
                          onEdit={() => setEditing(item.id)}
                          onMove={(direction) =>
                            act({ kind: 'move', id: item.id, direction }, (items) => {
                              const at = items.findIndex((candidate) => candidate.id === item.id);
                              // Stay on the same button unless it has just become the end of the table.
                              const atEnd = direction === 'up' ? at === 0 : at === items.length - 1;
                              const other = direction === 'up' ? 'down' : 'up';
                              focusLater(moveButtonId(item.id, atEnd ? other : direction));
                            })
                          }
                          onRetire={() => act({ kind: 'retire', id: item.id }, () => focusLater('in-use-heading'))}
                        />
                      )}
                    </Card>
                  </li>
                ))}
              </ol>
            )}
          </section>
          {data.retired.length > 0 ? (
            <section aria-labelledby="retired-heading" className="mt-8">
              <h2 id="retired-heading" tabIndex={-1} className="mb-1 text-lg font-bold text-brand-950">
                Retired ({data.retired.length})
              </h2>
              <p className="mb-3 text-sm text-muted">
                Not offered for new revisions and not published. Revisions that used them keep them.
              </p>
              <ul className="grid gap-3">
                {data.retired.map((item) => (
                  <li key={item.id}>
                    <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
                      <div className="min-w-0">
                        <p className="font-semibold text-brand-950">{item.name}</p>
                        <p className="text-sm text-muted">{formatDeductionAmount(item)}</p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={change.isPending}
                        onClick={() => act({ kind: 'restore', id: item.id }, () => focusLater(itemHeadingId(item.id)))}
                      >
                        <RotateCcw aria-hidden="true" />
                        Bring back<span className="sr-only">: {item.name}</span>
                      </Button>
                    </Card>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </>
  );
}

function ItemRow({
  item,
  position,
  first,
  last,
  busy,
  onEdit,
  onMove,
  onRetire,
}: {
  item: DeductionItem;
  position: number;
  first: boolean;
  last: boolean;
  busy: boolean;
  onEdit: () => void;
  onMove: (direction: 'up' | 'down') => void;
  onRetire: () => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <div className="min-w-0">
        <h3
          id={itemHeadingId(item.id)}
          tabIndex={-1}
          className="flex items-baseline gap-2 rounded font-bold text-brand-950 focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none"
        >
          <span className="text-sm font-semibold text-muted tabular-nums">{position}.</span>
          {item.name}
        </h3>
        <p className="mt-1 text-sm">
          <span className="font-semibold text-ink">{formatDeductionAmount(item)}</span>
          <span className="text-muted">{isFixedAmount(item) ? ', fixed' : ''}</span>
        </p>
        <p className="mt-1 text-sm text-muted">Evidence: {item.evidence}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          id={moveButtonId(item.id, 'up')}
          variant="outline"
          size="icon"
          className="size-9!"
          aria-label={`Move ${item.name} up`}
          disabled={busy || first}
          onClick={() => onMove('up')}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          id={moveButtonId(item.id, 'down')}
          variant="outline"
          size="icon"
          className="size-9!"
          aria-label={`Move ${item.name} down`}
          disabled={busy || last}
          onClick={() => onMove('down')}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Change<span className="sr-only"> {item.name}</span>
        </Button>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" size="sm" disabled={busy}>
              <Trash2 aria-hidden="true" />
              Retire<span className="sr-only"> {item.name}</span>
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Retire “{item.name}”?</AlertDialogTitle>
              <AlertDialogDescription>
                It is no longer offered for new revisions and How we value stops listing it. Revisions that used it keep
                it. You can bring it back later.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep it</AlertDialogCancel>
              <AlertDialogAction variant="danger" onClick={onRetire}>
                Retire it
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </div>
  );
}
