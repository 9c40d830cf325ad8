import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { adminPurchasedVehicleSchema, type AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import type { vehicleUpdateBody } from '../lib/vehicle-form';
import { adminVehiclesQueryKey, showSavedVehicle } from './list-vehicles';

/** What one PUT changes: the visibility (Hide/Show), the edit form's details, or the photos' order. */
export type VehicleChange = { isVisible: boolean } | ReturnType<typeof vehicleUpdateBody> | { photoOrder: string[] };

/** PUT /api/admin/purchased-vehicles/{id} (JSON): only the fields sent change → the vehicle. */
export async function updateVehicle({
  id,
  change,
}: {
  id: number;
  change: VehicleChange;
}): Promise<AdminPurchasedVehicle> {
  return adminPurchasedVehicleSchema.parse(
    await apiRequest<unknown>('PUT', `${adminVehiclesQueryKey[0]}/${id}`, change),
  );
}

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVehicle,
    onSuccess: (saved) => showSavedVehicle(queryClient, saved),
  });
}
