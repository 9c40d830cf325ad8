import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { adminUserSchema, type AdminUser, type UpdateUserInput } from '~/shared/auth-schemas';
import { sessionUserQueryKey } from '../../auth';
import { adminUsersQueryKey } from './list-users';

/** PATCH /api/admin/users/{id}: names, e-mail and the admin flag. */
export async function updateAdminUser({ id, changes }: { id: number; changes: UpdateUserInput }): Promise<AdminUser> {
  return adminUserSchema.parse(await apiRequest<unknown>('PATCH', `${adminUsersQueryKey[0]}/${id}`, changes));
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: async (_user, { id }) => {
      // Editing yourself changes the name in the account menu too.
      const me = queryClient.getQueryData<{ id: number } | null>(sessionUserQueryKey);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        me?.id === id ? queryClient.invalidateQueries({ queryKey: sessionUserQueryKey }) : null,
      ]);
    },
  });
}
