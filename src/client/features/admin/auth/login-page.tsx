import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { PasswordInput } from '~/client/components/ui/password-input';
import { LoadingState, Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import type { RouteHandle } from '~/client/lib/page-meta';
import { authMessages, loginInputSchema, type LoginInput, type SessionUser } from '~/shared/auth-schemas';
import { applyServerIssues } from '../lib/server-errors';
import { useLogin } from './api/login';
import { logout } from './api/logout';
import { sessionUserQueryKey, sessionUserQueryOptions } from './api/session-user';
import { AuthScreen } from './auth-screen';
import { displayName } from './admin-user-context';
import { safeAdminPath } from './safe-next';
import { clearSessionCache } from './session-cache';

export const handle: RouteHandle = { meta: { title: 'Sign in', noindex: true } };

/** /admin/login (SPEC sections 2, 5 and 8). A signed-in admin goes straight on. */
export function Component() {
  const [searchParams] = useSearchParams();
  const target = safeAdminPath(searchParams.get('next'));
  // A remembered user is asked about afresh (after a log-out that answer is out of date);
  // a remembered "nobody" is not, so a redirect here costs no second request.
  const session = useQuery({
    ...sessionUserQueryOptions,
    refetchOnMount: (query) => (query.state.data ? 'always' : false),
  });
  const checking = session.isPending || session.isFetching;

  if (!checking && session.data?.isAdmin) return <Navigate to={target} replace />;

  return (
    <AuthScreen
      eyebrow="Staff only"
      title="Sign in to the back office"
      description="Use the username and password your administrator gave you."
    >
      {checking ? <LoadingState className="py-12" /> : <LoginForm target={target} signedInAs={session.data ?? null} />}
    </AuthScreen>
  );
}

function LoginForm({ target, signedInAs }: { target: string; signedInAs: SessionUser | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    let user: SessionUser;
    try {
      user = await login.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast({
          title: 'Login failed',
          description: error.userMessage(authMessages.invalidCredentials),
          variant: 'destructive',
        });
        form.resetField('password');
        form.setFocus('password');
      } else if (error instanceof ApiError && error.status === 429 && error.body?.message) {
        toast({ title: 'Login failed', description: error.body.message, variant: 'destructive' });
      } else if (!applyServerIssues(error, form.setError, ['username', 'password'])) {
        toast({ title: 'Error', description: 'An error occurred during login', variant: 'destructive' });
      }
      return;
    }
    if (!user.isAdmin) {
      // Signed in, but the back office is for admins only: don't leave that session behind.
      await queryClient.cancelQueries({ queryKey: sessionUserQueryKey });
      await logout().catch(() => undefined);
      clearSessionCache();
      queryClient.setQueryData(sessionUserQueryKey, null);
      toast({ title: 'Login failed', description: authMessages.adminRequired, variant: 'destructive' });
      return;
    }
    toast({ title: 'Login successful' });
    // The page also redirects as soon as it sees the signed-in admin; both go to `target`.
    await navigate(target, { replace: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-5">
      {signedInAs && !signedInAs.isAdmin ? (
        <p className="rounded-lg border border-plate-strong/60 bg-plate/20 px-3 py-2.5 text-sm text-brand-950">
          You are signed in as {displayName(signedInAs)}, which is not an admin account. Sign in with an admin account
          to use the back office.
        </p>
      ) : null}
      <FormField label="Username" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          // Signing in is the only thing to do on this page.
          autoFocus
          {...form.register('username')}
        />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" variant="brand" size="lg" className="mt-1 w-full" disabled={login.isPending}>
        {login.isPending ? <Spinner /> : <LogIn aria-hidden="true" />}
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
