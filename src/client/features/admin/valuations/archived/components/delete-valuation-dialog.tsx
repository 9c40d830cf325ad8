import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/client/components/ui/alert-dialog';
import type { FinalFocus } from '~/client/components/ui/dialog';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { adminValuationMessages, type ValuationListItem } from '~/shared/admin-valuations';
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
  const pending = remove.isPending;

  const confirm = async () => {
    if (!item) return;
    try {
      await remove.mutateAsync(item.id);
      toast({ title: adminValuationMessages.deleted });
      onDeleted();
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, adminValuationMessages.deleteFailed),
        variant: 'destructive',
      });
    }
    onOpenChange(false);
  };

  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <AlertDialogContent finalFocus={finalFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Permanently Delete Valuation?</AlertDialogTitle>
          <AlertDialogDescription>
            This removes the valuation request, its photos and its history for good. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {item ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-line bg-surface px-3.5 py-3 text-sm">
            <NumberPlate registration={item.registration} />
            <span className="font-semibold text-brand-950">{vehicleName(item)}</span>
            <span className="text-muted">{customerName(item)}</span>
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="danger"
            disabled={pending}
            onClick={(event) => {
              // Stay open until the server has answered.
              event.preventDefault();
              void confirm();
            }}
          >
            {pending ? <Spinner /> : null}
            {pending ? 'Deleting...' : 'Delete permanently'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
