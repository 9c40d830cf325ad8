import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogFormActions,
  DialogDescription,
  DialogForm,
  DialogHeader,
  DialogTitle,
  type FinalFocus,
} from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast';
import { authMessages, updateUserInputSchema, type AdminUser, type UpdateUserInput } from '~/shared/auth-schemas';
import { applyServerIssues, errorMessage } from '../../lib/server-errors';
import { ADMIN_ACCESS_HINT, ProfileFields } from './profile-fields';
import { useUpdateAdminUser } from '../api/update-user';

type UpdateUserValues = z.output<typeof updateUserInputSchema>;

/** Edit a user's names, e-mail and admin access (we build a real Edit where SPEC had "Coming Soon"). */
export function EditUserDialog({
  user,
  isSelf,
  onOpenChange,
  finalFocus,
}: {
  /** The user being edited; null when the dialog is closed. */
  user: AdminUser | null;
  isSelf: boolean;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent finalFocus={finalFocus}>
        <DialogHeader>
          <DialogTitle>Edit user</DialogTitle>
          <DialogDescription>
            Change the details of <strong className="font-semibold text-brand-950">{user?.username}</strong>. A username
            cannot be changed.
          </DialogDescription>
        </DialogHeader>
        {user ? <EditUserForm user={user} isSelf={isSelf} onSaved={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, isSelf, onSaved }: { user: AdminUser; isSelf: boolean; onSaved: () => void }) {
  const updateUser = useUpdateAdminUser();
  const form = useForm<UpdateUserInput, unknown, UpdateUserValues>({
    resolver: zodResolver(updateUserInputSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      isAdmin: user.isAdmin,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (changes) => {
    try {
      await updateUser.mutateAsync({ id: user.id, changes });
      toast({ title: 'User updated successfully' });
      onSaved();
    } catch (error) {
      applyServerIssues(error, form.setError, ['firstName', 'lastName', 'email', 'isAdmin']);
      toast({ title: 'Error', description: errorMessage(error, 'Failed to update user'), variant: 'destructive' });
    }
  });

  const pending = updateUser.isPending;
  return (
    <DialogForm onSubmit={onSubmit}>
      <DialogBody className="grid content-start gap-5">
        <ProfileFields
          form={form}
          // Your own admin rights cannot be removed; a disabled field is simply not sent.
          adminDisabled={isSelf}
          adminHint={isSelf ? authMessages.cannotRemoveOwnAdmin : ADMIN_ACCESS_HINT}
        />
        {errors.isAdmin?.message ? (
          <p className="-mt-3 text-sm font-medium text-danger">{errors.isAdmin.message}</p>
        ) : null}
      </DialogBody>
      <DialogFormActions pending={pending} label="Save changes" pendingLabel="Saving..." />
    </DialogForm>
  );
}
