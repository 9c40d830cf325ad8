/**
 * A PostgreSQL 15 cluster of the test's own, for suites that stop the server or cut its
 * connections: the machine's shared server (TEST_DATABASE_URL) serves other tests meanwhile.
 *
 *   if (!privatePostgresAvailable()) describe.skip(...)
 *   const cluster = await startPrivatePostgres();
 *   const url = await cluster.createDatabase('faults');
 *   await cluster.stopImmediately(); await cluster.start();
 *   await cluster.remove();
 *
 * initdb refuses to run as root, so when we are root the cluster belongs to the `postgres` user
 * and its commands run through runuser (or su where runuser is missing).
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export const POSTGRES_BIN = process.env.TEST_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const binary = (name: string) => path.join(POSTGRES_BIN, name);

/** Whether initdb, pg_ctl and postgres are installed; suites skip with a message when not. */
export function privatePostgresAvailable(): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((name) => fs.existsSync(binary(name)));
}

export type PrivatePostgres = {
  port: number;
  /** postgres:// URL of a database on this cluster. */
  urlOf(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Runs one statement on the `postgres` database through a short-lived connection. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /** `pg_ctl stop -m immediate`: every backend killed at once, no checkpoint (a crash, in effect). */
  stopImmediately(): Promise<void>;
  /** `pg_ctl start -w`: starts (after a crash, with recovery) and waits until it takes connections. */
  start(): Promise<void>;
  /** Stops the cluster if running and deletes its files. Safe to call twice. */
  remove(): Promise<void>;
};

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-private-pg-'));
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const command = ownerCommand(root);
  const asOwner = (file: string, args: string[]) => runAs(command, root, file, args);

  const pgCtl = (...args: string[]) => asOwner(binary('pg_ctl'), ['-D', dataDir, ...args]);
  const options = [`-p ${port}`, `-k ${root}`, '-c listen_addresses=127.0.0.1', '-c max_connections=50'].join(' ');
  const start = async () => {
    await pgCtl('-o', options, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start');
  };
  const stopImmediately = async () => {
    await pgCtl('-m', 'immediate', '-w', 'stop');
  };

  // Last resort should the test process end without remove(): no cluster outlives its test.
  const onExit = () => {
    const [program, args] = command(binary('pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    spawnSync(program, args, { cwd: root, stdio: 'ignore' });
    fs.rmSync(root, { recursive: true, force: true });
  };
  process.on('exit', onExit);

  try {
    // No fsync during initdb: its files are synced at the first checkpoint; the test's own writes are.
    await asOwner(binary('initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    await start();
  } catch (error) {
    onExit();
    process.off('exit', onExit);
    throw error;
  }

  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: urlOf('postgres'), connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  let removed: Promise<void> | undefined;
  return {
    port,
    urlOf,
    query,
    async createDatabase(name) {
      await query(`CREATE DATABASE ${name}`);
      return urlOf(name);
    },
    stopImmediately,
    start,
    remove: () =>
      (removed ??= (async () => {
        await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {}); // already stopped is fine
        process.off('exit', onExit);
        fs.rmSync(root, { recursive: true, force: true });
      })()),
  };
}

type Command = (file: string, args: string[]) => [command: string, args: string[]];

/** How to run a command as the cluster's owner: ourselves, or `postgres` when we are root. */
function ownerCommand(root: string): Command {
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim() || NaN);
    const [uid, gid] = [id('-u'), id('-g')];
    if (!Number.isInteger(uid) || !Number.isInteger(gid))
      throw new Error('running as root, but there is no postgres user');
    fs.chownSync(root, uid, gid);
  }
  fs.chmodSync(root, 0o700);
  if (!isRoot) return (file, args) => [file, args];
  if (fs.existsSync('/usr/sbin/runuser') || fs.existsSync('/sbin/runuser')) {
    return (file, args) => ['runuser', ['-u', 'postgres', '--', file, ...args]];
  }
  return (file, args) => ['su', ['postgres', '-s', '/bin/sh', '-c', [file, ...args].map(shellQuote).join(' ')]];
}

/** Runs the command and fails with its output, which says why (a port in use, a bad option). */
async function runAs(command: Command, root: string, file: string, args: string[]): Promise<void> {
  const [program, programArgs] = command(file, args);
  try {
    await run(program, programArgs, { cwd: root, timeout: 120_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${path.basename(file)} ${args.join(' ')} failed:\n${stderr ?? ''}${stdout ?? ''}`, {
      cause: error,
    });
  }
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
