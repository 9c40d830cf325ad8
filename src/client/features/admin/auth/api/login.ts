import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { sessionUserSchema, type LoginInput, type SessionUser } from '~/shared/auth-schemas';
import { writeSessionCache } from '../session-cache';
import { sessionUserQueryKey } from './session-user';

/** POST /api/auth/login. */
export async function login(input: LoginInput): Promise<SessionUser> {
  return sessionUserSchema.parse(await apiRequest<unknown>('POST', '/api/auth/login', input));
}

/** Signs in; on success the user query holds the new user and is refreshed from the server. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A 401 here is a wrong password, not an ended session (see useSessionWatcher).
    meta: { authFlow: true },
    onSuccess: (user) => {
      writeSessionCache(user);
      // Nothing cached for whoever was signed in before survives (the user query itself is replaced).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionUserQueryKey[0] });
      queryClient.setQueryData(sessionUserQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: sessionUserQueryKey });
    },
  });
}
