import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '~/client/components/ui/toast';
import { adminPaths } from '../admin-paths';
import { useLogout } from './api/logout';
import { sessionUserQueryKey } from './api/session-user';
import { clearSessionCache } from './session-cache';

/** Log out (SPEC section 8): end the session, forget cached data, go to the sign-in page. */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const run = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      toast({ title: 'Failed to log out. Please try again.', variant: 'destructive' });
      return;
    }
    clearSessionCache();
    toast({ title: 'Logged out', description: 'You have been logged out successfully' });
    // The sign-in page asks the server afresh who is signed in, so the old answer cannot bounce us back.
    await navigate(adminPaths.login, { replace: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionUserQueryKey[0] });
  };

  return { run: () => void run(), pending: logout.isPending };
}
