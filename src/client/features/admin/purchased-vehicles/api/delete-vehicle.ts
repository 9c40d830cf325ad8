import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { adminVehiclesQueryKey } from './list-vehicles';

/** DELETE /api/admin/purchased-vehicles/{id} (204): the vehicle and its photo files. */
export function deleteVehicle(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `${adminVehiclesQueryKey[0]}/${id}`);
}

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminVehiclesQueryKey }),
  });
}
