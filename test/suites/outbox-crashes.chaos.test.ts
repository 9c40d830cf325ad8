import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '~/server/db/client';
import { runMigrations } from '~/server/db/migrate';
import { outboundMessages } from '~/server/db/schema';
import { createOutbox } from '~/server/features/messages/outbox';
import type { MessageContext } from '~/server/features/messages/templates/layout';
import { messageTest } from '~/server/features/messages/templates/message-test';
import { projectRoot } from '~/server/project-root';
import { createDiskFileStore } from '~/server/storage/file-store';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink';
import { createTestDatabase, testEngines, type TestDatabase, type TestEngine } from '../helpers/database';
import { count, suiteFigures } from '../helpers/figures';

/**
 * Suite 8, outbox crashes (issue 17): the outbox worker is killed with SIGKILL in a process of its
 * own (outbox-worker-process.ts), once just before the provider call and once just after the
 * provider accepted but before the message is marked sent; then a new worker process starts on the
 * same database. Every message must arrive, and a message may arrive twice only in the second case,
 * and only the one that was in flight. Then two worker processes drain 1,000 messages from one
 * PostgreSQL database at once: none may arrive twice.
 *
 * The crashing worker sends one message at a time (WORKER_CONCURRENCY=1), so exactly one message
 * is in flight when it dies and the figures say what one crash costs. Its lease is 2 s instead of
 * 10 min, so the restarted worker takes over the dead one's messages without a long wait.
 *
 * Slow (every step starts a process or reopens the database), so it runs in `npm run test:chaos`.
 */

const WORKER_SCRIPT = 'test/suites/outbox-worker-process.ts';
const CRASH_MESSAGES = 30;
/** Dies at the 12th send: 11 sent before, and 8 more claimed in the same batch of 20 and left "sending". */
const CRASH_ON = 12;
const LEASE_MS = 2_000;
const TWO_PROCESS_MESSAGES = 1_000;
const FROM = 'CarBuy Direct <hello@carbuy.example>';
const site: MessageContext['site'] = {
  tradingName: 'CarBuy Direct',
  email: 'hello@carbuy.example',
  address: { lines: ['Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
  openingHours: [],
  publicBaseUrl: 'https://www.carbuy.example',
  demo: false,
  callRecording: false,
};

const SUITE = 'Outbox crashes';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

type WorkerExit = {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: Record<string, unknown>[];
  stderr: string;
};
type WorkerProcess = { exited: Promise<WorkerExit>; lines: Record<string, unknown>[]; go(): void };

/** Starts outbox-worker-process.ts with the given settings; `exited` says how it ended and what it printed. */
function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (let end = stdout.indexOf('\n'); end >= 0; end = stdout.indexOf('\n')) {
      lines.push(JSON.parse(stdout.slice(0, end)) as Record<string, unknown>);
      stdout = stdout.slice(end + 1);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<WorkerExit>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, lines, stderr }));
  });
  return { exited, lines, go: () => child.stdin.end('go\n') };
}

/** Where the worker processes find the database: a PGlite DATA_DIR, or a PostgreSQL database of its own. */
type Storage = {
  env: Record<string, string>;
  /** Runs `action` on the database from this process (PGlite: only while no worker process has it open). */
  withDatabase<T>(action: (database: Database) => Promise<T>): Promise<T>;
  cleanup(): Promise<void>;
};

async function freshStorage(engine: TestEngine): Promise<Storage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-outbox-crash-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'postgres') {
    const t: TestDatabase = await createTestDatabase('postgres');
    return {
      env: { WORKER_DATA_DIR: dataDir, WORKER_DATABASE_URL: t.databaseUrl! },
      withDatabase: (action) => action(t.database),
      cleanup: async () => {
        await t.cleanup();
        removeDir();
      },
    };
  }
  // PGlite is one process's database: this process opens it only between worker processes.
  const withDatabase = async <T>(action: (database: Database) => Promise<T>) => {
    const database = await openDatabase({ dataDir });
    try {
      return await action(database);
    } finally {
      await database.close();
    }
  };
  await migratedPglite(dataDir, withDatabase);
  return { env: { WORKER_DATA_DIR: dataDir }, withDatabase, cleanup: async () => removeDir() };
}

/** Restores the run's migrated snapshot into DATA_DIR/pglite (seconds), or else migrates (half a minute). */
async function migratedPglite(dataDir: string, withDatabase: Storage['withDatabase']) {
  const snapshot = process.env.TEST_PGLITE_SNAPSHOT;
  if (!snapshot || !fs.existsSync(snapshot)) return withDatabase(runMigrations);
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { pg_trgm },
    loadDataDir: await fs.openAsBlob(snapshot),
  });
  await client.close();
}

async function queueMessages(database: Database, total: number): Promise<string[]> {
  const messaging = { email: { smtpUrl: sink.url, from: FROM, replyTo: undefined }, sms: undefined };
  const files = createDiskFileStore(os.tmpdir()); // never written: these messages have no attachments
  const outbox = createOutbox({ messaging, site, files, clock: () => new Date() });
  const ids: string[] = [];
  for (let first = 0; first < total; first += 100) {
    await database.db.transaction(async (tx) => {
      for (let i = first; i < Math.min(total, first + 100); i++) {
        const queued = await outbox.queueEmail(tx, {
          to: `seller${i}@example.com`,
          template: messageTest,
          data: { requestedBy: 'Sam Admin' },
        });
        ids.push(queued.id);
      }
    });
  }
  return ids;
}

