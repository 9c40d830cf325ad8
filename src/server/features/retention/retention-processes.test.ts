import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '~/server/db/client';
import { customerReviews, outboundMessages, retentionRuns } from '~/server/db/schema';
import { createDiskFileStore } from '~/server/storage/file-store';
import { RETENTION_DEFAULTS } from '~/shared/retention';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { daysBefore, monthsBefore } from './retention-dates';
import { createRetention, type Retention } from './retention-run';

/**
 * Several server processes on one PostgreSQL database each wake the retention job; the day's run
 * must happen once. Two connection pools stand for two processes (PGlite has only one process, so
 * this runs only with TEST_DATABASE_URL).
 */

const NOW = new Date('2026-06-15T09:00:00.000Z');
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

describe.skipIf(!testEngines.includes('postgres'))('retention with two processes on PostgreSQL', () => {
  let t: TestDatabase;
  let other: Database;
  let filesDir: string;

  beforeEach(async () => {
    t = await createTestDatabase('postgres');
    other = await openDatabase({ databaseUrl: t.databaseUrl!, dataDir: '/nonexistent' });
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-retention-two-'));
  });
  afterEach(async () => {
    await other.close();
    await t.cleanup();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  /** One process's retention: its own pool, the shared file store, the same clock. */
  const processOn = (database: Database, clock = () => NOW): Retention =>
    createRetention({
      db: database.db,
      files: createDiskFileStore(filesDir),
      periods: RETENTION_DEFAULTS,
      clock,
      log: quietLog,
      options: { batchSize: 7 },
    });

  async function seedBacklog() {
    const submittedAt = monthsBefore(NOW, 13);
    await t.database.db.insert(customerReviews).values(
      Array.from({ length: 40 }, (_, i) => ({
        customerName: `Reviewer ${i}`,
        email: `reviewer${i}@example.com`,
        rating: 4,
        reviewTitle: 'Fine',
        reviewText: 'It went well.',
        submittedAt,
        updatedAt: submittedAt,
      })),
    );
    const createdAt = daysBefore(NOW, 100);
    await t.database.db.insert(outboundMessages).values(
      Array.from({ length: 30 }, (_, i) => ({
        channel: 'email' as const,
        recipient: `seller${i}@example.com`,
        subject: 'Your offer',
        textBody: 'Here is our offer.',
        templateName: 'valuation-offer',
        status: 'sent' as const,
        createdAt,
        sentAt: createdAt,
        updatedAt: createdAt,
      })),
    );
  }

  it('started together, the day’s run happens once and its deletions are counted once', async () => {
    await seedBacklog();
    const a = processOn(t.database);
    const b = processOn(other);

    const outcomes = await Promise.all([a.runToday(), b.runToday(), a.runToday(), b.runToday()]);

    const ran = outcomes.filter((outcome) => outcome.ran);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ finished: true, deleted: { unpublishedReviews: 40, messageContents: 30 } });
    const runs = await t.database.db.select().from(retentionRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.deleted).toMatchObject({ unpublishedReviews: 40, messageContents: 30 });
    expect(await t.database.db.select().from(customerReviews)).toEqual([]);
  });

  it('a dead process’s claim is taken over by one process only', async () => {
    await seedBacklog();
    await t.database.db
      .insert(retentionRuns)
      .values({ day: '2026-06-15', startedAt: new Date(NOW.getTime() - 3 * 3600_000) });
    const a = processOn(t.database);
    const b = processOn(other);

    const outcomes = await Promise.all([a.runToday(), b.runToday()]);

    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    const runs = await t.database.db.select().from(retentionRuns);
    expect(runs).toEqual([expect.objectContaining({ startedAt: NOW, finishedAt: NOW, error: null })]);
    expect(runs[0]!.deleted).toMatchObject({ unpublishedReviews: 40, messageContents: 30 });
  });
});
