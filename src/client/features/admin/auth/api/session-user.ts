import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { sessionUserSchema, type SessionUser } from '~/shared/auth-schemas';
import { clearSessionCache, writeSessionCache } from '../session-cache';

/** GET /api/auth/user: the signed-in user. The query key is the API path. */
export const sessionUserQueryKey = ['/api/auth/user'] as const;

/** The signed-in user, or null when nobody is signed in (401/403). Other failures throw. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    const user = sessionUserSchema.parse(await apiRequest<unknown>('GET', sessionUserQueryKey[0]));
    writeSessionCache(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      clearSessionCache();
      return null;
    }
    throw error;
  }
}

export const sessionUserQueryOptions = queryOptions({
  queryKey: sessionUserQueryKey,
  queryFn: fetchSessionUser,
});

export function useSessionUser() {
  return useQuery(sessionUserQueryOptions);
}
