import { useId } from 'react';
import type { FinalFocus } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast';
import { adminValuationMessages, type ValuationListItem } from '~/shared/admin-valuations';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { errorMessage } from '../../../lib/server-errors';
import { useDeleteValuation } from '../../api/delete-valuation';
import { useDeletionSummary } from '../../api/get-deletion-summary';
import { NumberPlate } from '../../../components/number-plate';
import { customerName, vehicleName } from '../../lib/valuation-facts';
import { deletionItems } from '../lib/deletion-items';

/**
 * "Permanently Delete Valuation?" (SPEC section 2), listing everything that goes with it, counted
 * (issue 31). Focus starts on Cancel.
 */
export function DeleteValuationDialog({
  item,
  onOpenChange,
  onDeleted,
  finalFocus,
}: {
  item: ValuationListItem | null;
  onOpenChange: (open: boolean) => void;
  /** Called once it is gone, before the dialog closes (its row, and so its button, go too). */
  onDeleted: () => void;
  finalFocus?: FinalFocus;
}) {
  const remove = useDeleteValuation();
  return (
    <ConfirmDeleteDialog
      item={item}
      title="Permanently Delete Valuation?"
      description="This deletes the valuation request and everything kept with it, for good. This action cannot be undone."
      summary={(valuation) => (
        <>
          <NumberPlate registration={valuation.registration} />
          <span className="font-semibold text-brand-950">{vehicleName(valuation)}</span>
          <span className="text-muted">{customerName(valuation)}</span>
        </>
      )}
      summaryClassName="flex flex-wrap items-center gap-x-2 gap-y-1"
      details={(valuation) => <WhatGoes id={valuation.id} />}
      confirmLabel="Delete permanently"
      pending={remove.isPending}
      onConfirm={async (valuation) => {
        try {
          await remove.mutateAsync(valuation.id);
          toast({ title: adminValuationMessages.deleted });
          onDeleted();
        } catch (error) {
          toast({
            title: 'Error',
            description: errorMessage(error, adminValuationMessages.deleteFailed),
            variant: 'destructive',
          });
        }
      }}
      onOpenChange={onOpenChange}
      finalFocus={finalFocus}
    />
  );
}

/** The list of what goes: counted once the server has said, by kind until then. */
function WhatGoes({ id }: { id: string }) {
  const summary = useDeletionSummary(id);
  const headingId = useId();
  return (
    <div className="text-sm">
      <p id={headingId} className="font-semibold text-brand-950">
        What will be deleted
      </p>
      <ul aria-labelledby={headingId} className="mt-1.5 list-disc space-y-0.5 pl-5 text-ink">
        {deletionItems(summary.data).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {summary.isError ? (
        <p className="mt-1.5 text-muted">Could not count them just now; all of these go with it.</p>
      ) : null}
    </div>
  );
}
