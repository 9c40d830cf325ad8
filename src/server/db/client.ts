/**
 * Opens the database: embedded PGlite by default, a PostgreSQL server through `pg` when a URL is
 * given (DESIGN 1). Both hand out the same `Db` type, so service code is written once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { serializeError } from './database-errors';
import { createStatementNames, preparingPglite, withStatementName } from './prepared-statements';
import * as schema from './schema';

/**
 * What both drivers' raw results have in common (pg's QueryResult, PGlite's Results): `rows`.
 * Typing it lets `db.execute<Row>(sql`...`)` return `{ rows: Row[] }` instead of `unknown`.
 */
export interface AnyQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
type QueryRows<Row> = { rows: Row[] };

/**
 * The one query-builder type for both engines. Write `db.select()...`, `db.transaction(...)`,
 * `db.query.*` and `db.execute()` against this; never against a driver-specific type.
 */
export type Db = PgDatabase<AnyQueryResultHKT, typeof schema>;

type DatabaseCommon = {
  db: Db;
  /** Runs `SELECT 1`; rejects when the database cannot answer (health checks). */
  ping(): Promise<void>;
  /** Releases the engine; safe to call more than once. */
  close(): Promise<void>;
  /**
   * Calls `onNotify` whenever a transaction that ran `pg_notify(channel, …)` commits (PostgreSQL
   * LISTEN/NOTIFY, on both engines). Resolves to a function that stops listening. On a server,
   * a lost listening connection is reopened; notifications sent while it was down are missed, so
   * listeners must also poll (the outbox worker does). `onNotify` gets the notification's payload.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
};

/** `client` is the raw driver, for the few places that need it (migrations, test snapshots). */
export type Database =
  (DatabaseCommon & { engine: 'pglite'; client: PGlite }) | (DatabaseCommon & { engine: 'postgres'; client: pg.Pool });

/** Matches pino's `logger.error(obj, msg)`; pool errors are logged, never thrown. */
export type DatabaseLogger = { error(details: object, message: string): void };

export type OpenDatabaseOptions = {
  /** postgres:// URL; without it the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: string;
  logger?: DatabaseLogger;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.logger ?? consoleLogger);
  const directory = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(directory, { recursive: true });
  const releaseLock = lockDataDir(directory);
  try {
    const client = await PGlite.create({ dataDir: directory, extensions: { pg_trgm } });
    return wrapPglite(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * An in-memory PGlite for tests, optionally started from a `dumpDataDir()` snapshot so a migrated
 * database costs one untar instead of a full migration run.
 */
export async function openMemoryDatabase(options: { loadDataDir?: Blob | File } = {}): Promise<Database> {
  const client = await PGlite.create({
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return wrapPglite(client, () => {});
}

const consoleLogger: DatabaseLogger = {
  error: (details, message) => console.error(message, details),
};

function wrapPglite(client: PGlite, releaseLock: () => void): Database {
  // Drizzle runs its queries through a client that prepares the habitual ones (prepared-statements.ts).
  const db: Db = drizzlePglite({ client: preparingPglite(client), schema });
  const close = once(async () => {
    try {
      await client.close();
    } finally {
      releaseLock();
    }
  });
  const listen = async (channel: string, onNotify: (payload: string) => void) => {
    const unlisten = await client.listen(channel, (payload) => onNotify(payload));
    return () => unlisten();
  };
  return { engine: 'pglite', client, db, ping: () => ping(db), close, listen };
}

/**
 * How long a query may wait for a connection (a free one in the pool, or a new one to the server)
 * before it fails, and its request is answered 503: a stopped or unreachable server, or a pool
 * exhausted by a burst, means "try again" within this long instead of a hung request.
 */
export const POSTGRES_CONNECTION_TIMEOUT_MS = 5_000;

async function openPostgres(databaseUrl: string, logger: DatabaseLogger): Promise<Database> {
  const pool = new LendingPool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: POSTGRES_CONNECTION_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    application_name: 'carbuy-direct',
  });
  // An idle client losing its connection (server restart, failover) emits 'error' on the pool;
  // unhandled, that would crash the process. The pool replaces the client on next use. Serialized
  // here, not by the logger, because the fallback logger is the console: no query values either way.
  pool.on('error', (error) => logger.error({ err: serializeError(error) }, 'PostgreSQL pool: idle client error'));
  // A client lent out (a transaction holds it between queries) has no listener of the pool's: its
  // connection ending (terminated backend, server stopped) would be an uncaught 'error' that ends
  // the process. The query in progress, or the next one, fails with the error instead, and its
  // request is answered 503; LendingPool gives the broken client back. This one also hears errors
  // a client emits after it has been given back and dropped.
  pool.on('connect', (client) => client.on('error', () => {}));
  // The pool's own queries (drizzle's, outside transactions) run habitual texts as named statements.
  const names = createStatementNames();
  const query = pool.query.bind(pool);
  pool.query = ((config: unknown, ...rest: unknown[]) =>
    (query as (...args: unknown[]) => unknown)(withStatementName(names, config), ...rest)) as typeof pool.query;
  const db: Db = drizzleNodePg({ client: pool, schema });
  const close = once(() => pool.end());
  const listen = (channel: string, onNotify: (payload: string) => void) =>
    listenOnServer(pool, channel, onNotify, logger);
  const database: Database = { engine: 'postgres', client: pool, db, ping: () => ping(db), close, listen };
  try {
    await database.ping(); // a wrong URL or password stops start-up here, with the server's message
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * A pool whose lent clients (`await pool.connect()`) go back to it, and out of it, as soon as
 * their connection breaks. Drizzle's transaction() releases its client in a `finally` entered only
 * after BEGIN succeeds: a BEGIN on a cut connection never gave its client back, and once `max`
 * were lost so, every request waited out the connection time-out until the process was
 * restarted. A release after that is a no-op rather than pg-pool's "release called twice" error.
 */
class LendingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // pg-pool's own query() lends with a callback and handles a broken client itself.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const lost = (error: Error) => client.release(error);
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.off('error', lost);
        release(error);
      };
      client.on('error', lost);
      return client;
    });
  }
}

