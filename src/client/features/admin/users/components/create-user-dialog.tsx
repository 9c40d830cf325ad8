import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
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
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { PasswordInput } from '~/client/components/ui/password-input';
import { toast } from '~/client/components/ui/toast';
import { createUserFormSchema, type CreateUserForm } from '~/shared/auth-schemas';
import { newPasswordHint } from '../../auth';
import { applyServerIssues, errorMessage } from '../../lib/server-errors';
import { ADMIN_ACCESS_HINT, ProfileFields } from './profile-fields';
import { useCreateAdminUser } from '../api/create-user';

type CreateUserValues = z.output<typeof createUserFormSchema>;

const emptyForm: CreateUserForm = {
  username: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  email: '',
  isAdmin: true, // SPEC section 3: the create form sends isAdmin true by default
};

/** "Create New Admin User" (SPEC sections 2, 5 and 8). */
export function CreateUserDialog({
  open,
  onOpenChange,
  finalFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" finalFocus={finalFocus}>
        <DialogHeader>
          <DialogTitle>Create New Admin User</DialogTitle>
          <DialogDescription>
            They sign in with this username and password the first time, and are then asked to choose their own password
            before they can use the back office. Fields marked{' '}
            <span aria-hidden="true" className="font-semibold text-danger">
              *
            </span>
            <span className="sr-only">with a star</span> are required.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts with an empty form. */}
        <CreateUserForm onCreated={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const createUser = useCreateAdminUser();
  const form = useForm<CreateUserForm, unknown, CreateUserValues>({
    resolver: zodResolver(createUserFormSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _notSent, ...input }) => {
    try {
      await createUser.mutateAsync(input);
      toast({ title: 'Admin user created successfully' });
      onCreated();
    } catch (error) {
      applyServerIssues(error, form.setError, ['username', 'password', 'firstName', 'lastName', 'email']);
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to create admin user'),
        variant: 'destructive',
      });
    }
  });

  const pending = createUser.isPending;
  const passwordHintId = useId();
  return (
    <DialogForm onSubmit={onSubmit}>
      <DialogBody className="grid content-start gap-5">
        <FormField
          label="Username"
          hint="Letters, numbers, dots, hyphens and underscores."
          error={errors.username?.message}
          required
        >
          <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
        </FormField>
        {/* Phone: password, its help, confirm. Wider: the two side by side, the help under both. */}
        <div className="grid gap-y-5 sm:grid-cols-2 sm:items-start sm:gap-x-4 sm:gap-y-2">
          <FormField label="Password" describedBy={passwordHintId} error={errors.password?.message} required>
            <PasswordInput autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <p id={passwordHintId} className="-mt-3.5 text-sm text-muted sm:order-last sm:col-span-2 sm:mt-0">
            {newPasswordHint}
          </p>
          <FormField label="Confirm password" error={errors.confirmPassword?.message} required>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </div>
        <ProfileFields form={form} adminHint={ADMIN_ACCESS_HINT} />
      </DialogBody>
      <DialogFormActions pending={pending} label="Create user" pendingLabel="Creating..." />
    </DialogForm>
  );
}
