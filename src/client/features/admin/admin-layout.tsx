import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { LoadingState } from '~/client/components/ui/spinner';
import { AdminUserProvider } from './auth/admin-user-context';
import { useSessionUser } from './auth/api/session-user';
import { ForcedPasswordChange } from './auth/forced-password-change';
import { loginPathFor } from './auth/safe-next';
import { AdminShell } from './layout/admin-shell';

/**
 * The guarded back office: every /admin page except sign-in sits under this
 * layout. The server decides who is signed in (GET /api/auth/user); the
 * browser's stored copy never does.
 */
export function Component() {
  return (
    <RequireAdmin>
      <AdminShell>
        <Outlet />
      </AdminShell>
    </RequireAdmin>
  );
}

function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSessionUser();
  const location = useLocation();

  if (session.isPending) return <LoadingState className="min-h-dvh" />;
  if (session.isError) return <SessionCheckFailed retry={() => void session.refetch()} retrying={session.isFetching} />;

  const user = session.data;
  if (!user || !user.isAdmin) return <Navigate to={loginPathFor(location)} replace />;
  if (user.mustChangePassword) return <ForcedPasswordChange user={user} />;
  return <AdminUserProvider value={user}>{children}</AdminUserProvider>;
}

/** The server could not be asked (offline, or a server error): say so, offer a retry, never guess. */
function SessionCheckFailed({ retry, retrying }: { retry: () => void; retrying: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface p-4">
      <div
        role="alert"
        className="max-w-md rounded-[var(--radius-card)] border border-line bg-white p-6 text-center shadow-[var(--shadow-card)]"
      >
        <h1 className="text-xl font-bold text-brand-950">Could not reach the back office</h1>
        <p className="mt-2 text-muted">
          We could not check whether you are signed in. Check your connection and try again.
        </p>
        <Button variant="brand" className="mt-5" onClick={retry} disabled={retrying}>
          {retrying ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    </main>
  );
}
