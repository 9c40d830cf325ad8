import type { LoginThrottle } from '~/server/auth/login-throttle';
import type { SessionStore } from '~/server/auth/sessions';
import type { OutboxWorker } from '~/server/features/messages';
import type { Job } from './runner';

/** Expired sessions and old sign-in attempts are removed this often. */
export const SIGN_IN_CLEANUP_EVERY_MS = 10 * 60 * 1000;

/**
 * The outbox worker looks for due messages this often. It is also woken at once when a message is
 * queued (LISTEN/NOTIFY), so this only bounds how late a retry or a missed notification can be.
 */
export const OUTBOX_POLL_MS = 5_000;
/** The outbox job's name, for waking it (jobs.runOnce). */
export const OUTBOX_JOB = 'outbox';

/** Records that have served their purpose (request-limit windows, later cached lookups) go this often. */
export const EXPIRED_RECORDS_CLEANUP_EVERY_MS = 15 * 60 * 1000;

/** One kind of record with an end date: deletes those past it (a long deletion stops early on `signal`). */
export type ExpiredRecords = { name: string; deleteExpired(now: Date, signal: AbortSignal): Promise<void> };

export type ServerJobDeps = {
  outbox: Pick<OutboxWorker, 'drain'>;
  expiredRecords: ExpiredRecords[];
  clock: () => Date;
  sessions: Pick<SessionStore, 'deleteExpired'>;
  throttle: Pick<LoginThrottle, 'deleteOld'>;
};

/**
 * Every background job of the server, one entry each. Later: the retention jobs
 * of src/shared/retention.ts.
 */
export function serverJobs(deps: ServerJobDeps): Job[] {
  return [
    {
      name: 'expired records clean-up',
      everyMs: EXPIRED_RECORDS_CLEANUP_EVERY_MS,
      firstRunAfterMs: 90_000,
      run: async (signal) => {
        for (const records of deps.expiredRecords) {
          if (signal.aborted) return;
          await records.deleteExpired(deps.clock(), signal);
        }
      },
    },
    {
      name: OUTBOX_JOB,
      everyMs: OUTBOX_POLL_MS,
      firstRunAfterMs: 0,
      run: (signal) => deps.outbox.drain(signal).then(() => {}),
    },
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
