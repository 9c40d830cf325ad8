import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '~/server/db/client';
import { customerReviews, outboundMessages, retentionRuns, type StoredAttachment } from '~/server/db/schema';
import { FileNotFoundError, type FileStore } from '~/server/storage/file-store';
import { storesFor } from '~/server/storage/stores';
import { RETENTION_DEFAULTS } from '~/shared/retention';
import { testConfig } from '../../../../test/helpers/app';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { storeKinds, testStores, type TestStores } from '../../../../test/helpers/stores';
import { projectRoot } from '~/server/project-root';
import { daysBefore, monthsBefore } from './retention-dates';
import { createRetention, type Retention } from './retention-run';

/**
 * Several server processes on one PostgreSQL database each wake the retention job; the day's run
 * must happen once. First two real processes (test/suites/retention-process.ts), then two
 * connection pools in this process for the finer cases. PGlite has only one process, so this runs
 * only with TEST_DATABASE_URL. The messages' attachments are removed once too, from each kind of
 * file store (a folder, and S3): the processes share the store as servers do.
 */

type RunnerProcess = { ready: Promise<void>; go(): void; finished: Promise<{ code: number | null; outcome: unknown }> };

/** Starts one retention process; `ready` once it is connected, `go` starts its run. */
function startRetentionProcess(env: Record<string, string>): RunnerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/suites/retention-process.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (let end = stdout.indexOf('\n'); end >= 0; end = stdout.indexOf('\n')) {
      const line = JSON.parse(stdout.slice(0, end)) as Record<string, unknown>;
      stdout = stdout.slice(end + 1);
      lines.push(line);
      if (line.ready) markReady();
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const finished = new Promise<{ code: number | null; outcome: unknown }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`retention process exited ${code}: ${stderr}`));
      resolve({ code, outcome: lines.find((line) => 'outcome' in line)?.outcome });
    });
  });
  return { ready, finished, go: () => child.stdin.end('go\n') };
}

const NOW = new Date('2026-06-15T09:00:00.000Z');
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
const PDF = Buffer.from('%PDF-1.4\n% a valuation report\n%%EOF\n');
/** How many of the backlog's messages carry an attachment. */
const ATTACHED = 10;
const attachment = (storageKey: string): StoredAttachment => ({
  filename: 'Offer.pdf',
  contentType: 'application/pdf',
  storageKey,
  size: PDF.length,
});

const stores = testStores();

const onPostgres = describe.skipIf(!testEngines.includes('postgres'));

onPostgres.each(storeKinds)('retention with two processes on PostgreSQL, %s storage', (kind) => {
  let t: TestDatabase;
  let other: Database;
  let s: TestStores;
  let dataDir: string;

  beforeEach(async () => {
    t = await createTestDatabase('postgres');
    other = await openDatabase({ databaseUrl: t.databaseUrl!, dataDir: '/nonexistent' });
    s = await stores.create(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-retention-two-'));
  });
  afterEach(async () => {
    await other.close();
    await t.cleanup();
    await s.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One process's retention: its own pool, the shared file store, the same clock. */
  const processOn = (database: Database, clock = () => NOW): Retention =>
    createRetention({
      db: database.db,
      files: s.files,
      periods: RETENTION_DEFAULTS,
      clock,
      log: quietLog,
      options: { batchSize: 7 },
    });

  /** 40 unpublished reviews and 30 sent messages past their periods, the first ATTACHED with a PDF in `files`. */
  async function seedBacklog(files: FileStore = s.files) {
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
    const attachmentKeys = await Promise.all(
      Array.from({ length: ATTACHED }, () => files.save(PDF, { area: 'outbox', extension: 'pdf' })),
    );
    await t.database.db.insert(outboundMessages).values(
      Array.from({ length: 30 }, (_, i) => ({
        channel: 'email' as const,
        recipient: `seller${i}@example.com`,
        subject: 'Your offer',
        textBody: 'Here is our offer.',
        templateName: 'valuation-offer',
        status: 'sent' as const,
        attachments: i < ATTACHED ? [attachment(attachmentKeys[i]!)] : [],
        createdAt,
        sentAt: createdAt,
        updatedAt: createdAt,
      })),
    );
    return attachmentKeys;
  }

  it('two server processes started at the same moment: the day’s run happens once, counted once', async () => {
    // Each process builds its store from its settings, as a server does: DATA_DIR, or the bucket in s.env.
    const settings = { ...s.env, DATA_DIR: dataDir };
    const { files } = await storesFor(testConfig(settings));
    const attachmentKeys = await seedBacklog(files);
    const env = {
      ...s.env,
      RETENTION_DATABASE_URL: t.databaseUrl!,
      RETENTION_DATA_DIR: dataDir,
      RETENTION_NOW: NOW.toISOString(),
    };
    const processes = [startRetentionProcess(env), startRetentionProcess(env)];
    await Promise.all(processes.map((p) => p.ready));
    for (const p of processes) p.go();
    const outcomes = (await Promise.all(processes.map((p) => p.finished))).map((exit) => exit.outcome);

    expect(outcomes.filter((outcome) => (outcome as { ran: boolean }).ran)).toHaveLength(1);
    expect(outcomes).toContainEqual({ ran: false, day: '2026-06-15' });
    const runs = await t.database.db.select().from(retentionRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ finishedAt: NOW, error: null });
    expect(runs[0]!.deleted).toMatchObject({ unpublishedReviews: 40, messageContents: 30 });
    expect(await t.database.db.select().from(customerReviews)).toEqual([]);
    expect(runs[0]!.deleted).toMatchObject({ messageAttachments: ATTACHED });
    for (const key of attachmentKeys) await expect(files.read(key)).rejects.toThrow(FileNotFoundError);
    if (kind === 's3') expect(await s.fileKeys('outbox')).toEqual([]); // the same bucket and prefix as `files`
  }, 60_000);

  it('started together, the day’s run happens once and its deletions are counted once', async () => {
    expect(await seedBacklog()).toHaveLength(ATTACHED);
    expect(await s.fileKeys('outbox')).toHaveLength(ATTACHED);
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
    expect(runs[0]!.deleted).toMatchObject({ messageAttachments: ATTACHED });
    expect(await s.fileKeys('outbox')).toEqual([]);
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
    expect(runs[0]!.deleted).toMatchObject({ messageAttachments: ATTACHED });
    expect(await s.fileKeys('outbox')).toEqual([]);
  });
});
