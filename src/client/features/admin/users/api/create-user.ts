import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { adminUserSchema, type AdminUser, type CreateUserInput } from '~/shared/auth-schemas';
import { adminUsersQueryKey } from './list-users';

/** POST /api/admin/users (201). confirmPassword is a form-only field and is never sent. */
export async function createAdminUser(input: CreateUserInput): Promise<AdminUser> {
  return adminUserSchema.parse(await apiRequest<unknown>('POST', adminUsersQueryKey[0], input));
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
