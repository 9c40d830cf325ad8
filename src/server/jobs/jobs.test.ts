import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createJobRunner, type Job, type Scheduler } from './runner';
import { DATABASE_MAINTENANCE_JOB, OUTBOX_JOB, REVISION_LAPSES_JOB, serverJobs } from './server-jobs';

/** A scheduler the test advances by hand: no real timers. */
function manualScheduler() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const scheduler: Scheduler & { advance(ms: number): Promise<void>; pending(): number } = {
    setTimeout(fn, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, p]) => p.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await flush();
      }
      now = until;
    },
    pending: () => pending.size,
  };
  return scheduler;
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe('background jobs', () => {
  it('run on their interval once started, and not before', async () => {
    const scheduler = manualScheduler();
    let runs = 0;
    const job: Job = { name: 'count', everyMs: 1000, run: async () => void runs++ };
    const runner = createJobRunner({ jobs: [job], log: capturedLog().log, scheduler });
    await scheduler.advance(5000);
    expect(runs).toBe(0);
    runner.start();
    await scheduler.advance(999);
    expect(runs).toBe(0);
    await scheduler.advance(1);
    expect(runs).toBe(1);
    await scheduler.advance(3000);
    expect(runs).toBe(4);
    await runner.stop();
    await scheduler.advance(10_000);
    expect(runs).toBe(4);
    expect(scheduler.pending()).toBe(0);
  });

  it('never overlap: a slow run delays the next one instead of running beside it', async () => {
    const scheduler = manualScheduler();
    let running = 0;
    let most = 0;
    const gates: Array<ReturnType<typeof deferred>> = [];
    const job: Job = {
      name: 'slow',
      everyMs: 1000,
      run: async () => {
        running++;
        most = Math.max(most, running);
        const gate = deferred();
        gates.push(gate);
        await gate.promise;
        running--;
      },
    };
    const runner = createJobRunner({ jobs: [job], log: capturedLog().log, scheduler });
    runner.start();
    await scheduler.advance(1000);
    expect(gates).toHaveLength(1);
    await scheduler.advance(5000); // still running: no second run
    expect(gates).toHaveLength(1);
    const again = runner.runOnce('slow'); // joins the running one
    expect(gates).toHaveLength(1);
    gates[0]!.resolve();
    await again;
    await scheduler.advance(1000);
    expect(gates).toHaveLength(2);
    gates[1]!.resolve();
    await flush();
    expect(most).toBe(1);
    await runner.stop();
  });

  it('log a failure with the job name and keep to the schedule', async () => {
    const scheduler = manualScheduler();
    const { log, lines } = capturedLog();
    let runs = 0;
    const job: Job = {
      name: 'flaky',
      everyMs: 1000,
      run: async () => {
        runs++;
        throw new Error('database went away');
      },
    };
    const runner = createJobRunner({ jobs: [job], log, scheduler });
    runner.start();
    await scheduler.advance(2000);
    expect(runs).toBe(2);
    const failures = lines.filter((l) => l.msg === 'background job failed');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ level: 50, job: 'flaky', err: { message: 'database went away' } });
    await runner.stop();
  });

  it('stopping waits for a running job to finish, and tells it to hurry', async () => {
    const scheduler = manualScheduler();
    const gate = deferred();
    let signal: AbortSignal | undefined;
    let finished = false;
    const job: Job = {
      name: 'long',
      everyMs: 1000,
      run: async (s) => {
        signal = s;
        await gate.promise;
        finished = true;
      },
    };
    const runner = createJobRunner({ jobs: [job], log: capturedLog().log, scheduler });
    runner.start();
    await scheduler.advance(1000);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await flush();
    expect(signal?.aborted).toBe(true);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(true);
    await expect(runner.runOnce('long')).rejects.toThrow(/stopped/);
  });

  it('refuses two jobs with one name, and runOnce of an unknown job', async () => {
    const job: Job = { name: 'same', everyMs: 1000, run: async () => {} };
    expect(() => createJobRunner({ jobs: [job, job], log: capturedLog().log })).toThrow(/same/);
    const runner = createJobRunner({ jobs: [job], log: capturedLog().log });
    await expect(runner.runOnce('other')).rejects.toThrow(/other/);
  });

  it('the server’s jobs include the clean-up of expired sessions and old sign-in attempts', async () => {
    const calls: string[] = [];
    const jobs = serverJobs({
      outbox: { drain: async () => 0 },
      expiredRecords: [],
      clock: () => new Date(),
      sessions: {
        deleteExpired: async () => {
          calls.push('sessions');
          return 0;
        },
      },
      throttle: { deleteOld: async () => void calls.push('attempts') },
    });
    const cleanup = jobs.find((j) => j.name === 'sign-in clean-up');
    expect(cleanup).toBeDefined();
    expect(cleanup!.everyMs).toBeGreaterThan(0);
    await cleanup!.run(new AbortController().signal);
    expect(calls).toEqual(['sessions', 'attempts']);
  });

  it('the server’s jobs delete expired records of every kind they are given, at the job’s time', async () => {
    const seen: string[] = [];
    const at = new Date('2026-03-02T09:00:00Z');
    const jobs = serverJobs({
      outbox: { drain: async () => 0 },
      expiredRecords: [
        { name: 'a', deleteExpired: async (now) => void seen.push(`a ${now.toISOString()}`) },
        { name: 'b', deleteExpired: async (now) => void seen.push(`b ${now.toISOString()}`) },
      ],
      clock: () => at,
      sessions: { deleteExpired: async () => 0 },
      throttle: { deleteOld: async () => {} },
    });
    await jobs.find((j) => j.name === 'expired records clean-up')!.run(new AbortController().signal);
    expect(seen).toEqual([`a ${at.toISOString()}`, `b ${at.toISOString()}`]);
  });

  it('the embedded database’s maintenance is a job only where it is given (PGlite, not a server)', async () => {
    const base = {
      outbox: { drain: async () => 0 },
      expiredRecords: [],
      clock: () => new Date(),
      sessions: { deleteExpired: async () => 0 },
      throttle: { deleteOld: async () => {} },
    };
    expect(serverJobs(base).map((j) => j.name)).not.toContain(DATABASE_MAINTENANCE_JOB);
    let runs = 0;
    const jobs = serverJobs({ ...base, databaseMaintenance: { everyMs: 60_000, run: async () => ++runs } });
    const maintenance = jobs.find((j) => j.name === DATABASE_MAINTENANCE_JOB);
    expect(maintenance?.everyMs).toBe(60_000);
    await maintenance!.run(new AbortController().signal);
    expect(runs).toBe(1);
  });

  it('the server’s jobs close lapsed price revisions at the job’s time, when given the task', async () => {
    const at = new Date('2026-12-16T00:00:05Z');
    const base = {
      outbox: { drain: async () => 0 },
      expiredRecords: [],
      clock: () => at,
      sessions: { deleteExpired: async () => 0 },
      throttle: { deleteOld: async () => {} },
    };
    expect(serverJobs(base).map((j) => j.name)).not.toContain(REVISION_LAPSES_JOB);
    const seen: Date[] = [];
    const jobs = serverJobs({ ...base, revisionLapses: { everyMs: 60_000, run: async (now) => seen.push(now) } });
    await jobs.find((j) => j.name === REVISION_LAPSES_JOB)!.run(new AbortController().signal);
    expect(seen).toEqual([at]);
  });

  it('the server’s jobs include the outbox worker, which runs at once and then polls', async () => {
    let drained = 0;
    const jobs = serverJobs({
      outbox: { drain: async () => ++drained },
      expiredRecords: [],
      clock: () => new Date(),
      sessions: { deleteExpired: async () => 0 },
      throttle: { deleteOld: async () => {} },
    });
    const outbox = jobs.find((j) => j.name === OUTBOX_JOB);
    expect(outbox?.firstRunAfterMs).toBe(0);
    await outbox!.run(new AbortController().signal);
    expect(drained).toBe(1);
  });
});
