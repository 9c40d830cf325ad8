import type { FinalFocus } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast';
import type { AdminUser } from '~/shared/auth-schemas';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
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
  return (
    <ConfirmDeleteDialog
      item={user}
      title="Are you sure?"
      description="This will permanently delete this admin user account. This action cannot be undone."
      summary={(item) => (
        <>
          <span className="font-semibold text-brand-950">{item.username}</span>
          {fullName(item) ? <span className="text-muted"> ({fullName(item)})</span> : null}
          <span className="block text-muted">Their sessions end at once.</span>
        </>
      )}
      confirmLabel="Delete user"
      pending={deleteUser.isPending}
      onConfirm={async (item) => {
        try {
          await deleteUser.mutateAsync(item.id);
          toast({ title: 'User deleted successfully' });
        } catch (error) {
          toast({ title: 'Error', description: errorMessage(error, 'Failed to delete user'), variant: 'destructive' });
        }
      }}
      onOpenChange={onOpenChange}
      finalFocus={finalFocus}
    />
  );
}
