import type { LoginThrottle } from '~/server/auth/login-throttle';
import type { SessionStore } from '~/server/auth/sessions';
import type { Job } from './runner';

/** Expired sessions and old sign-in attempts are removed this often. */
export const SIGN_IN_CLEANUP_EVERY_MS = 10 * 60 * 1000;

export type ServerJobDeps = {
  sessions: Pick<SessionStore, 'deleteExpired'>;
  throttle: Pick<LoginThrottle, 'deleteOld'>;
};

/**
 * Every background job of the server, one line each. Later: the outbox worker
 * (e-mail and text messages) and the retention jobs of src/shared/retention.ts.
 */
export function serverJobs(deps: ServerJobDeps): Job[] {
  return [
    {
      name: 'sign-in clean-up',
      everyMs: SIGN_IN_CLEANUP_EVERY_MS,
      firstRunAfterMs: 60_000,
      run: async () => {
        await deps.sessions.deleteExpired();
        await deps.throttle.deleteOld();
      },
    },
  ];
}
