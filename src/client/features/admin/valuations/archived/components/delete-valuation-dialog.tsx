import type { FinalFocus } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast';
import { adminValuationMessages, type ValuationListItem } from '~/shared/admin-valuations';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { errorMessage } from '../../../lib/server-errors';
import { useDeleteValuation } from '../../api/delete-valuation';
import { NumberPlate } from '../../components/number-plate';
import { customerName, vehicleName } from '../../lib/valuation-facts';

/** "Permanently Delete Valuation?" (SPEC section 2). Focus starts on Cancel. */
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
      description="This removes the valuation request, its photos and its history for good. This action cannot be undone."
      summary={(valuation) => (
        <>
          <NumberPlate registration={valuation.registration} />
          <span className="font-semibold text-brand-950">{vehicleName(valuation)}</span>
          <span className="text-muted">{customerName(valuation)}</span>
        </>
      )}
      summaryClassName="flex flex-wrap items-center gap-x-2 gap-y-1"
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
