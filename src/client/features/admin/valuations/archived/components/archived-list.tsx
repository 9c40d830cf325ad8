import { Eye, RotateCcw, Trash2 } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmailAddress } from '~/client/components/email-address';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { adminValuationMessages, type ValuationListItem } from '~/shared/admin-valuations';
import { adminPaths } from '../../../admin-paths';
import { errorMessage } from '../../../lib/server-errors';
import { useRestoreValuation } from '../../api/restore-valuation';
import { StatusBadge } from '../../components/status-badge';
import { UkTime, VehicleSummary } from '../../components/valuation-summary';
import { conditionLabel, customerName, financeLabel } from '../../lib/valuation-facts';

/** Opens the delete dialog for an item; `trigger` is where focus goes back to if it stays. */
export type AskToDelete = (item: ValuationListItem, trigger: HTMLElement | null) => void;

/**
 * The archive's items (SPEC section 2): vehicle, customer, condition, finance, when archived and
 * when submitted, with View, Restore and Delete. One layout for every width: each item is a row
 * of three blocks on a desktop and a stack on a phone.
 */
export function ArchivedList({ items, onDelete }: { items: ValuationListItem[]; onDelete: AskToDelete }) {
  return (
    <ul aria-label="Archived valuations, newest first" className="divide-y divide-line">
      {items.map((item) => (
        <ArchivedItem key={item.id} item={item} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function ArchivedItem({ item, onDelete }: { item: ValuationListItem; onDelete: AskToDelete }) {
  const deleteRef = useRef<HTMLButtonElement>(null);
  const name = customerName(item);
  const whose = `${name}, ${item.registration}`;
  return (
    <li className="grid gap-4 px-4 py-4 sm:px-5 lg:grid-cols-[12rem_minmax(0,1fr)_auto] lg:items-start lg:gap-6">
      <div className="flex items-start justify-between gap-3 lg:block">
        <VehicleSummary item={item} />
        <StatusBadge status={item.status} className="lg:mt-2" />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <Fact term="Name">{name}</Fact>
        <Fact term="E-mail">
          <a href={`mailto:${item.email}`} className="text-brand-700 hover:underline">
            <EmailAddress address={item.email} />
          </a>
        </Fact>
        <Fact term="Condition">{conditionLabel(item.overallCondition)}</Fact>
        <Fact term="Finance">{financeLabel(item.outstandingFinance)}</Fact>
        <Fact term="Archived">{item.archivedAt ? <UkTime value={item.archivedAt} /> : 'Not archived'}</Fact>
        <Fact term="Submitted">
          <UkTime value={item.createdAt} />
        </Fact>
      </dl>
      <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap lg:flex-col lg:items-stretch">
        <Button asChild variant="outline" size="sm">
          <Link to={adminPaths.valuation(item.id)} aria-label={`View: ${whose}`}>
            <Eye aria-hidden="true" />
            View
          </Link>
        </Button>
        <RestoreButton id={item.id} label={`Restore: ${whose}`} />
        <Button
          ref={deleteRef}
          variant="outline"
          size="sm"
          aria-label={`Delete: ${whose}`}
          className="border-red-200 text-danger hover:bg-red-50"
          onClick={() => onDelete(item, deleteRef.current)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 font-medium break-words text-ink">{children}</dd>
    </>
  );
}

/** Back to the active list (SPEC section 8's toasts). */
function RestoreButton({ id, label }: { id: string; label: string }) {
  const restore = useRestoreValuation();
  const run = async () => {
    try {
      await restore.mutateAsync(id);
      toast({ title: adminValuationMessages.restored });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, adminValuationMessages.restoreFailed),
        variant: 'destructive',
      });
    }
  };
  return (
    <Button variant="brand" size="sm" aria-label={label} disabled={restore.isPending} onClick={() => void run()}>
      {restore.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
      Restore
    </Button>
  );
}
