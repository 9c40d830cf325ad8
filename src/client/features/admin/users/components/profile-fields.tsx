import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '~/client/components/ui/checkbox';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';

export const ADMIN_ACCESS_HINT =
  'Admins can use the back office and manage users. Without it the account cannot sign in here.';

type ProfileValues = FieldValues & { firstName?: unknown; lastName?: unknown; email?: unknown; isAdmin?: unknown };

/** Names, e-mail and admin access: the same fields when creating and editing a user. */
export function ProfileFields<T extends ProfileValues>({
  form,
  adminHint,
  adminDisabled = false,
}: {
  form: UseFormReturn<T>;
  adminHint: string;
  adminDisabled?: boolean;
}) {
  const errors = form.formState.errors;
  const field = (name: 'firstName' | 'lastName' | 'email' | 'isAdmin') => name as Path<T>;
  const message = (name: 'firstName' | 'lastName' | 'email') => errors[name]?.message as string | undefined;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2 sm:items-start sm:gap-x-4">
        <FormField label="First name" error={message('firstName')}>
          <Input autoComplete="off" {...form.register(field('firstName'))} />
        </FormField>
        <FormField label="Last name" error={message('lastName')}>
          <Input autoComplete="off" {...form.register(field('lastName'))} />
        </FormField>
      </div>
      <FormField label="Email" error={message('email')}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          {...form.register(field('email'))}
        />
      </FormField>
      <CheckboxField
        label="Admin access"
        hint={adminHint}
        {...form.register(field('isAdmin'), { disabled: adminDisabled })}
      />
    </>
  );
}
