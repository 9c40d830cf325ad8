/**
 * Outbox worker throughput: how many e-mails per second ONE real worker (default options, the real
 * SMTP transport) hands to an SMTP server in this process. `npm run bench` runs it after the HTTP
 * scenarios; on its own:
 *
 *   npx tsx bench/outbox-throughput.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/outbox-throughput.ts
 *
 * For each engine (in-memory PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set, in a
 * throwaway database created on that server and dropped afterwards): a freshly migrated database,
 * BENCH_OUTBOX_MESSAGES (default 2,000) test e-mails queued through the real outbox in
 * transactions of 100, then the time one worker's drain() takes to send them all. Afterwards every
 * message must have arrived exactly once (by Message-ID) and every row must be `sent`.
 *
 * stdout: one JSON line per engine, {engine, messages, seconds, messagesPerSecond, received,
 * distinct, problems}. Progress and problems go to stderr. Exit code 1 if any engine had a problem.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, type AppConfig } from '~/server/config';
import { openDatabase, openMemoryDatabase, type Database } from '~/server/db/client';
import { runMigrations } from '~/server/db/migrate';
import { outboundMessages } from '~/server/db/schema';
import { createOutbox } from '~/server/features/messages/outbox';
import { messageTest } from '~/server/features/messages/templates/message-test';
import { transportsFor } from '~/server/features/messages/transports';
import { createOutboxWorker, DEFAULT_WORKER_OPTIONS, type WorkerLog } from '~/server/features/messages/worker';
import { siteConfigAt } from '~/server/features/site/site-config';
import { createDiskFileStore } from '~/server/storage/file-store';
import { startSmtpSink, type SmtpSink } from '../test/fakes/smtp-sink';

const FROM = 'CarBuy Direct <hello@carbuy.example>';
const PER_TRANSACTION = 100;

type Engine = 'pglite' | 'postgres';
type Result = {
  engine: Engine;
  messages: number;
  seconds: number | null;
  messagesPerSecond: number | null;
  received: number | null;
  distinct: number | null;
  problems: string[];
};

/** A migrated database of its own for one run, and how to get rid of it. */
type BenchDatabase = { database: Database; dispose(): Promise<void> };

/** The database in use, so an interrupted run still drops its throwaway PostgreSQL database. */
let inUse: BenchDatabase | undefined;

