import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/client/components/ui/alert-dialog';
import type { FinalFocus } from '~/client/components/ui/dialog';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import type { AdminUser } from '~/shared/auth-schemas';
import { errorMessage } from '../../lib/server-errors';
import { useDeleteAdminUser } from '../api/delete-user';
import { fullName } from './user-badges';

/** The delete confirmation (SPEC section 2). Focus starts on Cancel. */
export function DeleteUserDialog({
  user,
  onOpenChange,
  finalFocus,
}: {
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  const deleteUser = useDeleteAdminUser();
  const pending = deleteUser.isPending;

  const confirm = async () => {
    if (!user) return;
    try {
      await deleteUser.mutateAsync(user.id);
      toast({ title: 'User deleted successfully' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to delete user'), variant: 'destructive' });
    }
    onOpenChange(false);
  };

  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <AlertDialogContent finalFocus={finalFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>
            This will permanently delete this admin user account. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {user ? (
          <p className="rounded-lg border border-line bg-surface px-3.5 py-3 text-sm">
            <span className="font-semibold text-brand-950">{user.username}</span>
            {fullName(user) ? <span className="text-muted"> ({fullName(user)})</span> : null}
            <span className="block text-muted">Their sessions end at once.</span>
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="danger"
            disabled={pending}
            onClick={(event) => {
              // Stay open until the server answers.
              event.preventDefault();
              void confirm();
            }}
          >
            {pending ? <Spinner /> : null}
            {pending ? 'Deleting...' : 'Delete user'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
