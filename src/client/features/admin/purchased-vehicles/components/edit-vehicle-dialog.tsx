import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogForm,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
  type FinalFocus,
} from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast';
import { purchasedVehicleMessages as m, type AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import { applyServerIssues, errorMessage } from '../../lib/server-errors';
import { useUpdateVehicle } from '../api/update-vehicle';
import { vehicleName } from '../lib/vehicle-facts';
import {
  ukToday,
  vehicleFormFields,
  vehicleFormResolver,
  vehicleFormValues,
  vehicleUpdateBody,
  type VehicleFormValues,
} from '../lib/vehicle-form';
import { EditPhotos } from './edit-photos';
import { VehicleFields } from './vehicle-fields';

/**
 * Edit a vehicle: the same fields as the add form, prefilled (the price in pounds), saved
 * together with Save changes; and its photos, where each change is saved at once (remove one,
 * make another the main photo, add more), so staff can fix a typo or replace a photo without
 * deleting the car.
 */
export function EditVehicleDialog({
  vehicle,
  onOpenChange,
  finalFocus,
}: {
  /** The vehicle being edited; null when the dialog is closed. */
  vehicle: AdminPurchasedVehicle | null;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  return (
    <Dialog open={vehicle !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" finalFocus={finalFocus}>
        {vehicle ? <EditVehicle key={vehicle.id} vehicle={vehicle} onSaved={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditVehicle({ vehicle, onSaved }: { vehicle: AdminPurchasedVehicle; onSaved: () => void }) {
  // The photos' changes are saved at once; the latest answer is what the dialog shows.
  const [current, setCurrent] = useState(vehicle);
  const [today] = useState(ukToday);
  const update = useUpdateVehicle();
  const form = useForm<VehicleFormValues>({ resolver: vehicleFormResolver, defaultValues: vehicleFormValues(vehicle) });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: vehicle.id, change: vehicleUpdateBody(values) });
      toast({ title: m.updated });
      onSaved();
    } catch (error) {
      applyServerIssues(error, form.setError, vehicleFormFields);
      toast({ title: m.updateFailed, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit vehicle</DialogTitle>
        <DialogDescription>
          <strong className="font-semibold text-brand-950">{vehicleName(current)}</strong>. Save changes keeps the
          details; changes to the photos are saved straight away.
        </DialogDescription>
      </DialogHeader>
      <DialogForm onSubmit={(event) => void onSubmit(event)}>
        <DialogBody className="grid content-start gap-6">
          <VehicleFields form={form} today={today} columns={2} />
          <EditPhotos vehicle={current} onSaved={setCurrent} />
        </DialogBody>
        <DialogFormActions pending={update.isPending} label="Save changes" pendingLabel="Saving..." />
      </DialogForm>
    </>
  );
}
