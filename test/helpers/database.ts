/**
 * Isolated, migrated databases for tests: each test sees every table empty.
 *
 *   describe.each(testEngines)('%s', (engine) => {
 *     let t: TestDatabase;
 *     beforeEach(async () => { t = await createTestDatabase(engine); });
 *     afterEach(() => t.cleanup());
 *   });
 *
 * Starting a database is the slow part of a test (PGlite boots a WASM
 * PostgreSQL; a server database needs CREATE DATABASE and every migration), so
 * migrated databases are kept in a pool per test process and reused: handing
 * one out first empties it (every table the catalogue lists, so new tables need
 * no list kept by hand, with RESTART IDENTITY) and resets session state.
 * `cleanup()` gives it back. A test that closes its database (to see a failure)
 * gets a closed one, as it should; the pool then drops it.
 *
 * PGlite (always): in-memory instances, each restored from a snapshot of a
 * migrated database that test/global-setup.ts makes (or reuses) once per run.
 * PostgreSQL (only when TEST_DATABASE_URL is set): databases named after the
 * run, kept until the end of the run, when test/global-setup.ts drops them. A
 * run without that setup (no TEST_RUN_ID) drops each database on cleanup.
 * `migrate: false` always gives a new empty database, to test the migrations.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, openMemoryDatabase, type Database } from '~/server/db/client';
import { defaultMigrationsFolder, runMigrations } from '~/server/db/migrate';
import { projectRoot } from '~/server/project-root';
import { apiSuiteOnCluster } from './api-cluster';

export type TestEngine = 'pglite' | 'postgres';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;

// API_CLUSTER=1 (test/helpers/api-cluster.ts) runs the API suite on PostgreSQL only: PGlite is one process's.
export const testEngines: TestEngine[] = apiSuiteOnCluster
  ? ['postgres']
  : serverUrl
    ? ['pglite', 'postgres']
    : ['pglite'];

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
  if (!migrate) return engine === 'pglite' ? emptyPgliteDatabase() : createPostgresTestDatabase(false);
  return engine === 'pglite' ? pooledPgliteDatabase() : pooledPostgresDatabase();
}

/** Idle migrated databases of this process, kept on globalThis so test files sharing it share them. */
const poolKey = Symbol.for('carbuy-direct.test.databasePool');
type Pool = { pglite: Database[]; postgres: string[] };
function pool(): Pool {
  const holder = globalThis as { [poolKey]?: Pool };
  return (holder[poolKey] ??= { pglite: [], postgres: [] });
}

async function emptyPgliteDatabase(): Promise<TestDatabase> {
  const database = await openMemoryDatabase();
  return { engine: 'pglite', database, databaseUrl: undefined, cleanup: once(() => database.close()) };
}

async function pooledPgliteDatabase(): Promise<TestDatabase> {
  const opened = pool().pglite.pop() ?? (await newMigratedPglite());
  try {
    await emptyDatabase(opened);
  } catch (error) {
    await opened.close();
    throw error;
  }
  const cleanup = once(async () => {
    if (opened.engine === 'pglite' && !opened.client.closed) pool().pglite.push(opened);
  });
  return { engine: 'pglite', database: opened, databaseUrl: undefined, cleanup };
}

/**
 * A migrated in-memory PGlite: restored from the run's snapshot when there is one
 * (TEST_PGLITE_SNAPSHOT, made by test/global-setup.ts), which skips initdb and
 * the migrations; otherwise started empty and migrated.
 */
async function newMigratedPglite(): Promise<Database> {
  const snapshot = process.env.TEST_PGLITE_SNAPSHOT;
  if (snapshot && fs.existsSync(snapshot)) return openMemoryDatabase({ loadDataDir: await fs.openAsBlob(snapshot) });
  const database = await openMemoryDatabase();
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * A file holding a migrated PGlite data directory, made once and reused for as
 * long as the migrations and PGlite stay the same (the name is a hash of both).
 */
export async function pgliteSnapshotFile(cacheDir: string): Promise<string> {
  const migrations = defaultMigrationsFolder();
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const file = path.join(cacheDir, `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openMemoryDatabase();
  try {
    await runMigrations(database);
    if (database.engine !== 'pglite') throw new Error('unreachable: memory databases are PGlite');
    // Uncompressed: gzip would save disk but cost time on every restore.
    const dump = await database.client.dumpDataDir('none');
    fs.mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file); // whole or not at all, should another run read it meanwhile
  } finally {
    await database.close();
  }
  return file;
}

/**
 * Empties every table of ours (all schemas but the system ones and drizzle's
 * migration record) and resets what a session may have changed.
 */
async function emptyDatabase(database: Database): Promise<void> {
  const { rows } = await database.db.execute<{ name: string }>(sql`
    select format('%I.%I', schemaname, tablename) as name from pg_catalog.pg_tables
    where schemaname not in ('information_schema', 'drizzle') and left(schemaname, 3) <> 'pg_'`);
  if (rows.length) {
    await database.db.execute(sql.raw(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`));
  }
  // Settings, temporary tables and advisory locks a test left behind (PGlite is one session for all).
  if (database.engine === 'pglite') await database.client.exec('discard all');
}

const runId = process.env.TEST_RUN_ID;
/** Databases of this run are test_<run>_<n>, so the run's teardown can find them all. */
const databaseName = () =>
  runId ? `test_${runId}_${randomBytes(6).toString('hex')}` : `test_${randomBytes(8).toString('hex')}`;

function databaseUrlOf(name: string): string {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set; use testEngines to choose engines.');
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function pooledPostgresDatabase(): Promise<TestDatabase> {
  if (!runId) return createPostgresTestDatabase(true);
  let name = pool().postgres.pop();
  if (!name) {
    const created = await createPostgresTestDatabase(true);
    await created.database.close();
    name = new URL(created.databaseUrl!).pathname.slice(1);
  }
  const databaseUrl = databaseUrlOf(name);
  // A new pool per test: no connection carries session state from the test before.
  const database = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
  try {
    await emptyDatabase(database);
  } catch (error) {
    await database.close();
    await dropDatabase(name);
    throw error;
  }
  const reusable = name;
  const cleanup = once(async () => {
    await database.close();
    pool().postgres.push(reusable);
  });
  return { engine: 'postgres', database, databaseUrl, cleanup };
}

async function createPostgresTestDatabase(migrate: boolean): Promise<TestDatabase> {
  const name = databaseName();
  await onServer((admin) => admin.query(`CREATE DATABASE ${name}`));
  const databaseUrl = databaseUrlOf(name);
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

/** Drops the databases of a finished run (test/global-setup.ts calls it). */
export async function dropRunDatabases(run: string): Promise<void> {
  if (!serverUrl) return;
  const names: string[] = [];
  await onServer(async (admin) => {
    const result = await admin.query<{ datname: string }>('SELECT datname FROM pg_database');
    names.push(...result.rows.map((r) => r.datname).filter((name) => name.startsWith(`test_${run}_`)));
  });
  for (const name of names) await dropDatabase(name);
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
