import type { FinalFocus } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast';
import { purchasedVehicleMessages as m, type AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { errorMessage } from '../../lib/server-errors';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { photoCount } from '../lib/photo-selection';
import { vehicleName } from '../lib/vehicle-facts';

/** Delete a vehicle, after a confirmation that names it (SPEC section 8's toasts). */
export function DeleteVehicleDialog({
  vehicle,
  onOpenChange,
  onDeleted,
  finalFocus,
}: {
  vehicle: AdminPurchasedVehicle | null;
  onOpenChange: (open: boolean) => void;
  /** Called once it is gone, before the dialog closes (its card, and so its button, go too). */
  onDeleted: () => void;
  finalFocus?: FinalFocus;
}) {
  const deleteVehicle = useDeleteVehicle();
  return (
    <ConfirmDeleteDialog
      item={vehicle}
      title="Delete this vehicle?"
      description="This removes the vehicle and its photos from the website and cannot be undone."
      summary={(item) => (
        <>
          <span className="font-semibold text-brand-950">{vehicleName(item)}</span>
          {item.registration ? <span className="text-muted"> ({item.registration})</span> : null}
          <span className="block text-muted">
            {item.photos.length > 0
              ? `Its ${photoCount(item.photos.length)} will be deleted too.`
              : 'It has no photos.'}
          </span>
        </>
      )}
      confirmLabel="Delete vehicle"
      pending={deleteVehicle.isPending}
      onConfirm={async (item) => {
        try {
          await deleteVehicle.mutateAsync(item.id);
          toast({ title: m.deleted });
          onDeleted();
        } catch (error) {
          toast({
            title: m.deleteFailed,
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        }
      }}
      onOpenChange={onOpenChange}
      finalFocus={finalFocus}
    />
  );
}
