import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { RecordingEraser } from '~/server/features/calls';
import type { Db } from '~/server/db/client';
import { retentionRuns } from '~/server/db/schema';
import type { FileStore } from '~/server/storage/file-store';
import { ukDate } from '~/shared/promotion';
import type { RetentionPeriods } from '~/shared/retention';
import { noneDeleted, retentionSteps, type DeletedCounts, type RetentionStep, type StepLog } from './retention-steps';

/**
 * The daily retention run (issue 18): deletes what is past its period (RETENTION_* settings,
 * src/shared/retention.ts), once per UK calendar day, however many server processes there are.
 *
 * The job wakes every hour or so in each process and tries to claim today: INSERT a row for the
 * day into retention_runs, ON CONFLICT DO NOTHING. Only the process whose insert made the row runs;
 * every other wake that day finds it there and does nothing. A claim can be taken over, by one
 * atomic UPDATE that only one process can win, when its run stopped without finishing: at once
 * when it wrote why (shutdown, an error, its time was up), after TAKE_OVER_AFTER_MS when it wrote
 * nothing (its process died). A run stops itself well before that (MAX_RUN_MS), so a claim that
 * old is never one still at work. A run that takes over carries on counting from what the claim
 * recorded, so each deletion is counted once.
 */

export type RetentionLog = StepLog & {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type RetentionOptions = {
  /** Rows per batch (and per transaction). */
  batchSize: number;
  /** After this long, an unfinished claim that recorded nothing is taken to be dead. */
  takeOverAfterMs: number;
  /** A run stops between two batches once it has run this long; the next wake carries on. */
  maxRunMs: number;
};

export const DEFAULT_RETENTION_OPTIONS: RetentionOptions = {
  batchSize: 500,
  takeOverAfterMs: 2 * 60 * 60_000,
  maxRunMs: 60 * 60_000,
};

export type RetentionDeps = {
  db: Db;
  /** The private file store (photos, message attachments). */
  files: FileStore;
  periods: RetentionPeriods;
  /** The app's clock: the day claimed and every period are measured from it. */
  clock: () => Date;
  log: RetentionLog;
  /** Deletes recordings at Twilio (the calls feature's account); absent when calls are not set up. */
  recordings?: RecordingEraser;
  options?: Partial<RetentionOptions>;
  /** Tests replace the steps to stop a run part-way; the server uses retentionSteps. */
  steps?: readonly RetentionStep[];
};

export type RetentionOutcome =
  /** Today's run was claimed by another process (or this one), finished or still under way. */
  | { ran: false; day: string }
  /** This call ran today's deletions: `deleted` is the day's total so far; `stoppedBecause` when not finished. */
  | { ran: true; day: string; deleted: DeletedCounts; finished: boolean; stoppedBecause?: string };

export type Retention = {
  /** Runs today's deletions if no process has claimed them yet (or a claim was abandoned). */
  runToday(signal?: AbortSignal): Promise<RetentionOutcome>;
};

const STOPPED_FOR_SHUTDOWN = 'Stopped early: the server was shutting down. The next run carries on.';
const STOPPED_FOR_TIME = 'Stopped early: it had run for its time. The next run carries on.';

export function createRetention(deps: RetentionDeps): Retention {
  const { db, clock, log } = deps;
  const options = { ...DEFAULT_RETENTION_OPTIONS, ...deps.options };
  const steps = deps.steps ?? retentionSteps;

  /** Today's claim, as its row before this run: null when another process holds it or it is done. */
  async function claim(day: string, now: Date): Promise<DeletedCounts | null> {
    const inserted = await db
      .insert(retentionRuns)
      .values({ day, startedAt: now })
      .onConflictDoNothing()
      .returning({ day: retentionRuns.day });
    if (inserted.length > 0) return noneDeleted();
    const staleBefore = new Date(now.getTime() - options.takeOverAfterMs);
    const [takenOver] = await db
      .update(retentionRuns)
      .set({ startedAt: now, error: null })
      .where(
        and(
          eq(retentionRuns.day, day),
          isNull(retentionRuns.finishedAt),
          or(isNotNull(retentionRuns.error), lt(retentionRuns.startedAt, staleBefore)),
        ),
      )
      .returning({ deleted: retentionRuns.deleted });
    if (!takenOver) return null;
    log.info({ day }, 'retention: carrying on with a run that did not finish');
    return { ...noneDeleted(), ...takenOver.deleted };
  }

  /** Writes the run's outcome, only while this run still holds the claim. */
  async function record(day: string, startedAt: Date, values: Partial<typeof retentionRuns.$inferInsert>) {
    await db
      .update(retentionRuns)
      .set(values)
      .where(and(eq(retentionRuns.day, day), eq(retentionRuns.startedAt, startedAt)));
  }

  return {
    async runToday(signal = new AbortController().signal) {
      const now = clock();
      const day = ukDate(now);
      const before = await claim(day, now);
      if (!before) return { ran: false, day };
      const deleted = before;
      const stopReason = () => {
        if (signal.aborted) return STOPPED_FOR_SHUTDOWN;
        if (clock().getTime() - now.getTime() >= options.maxRunMs) return STOPPED_FOR_TIME;
        return undefined;
      };
      try {
        for (const step of steps) {
          if (stopReason()) break;
          await step.run({
            db,
            files: deps.files,
            recordings: deps.recordings,
            periods: deps.periods,
            now,
            batchSize: options.batchSize,
            deleted,
            shouldStop: () => stopReason() !== undefined,
            signal,
            log,
          });
        }
      } catch (error) {
        const stoppedBecause = `Stopped by an error: ${errorText(error)}`.slice(0, 500);
        await record(day, now, { deleted, error: stoppedBecause });
        log.error({ err: error, day, deleted }, 'retention: the run failed; the next run carries on');
        return { ran: true, day, deleted, finished: false, stoppedBecause };
      }
      const stoppedBecause = stopReason();
      if (stoppedBecause) {
        await record(day, now, { deleted, error: stoppedBecause });
        log.info({ day, deleted }, `retention: ${stoppedBecause}`);
        return { ran: true, day, deleted, finished: false, stoppedBecause };
      }
      await record(day, now, { deleted, finishedAt: clock(), error: null });
      log.info({ day, deleted }, 'retention: deleted what was past its period');
      return { ran: true, day, deleted, finished: true };
    },
  };
}

/** The database's own words when a query failed (drizzle wraps them with the whole query), else the message. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}