async function main(): Promise<number> {
  const messages = positiveInteger('BENCH_OUTBOX_MESSAGES', 2_000);
  const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
  const engines: Engine[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];
  console.error(
    `outbox bench: ${messages} messages on ${engines.join(' and ')}, one worker with ${JSON.stringify(DEFAULT_WORKER_OPTIONS)}`,
  );
  const sink = await startSmtpSink();
  // The server's own settings code, from a minimal environment: its messaging and site details.
  const config = loadConfig({ SMTP_URL: sink.url, MAIL_FROM: FROM });
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-bench-outbox-'));
  let failed = false;
  try {
    for (const engine of engines) {
      const result = await runEngine(engine, { messages, serverUrl, sink, filesDir, config });
      for (const problem of result.problems) console.error(`outbox bench (${engine}): PROBLEM: ${problem}`);
      failed ||= result.problems.length > 0;
      console.log(JSON.stringify(result));
    }
  } finally {
    await sink.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

async function runEngine(
  engine: Engine,
  run: { messages: number; serverUrl: string | undefined; sink: SmtpSink; filesDir: string; config: AppConfig },
): Promise<Result> {
  const result: Result = {
    engine,
    messages: run.messages,
    seconds: null,
    messagesPerSecond: null,
    received: null,
    distinct: null,
    problems: [],
  };
  let bench: BenchDatabase | undefined;
  const transport = transportsFor(run.config.messaging).email!;
  try {
    bench = engine === 'pglite' ? await memoryDatabase() : await throwawayServerDatabase(run.serverUrl!);
    inUse = bench;
    const { db } = bench.database;
    const files = createDiskFileStore(run.filesDir);
    const clock = () => new Date();
    run.sink.received.length = 0;

    const queuedAt = performance.now();
    const { promotion: _promotion, ...site } = siteConfigAt(run.config)(clock());
    const outbox = createOutbox({ messaging: run.config.messaging, site, files, clock });
    const ids: string[] = [];
    for (let first = 0; first < run.messages; first += PER_TRANSACTION) {
      const size = Math.min(PER_TRANSACTION, run.messages - first);
      await db.transaction(async (tx) => {
        for (let i = first; i < first + size; i++) {
          const queued = await outbox.queueEmail(tx, {
            to: `seller-${i}@example.com`,
            template: messageTest,
            data: { requestedBy: 'Bench Admin' },
          });
          ids.push(queued.id);
        }
      });
    }
    progress(engine, `queued ${run.messages} messages in ${seconds(performance.now() - queuedAt)}s; draining…`);

    const { log, complaints } = recordingLog();
    const worker = createOutboxWorker({ db, transports: { email: transport }, files, clock, log });
    const started = performance.now();
    const finished = await worker.drain();
    const elapsedMs = performance.now() - started;
    result.seconds = seconds(elapsedMs);
    result.messagesPerSecond = Math.round((run.messages / elapsedMs) * 1000 * 10) / 10;

    const arrivals = countArrivals(run.sink);
    result.received = run.sink.received.length;
    result.distinct = arrivals.size;
    const statuses = await db.execute<{ status: string; count: number }>(
      sql`select status, count(*)::int as count from ${outboundMessages} group by status order by status`,
    );
    result.problems.push(
      ...verify({ ids, finished, arrivals, received: result.received, statuses: statuses.rows }),
      ...complaints,
    );
    progress(engine, `${result.messagesPerSecond} messages/s (${result.seconds}s)`);
  } catch (error) {
    result.problems.push(`the run failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await transport.close();
    inUse = undefined;
    await bench?.dispose();
  }
  return result;
}

/** Arrivals per outbox id, read from the Message-ID the SMTP transport builds: <id@domain>. */
function countArrivals(sink: SmtpSink): Map<string, number> {
  const arrivals = new Map<string, number>();
  for (const mail of sink.received) {
    const id = /^<(.+)@[^@]+>$/.exec(mail.parsed.messageId ?? '')?.[1] ?? `(no Message-ID: ${mail.parsed.subject})`;
    arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
  }
  return arrivals;
}

function verify(run: {
  ids: string[];
  finished: number;
  arrivals: Map<string, number>;
  received: number;
  statuses: { status: string; count: number }[];
}): string[] {
  const problems: string[] = [];
  const expected = run.ids.length;
  if (run.finished !== expected) problems.push(`drain() finished ${run.finished} messages, expected ${expected}`);
  const missing = run.ids.filter((id) => !run.arrivals.has(id));
  const twice = [...run.arrivals].filter(([, n]) => n > 1);
  const queued = new Set(run.ids);
  const strangers = [...run.arrivals.keys()].filter((id) => !queued.has(id));
  if (missing.length) problems.push(`${missing.length} of ${expected} messages never arrived (first: ${missing[0]})`);
  if (twice.length) problems.push(`${twice.length} messages arrived more than once (first: ${twice[0]![0]})`);
  if (strangers.length) problems.push(`${strangers.length} unexpected messages arrived (first: ${strangers[0]})`);
  if (run.received !== expected)
    problems.push(`the SMTP server received ${run.received} e-mails, expected ${expected}`);
  const sent = run.statuses.find((s) => s.status === 'sent')?.count ?? 0;
  if (sent !== expected || run.statuses.length !== 1) {
    const counts = run.statuses.map((s) => `${s.status} ${s.count}`).join(', ') || 'no rows';
    problems.push(`expected all ${expected} rows "sent", found: ${counts}`);
  }
  return problems;
}

/** The worker's warnings and errors (a retry or a failure) make the run invalid. */
function recordingLog(): { log: WorkerLog; complaints: string[] } {
  const complaints: string[] = [];
  const complain = (level: string) => (details: object, message: string) => {
    if (complaints.length < 5) complaints.push(`worker ${level}: ${message} ${JSON.stringify(details)}`);
  };
  return { log: { info: complain('info'), warn: complain('warn'), error: complain('error') }, complaints };
}

async function memoryDatabase(): Promise<BenchDatabase> {
  const database = await openMemoryDatabase();
  return migrated(database, () => database.close());
}

/** CREATE DATABASE bench_outbox_<random> on the server, migrated; dispose() drops it. */
async function throwawayServerDatabase(serverUrl: string): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  const name = `bench_outbox_${randomBytes(6).toString('hex')}`;
  const dropWith = (database?: Database) => async () => {
    try {
      await database?.close();
      await connectionsGone(admin, name);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
  let database: Database;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  } catch (error) {
    await dropWith()();
    throw error;
  }
  return migrated(database, dropWith(database));
}

/**
 * The pool's close() resolves before the server has seen its connections go; dropping WITH (FORCE)
 * at that moment cuts them off, and the pool logs an error. Waits up to 2 s for them to leave.
 */
async function connectionsGone(admin: pg.Client, name: string) {
  for (let waited = 0; waited < 2_000; waited += 50) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Migrates a new database; if that fails, disposes of it. */
async function migrated(database: Database, dispose: () => Promise<void>): Promise<BenchDatabase> {
  try {
    await runMigrations(database);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { database, dispose };
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`outbox bench: ${name}=${raw} is not a whole number of at least 1`);
    process.exit(1);
  }
  return n;
}

function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}

function progress(engine: Engine, message: string) {
  console.error(`outbox bench (${engine}): ${message}`);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`outbox bench: ${signal} received — removing the benchmark database…`);
    const giveUp = new Promise((resolve) => setTimeout(resolve, 5_000).unref());
    void Promise.race([inUse?.dispose(), giveUp])
      .catch(() => {})
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

process.exitCode = await main();
