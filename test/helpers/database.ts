/**
 * Fresh, migrated, isolated databases for tests.
 *
 *   describe.each(testEngines)('%s', (engine) => {
 *     let t: TestDatabase;
 *     beforeEach(async () => { t = await createTestDatabase(engine); });
 *     afterEach(() => t.cleanup());
 *   });
 *
 * PGlite (always): migrated once per process, then every test database starts from an in-memory
 * snapshot of that migrated state, which is much faster than migrating each time.
 * PostgreSQL (only when TEST_DATABASE_URL is set): a new uniquely named database on that server,
 * migrated, and dropped again on cleanup.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openDatabase, openMemoryDatabase, type Database } from '~/server/db/client';
import { runMigrations } from '~/server/db/migrate';

export type TestEngine = 'pglite' | 'postgres';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;

export const testEngines: TestEngine[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = {
  engine: TestEngine;
  database: Database;
  /** The PostgreSQL URL of this test database (postgres only), to open a second pool on it. */
  databaseUrl: string | undefined;
  /** Closes the database and, on PostgreSQL, drops it. Safe to call twice. */
  cleanup(): Promise<void>;
};

export type CreateTestDatabaseOptions = {
  /** false gives an empty database, for testing the migrations themselves. Default true. */
  migrate?: boolean;
};

export async function createTestDatabase(
  engine: TestEngine = 'pglite',
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  return engine === 'pglite' ? createPgliteTestDatabase(migrate) : createPostgresTestDatabase(migrate);
}

async function createPgliteTestDatabase(migrate: boolean): Promise<TestDatabase> {
  const database = await openMemoryDatabase(migrate ? { loadDataDir: await migratedSnapshot() } : {});
  return { engine: 'pglite', database, databaseUrl: undefined, cleanup: once(() => database.close()) };
}

// Kept on globalThis so test files sharing a worker process also share the one migration run.
const snapshotKey = Symbol.for('carbuy-direct.test.pgliteSnapshot');
type SnapshotHolder = { [snapshotKey]?: Promise<Blob> };

function migratedSnapshot(): Promise<Blob> {
  const holder = globalThis as SnapshotHolder;
  holder[snapshotKey] ??= takeSnapshot().catch((error: unknown) => {
    delete holder[snapshotKey]; // let the next test retry rather than replay one failure forever
    throw error;
  });
  return holder[snapshotKey];
}

async function takeSnapshot(): Promise<Blob> {
  const database = await openMemoryDatabase();
  try {
    await runMigrations(database);
    if (database.engine !== 'pglite') throw new Error('unreachable: memory databases are PGlite');
    // Uncompressed: gzip would save memory but cost time on every restore.
    return await database.client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

async function createPostgresTestDatabase(migrate: boolean): Promise<TestDatabase> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set; use testEngines to choose engines.');
  const name = `test_${randomBytes(8).toString('hex')}`;
  await onServer((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
    if (migrate) await runMigrations(database);
  } catch (error) {
    await database?.close();
    await dropDatabase(name);
    throw error;
  }
  const opened = database;
  const cleanup = once(async () => {
    await opened.close();
    await dropDatabase(name);
  });
  return { engine: 'postgres', database: opened, databaseUrl, cleanup };
}

async function dropDatabase(name: string): Promise<void> {
  await onServer(async (admin) => {
    // A pool left open by a failing test would otherwise make DROP DATABASE wait or fail.
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  });
}

/** One short-lived connection to the database named in TEST_DATABASE_URL, for CREATE/DROP DATABASE. */
async function onServer(action: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await action(admin);
  } finally {
    await admin.end();
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
