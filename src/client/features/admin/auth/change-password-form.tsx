import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '~/client/components/ui/form-field';
import { PasswordInput } from '~/client/components/ui/password-input';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import {
  changePasswordFormSchema,
  PASSWORD_MIN_LENGTH,
  type ChangePasswordForm as ChangePasswordValues,
  type SessionUser,
} from '~/shared/auth-schemas';
import { applyServerIssues, errorMessage } from '../lib/server-errors';
import { useChangePassword } from './api/change-password';

export const newPasswordHint = `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words work well.`;

/**
 * Current, new and confirmed password (SPEC section 5, with our 12-character
 * minimum). The server's messages (wrong current password, a too-common new
 * one) appear on their fields. `actions` renders the buttons, given the state.
 */
export function ChangePasswordForm({
  className,
  fieldsClassName,
  currentPasswordLabel = 'Current password',
  currentPasswordHint,
  onChanged,
  actions,
}: {
  className?: string;
  fieldsClassName?: string;
  currentPasswordLabel?: string;
  currentPasswordHint?: string;
  onChanged?: (user: SessionUser) => void;
  actions: (state: { pending: boolean }) => ReactNode;
}) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const user = await changePassword.mutateAsync({ currentPassword, newPassword });
      toast({ title: 'Password changed successfully' });
      onChanged?.(user);
    } catch (error) {
      applyServerIssues(error, form.setError, ['currentPassword', 'newPassword']);
      toast({ title: 'Error', description: errorMessage(error, 'Failed to change password'), variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className={className}>
      <div className={cn('grid content-start gap-5', fieldsClassName)}>
        <FormField label={currentPasswordLabel} hint={currentPasswordHint} error={errors.currentPassword?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField label="New password" hint={newPasswordHint} error={errors.newPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
      </div>
      {actions({ pending: changePassword.isPending })}
    </form>
  );
}
