/**
 * Background jobs inside the server process (DESIGN section 1): each runs on
 * its own interval, never beside itself, logs its failures, and is awaited on
 * shutdown, so a running job finishes before the database closes.
 *
 * The server starts them (server.ts); buildApp does not, so test apps run no
 * timers. Tests drive a runner with a hand-moved scheduler or with runOnce.
 */

export type Job = {
  /** Shown in logs; unique. */
  name: string;
  /** Time from the end of one run to the start of the next. */
  everyMs: number;
  /** Time from start() to the first run; everyMs when absent. */
  firstRunAfterMs?: number;
  /** The signal is aborted when the server stops: a long job should stop early. */
  run: (signal: AbortSignal) => Promise<void>;
};

export type Scheduler = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type JobLog = { error(details: object, message: string): void };

const realTimers: Scheduler = {
  setTimeout(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref(); // a pending job never keeps the process alive
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export type JobRunner = {
  /** Schedules every job's first run. */
  start(): void;
  /** Runs a job now, or joins its run in progress (never two at once). */
  runOnce(name: string): Promise<void>;
  /** No further runs; asks running jobs to stop and waits for them. */
  stop(): Promise<void>;
};

export function createJobRunner(options: { jobs: Job[]; log: JobLog; scheduler?: Scheduler }): JobRunner {
  const { jobs, log } = options;
  const scheduler = options.scheduler ?? realTimers;
  const byName = new Map<string, Job>();
  for (const job of jobs) {
    if (byName.has(job.name)) throw new Error(`Two background jobs are called "${job.name}"`);
    byName.set(job.name, job);
  }
  const running = new Map<string, Promise<void>>();
  const timers = new Map<string, unknown>();
  const stopping = new AbortController();

  function run(job: Job): Promise<void> {
    const current = running.get(job.name);
    if (current) return current;
    const done = (async () => {
      try {
        await job.run(stopping.signal);
      } catch (error) {
        log.error({ err: error, job: job.name }, 'background job failed');
      } finally {
        running.delete(job.name);
      }
    })();
    running.set(job.name, done);
    return done;
  }

  function schedule(job: Job, afterMs: number) {
    if (stopping.signal.aborted) return;
    timers.set(
      job.name,
      scheduler.setTimeout(() => {
        timers.delete(job.name);
        void run(job).then(() => schedule(job, job.everyMs));
      }, afterMs),
    );
  }

  return {
    start() {
      for (const job of jobs) schedule(job, job.firstRunAfterMs ?? job.everyMs);
    },
    async runOnce(name) {
      const job = byName.get(name);
      if (!job) throw new Error(`No background job is called "${name}"`);
      if (stopping.signal.aborted) throw new Error('Background jobs have stopped');
      await run(job);
    },
    async stop() {
      stopping.abort();
      for (const timer of timers.values()) scheduler.clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}