/** How many times each outbox message arrived at the sink, by its Message-ID (<id@carbuy.example>). */
function deliveries(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of sink.received) {
    const id = /^<([^@]+)@/.exec(mail.parsed.messageId ?? '')?.[1] ?? 'no Message-ID';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

const statusesOf = async (database: Database) =>
  database.db
    .select({ id: outboundMessages.id, status: outboundMessages.status, attempts: outboundMessages.attempts })
    .from(outboundMessages);

describe.each(testEngines)('outbox worker killed mid-send on %s', (engine) => {
  let figures: ReturnType<typeof suiteFigures>;
  const figureParts: string[] = [];
  beforeAll(() => {
    figures = suiteFigures(SUITE);
  });
  afterAll(() => {
    if (figureParts.length) figures.report(figureParts.join('; '), engine);
  });
  const crashCases = [
    { crash: 'before-send', label: 'killed before send', duplicatesExpected: 0 },
    { crash: 'after-accept', label: 'killed after accept', duplicatesExpected: 1 },
  ] as const;

  it.each(crashCases)(
    '$label: after a restart every message is sent, none lost, duplicates only the one in flight',
    async ({ crash, label, duplicatesExpected }) => {
      sink.received.length = 0;
      const storage = await freshStorage(engine);
      try {
        const ids = await storage.withDatabase((database) => queueMessages(database, CRASH_MESSAGES));
        const settings = { ...storage.env, WORKER_SMTP_URL: sink.url, WORKER_LEASE_MS: String(LEASE_MS) };

        const crashed = await startWorker({
          ...settings,
          WORKER_CONCURRENCY: '1',
          WORKER_CRASH: crash,
          WORKER_CRASH_ON: String(CRASH_ON),
        }).exited;
        expect(crashed.signal, crashed.stderr).toBe('SIGKILL');
        const killedAt = crashed.lines.find((line) => 'killedAt' in line)?.killedAt as string;
        expect(ids).toContain(killedAt);
        // What the crash left: the messages before it sent, the one in flight still "sending".
        expect(sink.received).toHaveLength(crash === 'before-send' ? CRASH_ON - 1 : CRASH_ON);
        const left = await storage.withDatabase(statusesOf);
        expect(left.filter((row) => row.status === 'sent')).toHaveLength(CRASH_ON - 1);
        expect(left.find((row) => row.id === killedAt)?.status).toBe('sending');

        const restarted = await startWorker(settings).exited;
        expect(restarted.code, restarted.stderr).toBe(0);

        const arrived = deliveries();
        const lost = ids.filter((id) => !arrived.has(id));
        const duplicated = ids.filter((id) => (arrived.get(id) ?? 0) > 1);
        const duplicates = duplicated.reduce((sum, id) => sum + arrived.get(id)! - 1, 0);
        expect(lost).toEqual([]);
        expect(duplicated).toEqual(duplicatesExpected ? [killedAt] : []);
        expect(duplicates).toBe(duplicatesExpected);
        expect([...arrived.keys()].sort()).toEqual([...ids].sort()); // nothing that was not queued
        const final = await storage.withDatabase(statusesOf);
        expect(final.filter((row) => row.status !== 'sent')).toEqual([]);
        expect(final.find((row) => row.id === killedAt)?.attempts).toBe(2);

        const figure = `${label}: ${count(arrived.size)} sent, ${lost.length} lost, ${duplicates} duplicate${duplicates === 1 ? '' : 's'}`;
        figureParts.push(figure);
      } finally {
        await storage.cleanup();
      }
    },
    120_000,
  );
});

describe('two outbox worker processes on one PostgreSQL', () => {
  let figures: ReturnType<typeof suiteFigures>;
  beforeAll(() => {
    figures = suiteFigures(SUITE);
  });
  it.skipIf(!testEngines.includes('postgres'))(
    'drain 1,000 messages together with 0 duplicates and 0 lost (needs TEST_DATABASE_URL)',
    async () => {
      sink.received.length = 0;
      const storage = await freshStorage('postgres');
      try {
        const ids = await storage.withDatabase((database) => queueMessages(database, TWO_PROCESS_MESSAGES));
        const workers = [0, 1].map(() =>
          startWorker({ ...storage.env, WORKER_SMTP_URL: sink.url, WORKER_WAIT_FOR_GO: '1' }),
        );
        // Both connected before either starts, so they really do compete for the same messages.
        await expect
          .poll(() => workers.every((w) => w.lines.some((line) => line.ready)), { timeout: 60_000 })
          .toBe(true);
        for (const worker of workers) worker.go();
        const exits = await Promise.all(workers.map((w) => w.exited));
        for (const exit of exits) expect(exit.code, exit.stderr).toBe(0);
        const finished = exits.map((exit) => exit.lines.find((line) => 'finished' in line)?.finished as number);
        expect(finished.every((n) => n > 0)).toBe(true); // both took part
        expect(finished[0]! + finished[1]!).toBe(TWO_PROCESS_MESSAGES);

        const arrived = deliveries();
        const lost = ids.filter((id) => !arrived.has(id)).length;
        const duplicates = sink.received.length - arrived.size;
        expect(lost).toBe(0);
        expect(duplicates).toBe(0);
        expect(arrived.size).toBe(TWO_PROCESS_MESSAGES);
        const final = await storage.withDatabase(statusesOf);
        expect(final.filter((row) => row.status !== 'sent' || row.attempts !== 1)).toEqual([]);
        figures.report(
          `2 processes × ${count(TWO_PROCESS_MESSAGES)} messages (${finished.map(count).join(' + ')}): ${lost} lost, ${duplicates} duplicates`,
          'postgres',
        );
      } finally {
        await storage.cleanup();
      }
    },
    120_000,
  );
});
