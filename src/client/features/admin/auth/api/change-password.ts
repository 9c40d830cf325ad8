import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { sessionUserSchema, type ChangePasswordInput, type SessionUser } from '~/shared/auth-schemas';
import { writeSessionCache } from '../session-cache';
import { sessionUserQueryKey } from './session-user';

/** POST /api/auth/change-password: answers with the user, no longer marked as having to change it. */
export async function changePassword(input: ChangePasswordInput): Promise<SessionUser> {
  return sessionUserSchema.parse(await apiRequest<unknown>('POST', '/api/auth/change-password', input));
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (user) => {
      writeSessionCache(user);
      queryClient.setQueryData(sessionUserQueryKey, user);
    },
  });
}
