import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';

/** POST /api/auth/logout: ends the session on the server (204). */
export function logout(): Promise<void> {
  return apiRequest<void>('POST', '/api/auth/logout');
}

/** Signs out. The caller leaves the guarded area first, then clears cached data (see AccountMenu). */
export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { authFlow: true } });
}
