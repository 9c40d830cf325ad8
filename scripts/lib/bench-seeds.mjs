// Bench databases kept between runs (scripts/lib/bench-admin-valuations.mjs, bench-csv-export.mjs):
// made-up valuations from the demo seeder, seeded once (a million take minutes) and reused while
// they still hold what the bench asked for.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { benchAdminPassword, withClient } from './bench-admin.mjs';
import { repoRoot } from './start-app.mjs';

const dataRoot = path.join(repoRoot, 'bench', '.data');

/**
 * What the seeder makes, in each kept database's marker: since 1 December 2026 the rows in the
 * order they arrived (as a live table holds them; seedValuations' arrivalTimes), and each unanswered
 * request's 20-hour warning as already sent when it fell due (before, the app's first start sent
 * some 400 warnings and rewrote their rows while the bench measured). A database seeded otherwise
 * is seeded again rather than measured as if it were the same.
 */
const SEEDED_IN = 'arrival-order warnings-sent';

/**
 * The PGlite folder `bench/.data/pglite-<name>-<count>/` holding `count` valuations seeded with
 * `seed` over the last `spanDays` days. Its `bench-seeded` marker names the span; a folder without
 * it, or seeded over another span, is seeded again.
 * Returns { count, dataDir, password, seededSeconds } (null seconds when kept).
 */
export async function keptPglite({ name, count, seed, spanDays, log, what }) {
  const dataDir = path.join(dataRoot, `pglite-${name}-${count}`);
  const marker = path.join(dataDir, 'bench-seeded');
  const seededAs = `days=${spanDays} ${SEEDED_IN}`;
  let seededSeconds = null;
  if (!existsSync(marker) || !(await readFile(marker, 'utf8')).includes(seededAs)) {
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    seededSeconds = runSeeder({ count, seed, spanDays, log, what, env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
    await writeFile(marker, `${new Date().toISOString()} ${seededAs}\n`);
  }
  const password = await benchAdminPassword(path.join(dataDir, 'bench-admin-password.txt'));
  return { count, dataDir, password, seededSeconds };
}

/**
 * The database `bench_<name>_<count>` on the PostgreSQL server `serverUrl`, as keptPglite's folder:
 * its comment names the span, and it is dropped and seeded again when it holds another count of
 * valuations or was seeded over another span. The admin's password is kept in
 * `bench/.data/postgres-<name>-<count>/`. Returns keptPglite's fields and `databaseUrl`.
 */
export async function keptPostgres({ name, count, seed, spanDays, serverUrl, log, what }) {
  const database = `bench_${name.replaceAll('-', '_')}_${count}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${database}`;
  const dataDir = path.join(dataRoot, `postgres-${name}-${count}`);
  await mkdir(dataDir, { recursive: true });
  const passwordFile = path.join(dataDir, 'bench-admin-password.txt');
  const seededAs = `bench seed days=${spanDays} ${SEEDED_IN}`;
  let seededSeconds = null;
  const kept = await seededDatabase(databaseUrl.href);
  if (kept.valuations !== count || kept.comment !== seededAs) {
    await withClient(serverUrl, async (client) => {
      await client.query(`drop database if exists ${database}`);
      await client.query(`create database ${database}`);
    });
    await rm(passwordFile, { force: true });
    const env = { DATABASE_URL: databaseUrl.href, DATA_DIR: dataDir };
    seededSeconds = runSeeder({ count, seed, spanDays, log, what, env });
    await withClient(serverUrl, (client) => client.query(`comment on database ${database} is '${seededAs}'`));
  }
  const password = await benchAdminPassword(passwordFile);
  return { count, dataDir, databaseUrl: databaseUrl.href, password, seededSeconds };
}

/** Runs the demo seeder into `env`'s database; returns the seconds it took. `what`: for the log line. */
function runSeeder({ count, seed, spanDays, log, what, env }) {
  log(`seeding ${count.toLocaleString('en-GB')} valuations over ${spanDays} days for ${what} (kept for later runs)…`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'scripts', 'seed-demo.mjs'),
      ...['--valuations', String(count), '--seed', String(seed), '--days', String(spanDays), '--force'],
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
  );
  if (result.status !== 0) throw new Error(`seeding failed (exit ${result.status ?? result.signal})`);
  return Math.round((performance.now() - started) / 100) / 10;
}

/** Valuations in that database and its comment; -1 valuations when it or the table does not exist yet. */
async function seededDatabase(databaseUrl) {
  try {
    return await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query(
        `select (select count(*)::int from car_valuations) as valuations,
          shobj_description((select oid from pg_database where datname = current_database()), 'pg_database') as comment`,
      );
      return rows[0];
    });
  } catch {
    return { valuations: -1, comment: null };
  }
}
