import { ArrowLeft, RefreshCw, UserPlus, UsersRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { LoadingState } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import type { AdminUser } from '~/shared/auth-schemas';
import { adminPaths } from '../admin-paths';
import { useAdminUser } from '../auth';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useAdminUsers } from './api/list-users';
import { CreateUserDialog } from './components/create-user-dialog';
import { DeleteUserDialog } from './components/delete-user-dialog';
import { EditUserDialog } from './components/edit-user-dialog';
import { UsersList } from './components/users-list';
import type { UserAction } from './components/user-row-actions';

export const handle: RouteHandle = { meta: { title: 'Admin users', noindex: true } };

/** /admin/users (SPEC section 2): who can sign in to the back office. */
export function Component() {
  const me = useAdminUser();
  const users = useAdminUsers();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const createButtonRef = useRef<HTMLButtonElement>(null);
  // The row menu button a dialog was opened from, for focus to go back to.
  const rowTrigger = useRef<HTMLElement | null>(null);

  const refresh = async () => {
    const result = await users.refetch();
    if (result.isSuccess) toast({ title: 'Refreshed' });
    else
      toast({
        title: 'Error',
        description: errorMessage(result.error, 'Failed to load users'),
        variant: 'destructive',
      });
  };
  const onEdit: UserAction = (user, trigger) => {
    rowTrigger.current = trigger;
    setEditing(user);
  };
  const onDelete: UserAction = (user, trigger) => {
    rowTrigger.current = trigger;
    setDeleting(user);
  };

  return (
    <>
      <PageHeader
        title="Admin users"
        description="Everyone who can sign in to the back office. Create accounts for new staff and remove them when they leave."
        actions={
          <>
            <Button asChild variant="ghost" size="sm">
              <Link to={adminPaths.dashboard}>
                <ArrowLeft aria-hidden="true" />
                Back to dashboard
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={users.isFetching}>
              <RefreshCw aria-hidden="true" className={cn(users.isFetching && 'animate-spin')} />
              Refresh
            </Button>
            <Button
              ref={createButtonRef}
              variant="primary"
              size="sm"
              className="w-full sm:w-auto"
              onClick={() => setCreating(true)}
            >
              <UserPlus aria-hidden="true" />
              Create New Admin User
            </Button>
          </>
        }
      />

      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3.5 sm:px-5">
          <h2 className="flex items-center gap-2 font-bold text-brand-950">
            <UsersRound aria-hidden="true" className="size-5 text-brand-600" />
            All users
          </h2>
          {users.data ? (
            <p className="text-sm text-muted">
              {users.data.length} {users.data.length === 1 ? 'account' : 'accounts'}
            </p>
          ) : null}
        </div>
        {users.isPending ? (
          <LoadingState className="py-16" label="Loading users..." />
        ) : users.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 px-4 py-14 text-center">
            <p className="font-semibold text-brand-950">Failed to load users</p>
            <p className="max-w-md text-sm text-muted">{errorMessage(users.error, 'Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </div>
        ) : users.data.length === 0 ? (
          <div className="grid justify-items-center gap-2 px-4 py-14 text-center">
            <p className="font-semibold text-brand-950">No admin users yet</p>
            <p className="text-sm text-muted">Create the first account with "Create New Admin User".</p>
          </div>
        ) : (
          <UsersList users={users.data} currentUserId={me.id} onEdit={onEdit} onDelete={onDelete} />
        )}
      </Card>

      <CreateUserDialog open={creating} onOpenChange={setCreating} finalFocus={createButtonRef} />
      <EditUserDialog
        user={editing}
        isSelf={editing?.id === me.id}
        onOpenChange={(open) => !open && setEditing(null)}
        finalFocus={rowTrigger}
      />
      <DeleteUserDialog user={deleting} onOpenChange={(open) => !open && setDeleting(null)} finalFocus={rowTrigger} />
    </>
  );
}
