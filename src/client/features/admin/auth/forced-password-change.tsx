import { LogOut } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import type { SessionUser } from '~/shared/auth-schemas';
import { AuthScreen } from './auth-screen';
import { ChangePasswordForm } from './change-password-form';
import { useSignOut } from './use-sign-out';

/**
 * What the guarded area shows, and all it shows, while the signed-in user
 * still has a password they did not choose (the first admin's generated one,
 * or one set by the admin who created the account): the server refuses every
 * admin call until it is replaced (403 PASSWORD_CHANGE_REQUIRED).
 */
export function ForcedPasswordChange({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <AuthScreen
      eyebrow="One more step"
      title="Choose a new password"
      description={
        <p>
          You signed in as <strong className="font-semibold text-brand-950">{user.username}</strong> with a password you
          did not choose: one generated for you, or set by the admin who created your account. Replace it with a
          password only you know before you use the back office.
        </p>
      }
      footer={
        <div className="flex flex-wrap items-center justify-between gap-2 text-muted">
          <p>Not now?</p>
          <Button variant="ghost" size="sm" onClick={signOut.run} disabled={signOut.pending}>
            <LogOut aria-hidden="true" />
            Log out
          </Button>
        </div>
      }
    >
      <ChangePasswordForm
        className="grid grid-cols-1 gap-6"
        currentPasswordLabel="Current password"
        currentPasswordHint="The password you just signed in with."
        actions={({ pending }) => (
          <Button type="submit" variant="brand" size="lg" className="w-full" disabled={pending}>
            {pending ? <Spinner /> : null}
            {pending ? 'Changing...' : 'Change password'}
          </Button>
        )}
      />
    </AuthScreen>
  );
}
