import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '~/server/db/schema';
import { testClock } from '../../../test/helpers/auth';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/helpers/database';
import { AppError } from './app-error';
import { createRateLimit, deleteOldRateLimitCounters } from './rate-limit';

describe.each(testEngines)('request limits on %s', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(engine);
  });
  afterEach(async () => t.cleanup());

  const refusal = (promise: Promise<void>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as AppError,
    );

  it('lets a client make the limit’s requests in a window, refuses the next with 429 and Retry-After, and counts clients apart', async () => {
    const clock = testClock(new Date('2026-03-02T09:00:15Z'));
    const limit = createRateLimit(t.database.db, clock, { bucket: 'lookup', limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) await limit.take('203.0.113.7');
    const refused = await refusal(limit.take('203.0.113.7'));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused!.statusCode).toBe(429);
    expect(refused!.options.headers).toEqual({ 'Retry-After': '45' });
    await limit.take('198.51.100.2'); // another client has its own allowance

    clock.advance(45_000); // the next window
    await limit.take('203.0.113.7');
  });

  it('keeps limits with different names apart, and the clean-up removes ended windows', async () => {
    const clock = testClock(new Date('2026-03-02T09:00:00Z'));
    const lookups = createRateLimit(t.database.db, clock, { bucket: 'lookup', limit: 1, windowMs: 60_000 });
    const submissions = createRateLimit(t.database.db, clock, { bucket: 'submit', limit: 1, windowMs: 60_000 });
    await lookups.take('203.0.113.7');
    await submissions.take('203.0.113.7');
    expect(await refusal(lookups.take('203.0.113.7'))).toBeInstanceOf(AppError);

    clock.advance(120_000);
    await deleteOldRateLimitCounters(t.database.db, new Date(clock().getTime() - 60_000));
    expect(await t.database.db.select().from(rateLimitCounters)).toEqual([]);
  });
});