/** How long to wait before reopening a lost listening connection. */
const RELISTEN_AFTER_MS = 5_000;

/**
 * LISTEN needs a connection of its own for as long as it listens: one client taken from the pool
 * and kept. If that connection drops (server restart, failover), it is replaced after a pause.
 */
async function listenOnServer(
  pool: pg.Pool,
  channel: string,
  onNotify: (payload: string) => void,
  logger: DatabaseLogger,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const reopenLater = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      open().catch((error: unknown) => {
        logger.error({ err: serializeError(error) }, `PostgreSQL: could not LISTEN ${channel}; trying again`);
        reopenLater();
      });
    }, RELISTEN_AFTER_MS);
    retry.unref();
  };

  const open = async () => {
    const client = await pool.connect();
    const lost = (error?: Error) => {
      if (current !== client) return;
      current = undefined;
      client.release(error ?? new Error('listening connection ended'));
      if (error && !stopped) {
        logger.error({ err: serializeError(error) }, `PostgreSQL: lost the LISTEN ${channel} connection`);
      }
      reopenLater();
    };
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', () => lost());
    current = client;
    try {
      await client.query(`LISTEN ${quoted}`);
    } catch (error) {
      current = undefined;
      client.release(error as Error);
      throw error;
    }
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    if (!client) return;
    try {
      await client.query(`UNLISTEN ${quoted}`);
      client.release();
    } catch (error) {
      client.release(error as Error);
    }
  };
}

async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}

/**
 * PGlite is a single-process database with no lock of its own: two processes opening the same
 * directory would corrupt it. An exclusive pid file makes the second one fail with a clear message.
 * A lock left by a crashed process is taken over; "crashed" includes our own pid when this process
 * does not hold it (a restarted container is often pid 1 again).
 */
const heldLocks = new Set<string>();

function lockDataDir(directory: string): () => void {
  const lockFile = `${directory}.lock`;
  if (!tryCreate(lockFile)) {
    const holder = readLockHolder(lockFile);
    if (isHeld(lockFile, holder)) throw inUseError(directory, lockFile, holder);
    fs.rmSync(lockFile, { force: true }); // stale: the process that wrote it is gone
    if (!tryCreate(lockFile)) throw inUseError(directory, lockFile, holder); // lost a race
  }
  heldLocks.add(lockFile);
  return () => {
    heldLocks.delete(lockFile);
    fs.rmSync(lockFile, { force: true });
  };
}

function isHeld(lockFile: string, holder: number | undefined): boolean {
  if (holder === undefined) return false;
  return holder === process.pid ? heldLocks.has(lockFile) : isRunning(holder);
}

function inUseError(directory: string, lockFile: string, holder: number | undefined): Error {
  return new Error(
    `The embedded database in ${directory} is already open (process ${holder ?? 'unknown'}; lock file ${lockFile}). ` +
      'Stop the other process, or set DATABASE_URL to share a PostgreSQL server.',
  );
}

function tryCreate(lockFile: string): boolean {
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readLockHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 only checks that the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
