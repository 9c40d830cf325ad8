import { describe, expect, it } from 'vitest';
import { RETENTION_JOB, RETENTION_WAKE_EVERY_MS, serverJobs, type ServerJobDeps } from '~/server/jobs/server-jobs';

/**
 * The server's `retention` job: it wakes every hour in every process and asks for today's run
 * (the run itself decides whether this process gets it). The older clean-ups stay beside it.
 */

const deps = (retention?: ServerJobDeps['retention']): ServerJobDeps => ({
  outbox: { drain: async () => 0 },
  expiredRecords: [],
  clock: () => new Date(),
  sessions: { deleteExpired: async () => 0 },
  throttle: { deleteOld: async () => {} },
  retention,
});

describe('the retention job', () => {
  it('wakes hourly and asks for today’s run, passing on the shutdown signal', async () => {
    const signals: AbortSignal[] = [];
    const jobs = serverJobs(
      deps({
        runToday: async (signal) => {
          signals.push(signal!);
          return { ran: false, day: '2026-06-15' };
        },
      }),
    );
    const job = jobs.find((j) => j.name === RETENTION_JOB);
    expect(job?.everyMs).toBe(RETENTION_WAKE_EVERY_MS);
    expect(RETENTION_WAKE_EVERY_MS).toBe(60 * 60 * 1000);
    const shutdown = new AbortController();
    await job!.run(shutdown.signal);
    expect(signals).toEqual([shutdown.signal]);
  });

  it('sits beside the clean-ups of sign-in data, expired records and the outbox', () => {
    const names = serverJobs(deps({ runToday: async () => ({ ran: false, day: '2026-06-15' }) })).map((j) => j.name);
    expect(names.sort()).toEqual(['expired records clean-up', 'outbox', 'retention', 'sign-in clean-up']);
  });
});
