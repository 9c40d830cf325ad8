import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPurchasedVehicleSchema, type AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import { vehicleMultipart, type VehicleFormValues } from '../lib/vehicle-form';
import { adminVehiclesQueryKey } from './list-vehicles';
import { sendFormData } from '../../lib/send-form-data';

export type CreateVehicleInput = {
  values: VehicleFormValues;
  photos: readonly File[];
  /** The share of the upload sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
};

/** POST /api/admin/purchased-vehicles (multipart: the details, then up to 3 `photos`) → 201. */
export async function createVehicle({
  values,
  photos,
  onProgress,
}: CreateVehicleInput): Promise<AdminPurchasedVehicle> {
  const answer = await sendFormData(adminVehiclesQueryKey[0], vehicleMultipart(values, photos), onProgress);
  return adminPurchasedVehicleSchema.parse(answer);
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminVehiclesQueryKey }),
  });
}
