import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '~/client/components/ui/button';
import { CheckboxField } from '~/client/components/ui/checkbox';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogForm,
  DialogHeader,
  DialogTitle,
  type FinalFocus,
} from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { authMessages, updateUserInputSchema, type AdminUser, type UpdateUserInput } from '~/shared/auth-schemas';
import { applyServerIssues, errorMessage } from '../../lib/server-errors';
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
        <div className="grid gap-5 sm:grid-cols-2 sm:items-start">
          <FormField label="First name" error={errors.firstName?.message}>
            <Input autoComplete="off" {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="off" {...form.register('lastName')} />
          </FormField>
        </div>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="off" spellCheck={false} {...form.register('email')} />
        </FormField>
        <CheckboxField
          label="Admin access"
          hint={
            isSelf
              ? authMessages.cannotRemoveOwnAdmin
              : 'Admins can use the back office and manage users. Without it the account cannot sign in here.'
          }
          // Your own admin rights cannot be removed; a disabled field is simply not sent.
          {...form.register('isAdmin', { disabled: isSelf })}
        />
        {errors.isAdmin?.message ? (
          <p className="-mt-3 text-sm font-medium text-danger">{errors.isAdmin.message}</p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Saving...' : 'Save changes'}
        </Button>
      </DialogFooter>
    </DialogForm>
  );
}
