import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { adminUsersQueryKey } from './list-users';

/** DELETE /api/admin/users/{id} (204). The server refuses your own account and the last admin. */
export function deleteAdminUser(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `${adminUsersQueryKey[0]}/${id}`);
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
