import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { sessionUserQueryKey } from './api/session-user';
import { clearSessionCache } from './session-cache';

/**
 * Watches every admin query and mutation. A 401 means the session ended (idle
 * or absolute timeout, signed out elsewhere, account deleted): the user query
 * becomes "nobody", so the guard sends the visitor to sign in. A 403 (not an
 * admin, or a password change required) re-asks the server who is signed in,
 * and the guard follows the answer.
 */
export function useSessionWatcher() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const [sessionKey] = sessionUserQueryKey;
    const react = (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      if (error.status === 401) {
        if (queryClient.getQueryData(sessionUserQueryKey) === null) return;
        clearSessionCache();
        queryClient.setQueryData(sessionUserQueryKey, null);
        // After the failing screen's own error toast (one toast at a time: this one should stay).
        setTimeout(() => toast({ title: 'Signed out', description: 'Your session has ended. Please sign in again.' }));
      } else if (error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: sessionUserQueryKey });
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === sessionKey) return;
      react(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.mutation.meta?.['authFlow']) return;
      react(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
