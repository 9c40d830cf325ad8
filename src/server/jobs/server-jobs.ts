import type { LoginThrottle } from '~/server/auth/login-throttle';
import type { SessionStore } from '~/server/auth/sessions';
import type { OutboxWorker } from '~/server/features/messages';
import type { Retention } from '~/server/features/retention';
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

/**
 * The retention job wakes this often in every process; only the first wake of a UK day (in any
 * process) runs the day's deletions (features/retention claims the day in the database).
 */
export const RETENTION_WAKE_EVERY_MS = 60 * 60 * 1000;
/** The retention job's name. */
export const RETENTION_JOB = 'retention';

/** The embedded database's vacuum and analyse job's name (PGlite only). */
export const DATABASE_MAINTENANCE_JOB = 'database maintenance';

/** The job that closes price revisions past their end, telling staff. */
export const REVISION_LAPSES_JOB = 'revision lapses';

/** The 24-hour promise's alerts job's name. */
export const PROMISE_ALERTS_JOB = 'promise alerts';

/** One kind of record with an end date: deletes those past it (a long deletion stops early on `signal`). */
export type ExpiredRecords = { name: string; deleteExpired(now: Date, signal: AbortSignal): Promise<void> };

export type ServerJobDeps = {
  outbox: Pick<OutboxWorker, 'drain'>;
  expiredRecords: ExpiredRecords[];
  clock: () => Date;
  sessions: Pick<SessionStore, 'deleteExpired'>;
  throttle: Pick<LoginThrottle, 'deleteOld'>;
  /** The daily deletion of what is past its retention period; no retention job without it. */
  retention?: Pick<Retention, 'runToday'>;
  /** The 24-hour promise's alerts (issue 37), every `everyMs`; none without it. */
  promiseAlerts?: { everyMs: number; run(now: Date, signal: AbortSignal): Promise<unknown> };
  /** Price revisions the seller left unanswered, closed as lapsed (issue 37), every `everyMs`. */
  revisionLapses?: { everyMs: number; run(now: Date, signal: AbortSignal): Promise<unknown> };
  /**
   * What autovacuum does on a server, for the embedded PGlite, which has none (db/pglite-maintenance.ts);
   * none on a PostgreSQL server.
   */
  databaseMaintenance?: { everyMs: number; run(signal: AbortSignal): Promise<unknown> };
};

/** A job that runs every `task.everyMs`, or none when the server was not given the task. */
function optional<Task extends { everyMs: number }>(
  name: string,
  task: Task | undefined,
  run: (task: Task, signal: AbortSignal) => Promise<unknown>,
): Job[] {
  return task ? [{ name, everyMs: task.everyMs, run: (signal) => run(task, signal).then(() => {}) }] : [];
}

/** Every background job of the server, one entry each. */
export function serverJobs(deps: ServerJobDeps): Job[] {
  const { retention, promiseAlerts, revisionLapses, databaseMaintenance } = deps;
  return [
    ...optional(REVISION_LAPSES_JOB, revisionLapses, (task, signal) => task.run(deps.clock(), signal)),
    ...optional(DATABASE_MAINTENANCE_JOB, databaseMaintenance, (task, signal) => task.run(signal)),
    ...optional(PROMISE_ALERTS_JOB, promiseAlerts, (task, signal) => task.run(deps.clock(), signal)),
    ...(retention
      ? [
          {
            name: RETENTION_JOB,
            everyMs: RETENTION_WAKE_EVERY_MS,
            // Not at start-up itself, which has enough to do; a restart still runs it within minutes.
            firstRunAfterMs: 3 * 60_000,
            run: (signal: AbortSignal) => retention.runToday(signal).then(() => {}),
          },
        ]
      : []),
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
