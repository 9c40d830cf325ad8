// The back office's valuation list and stats at scale (issue 11), for `npm run bench`.
//
// For each engine (PGlite always; the PostgreSQL server too when BENCH_DATABASE_URL is set) it
// makes a database holding BENCH_VALUATIONS made-up valuations (default 1,000,000) with the demo
// seeder, keeps it between runs (seeding a million rows takes one to three minutes), starts the app
// on it with a bench admin, signs in, and measures the dashboard's calls with the bench's own
// `measure`: the active list's first page, a status filter, a search by name, a search by
// registration, page 500, "Mine" and the unanswered by time left (issue 37), the stats, the 24-hour
// promise's figures, and the board.
//
// Where the data lives between runs:
//   PGlite      bench/.data/pglite-valuations-<N>/ (DATA_DIR of the app; delete it to re-seed)
//   PostgreSQL  the database `bench_valuations_<N>` on BENCH_DATABASE_URL's server (dropped and
//               re-made when it does not hold exactly N valuations)
// Each keeps the bench admin's password beside it (bench-admin-password.txt), because the app
// creates its first admin only in a database without users.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_ADMIN, benchAdminPassword, signInBenchAdmin, withClient } from './bench-admin.mjs';
import { getFreePort, repoRoot, startApp } from './start-app.mjs';

const SEED = '11';
const dataRoot = path.join(repoRoot, 'bench', '.data');

/** The rows measured on each engine; `registration` is one that exists, read from the first page. */
function scenarios({ cookie, registration }) {
  const get = (name, query) => ({
    name,
    path: `/api/valuations/active?${query}`,
    headers: { cookie },
    expectContentType: 'application/json',
  });
  return [
    get('active list, first page', 'page=1&pageSize=20'),
    get('active list, status=contacted', 'page=1&pageSize=20&status=contacted'),
    get('active list, search by name "smith"', 'page=1&pageSize=20&q=smith'),
    get(`active list, search by registration ${registration}`, `page=1&pageSize=20&q=${registration}`),
    get('active list, page 500', 'page=500&pageSize=20'),
    get('active list, owner=mine', 'page=1&pageSize=20&owner=mine'),
    get('active list, unanswered by time left', 'page=1&pageSize=20&sort=time_left'),
    {
      name: 'stats (cards, chart, brands, stage counts)',
      path: '/api/admin/valuations/stats',
      headers: { cookie },
      expectContentType: 'application/json',
    },
    {
      name: '24-hour promise (kept over 30 days by week, waiting, overdue)',
      path: '/api/admin/valuations/promise',
      headers: { cookie },
      expectContentType: 'application/json',
    },
    {
      name: 'board (every open stage: capped count and newest cards)',
      path: '/api/admin/valuations/board',
      headers: { cookie },
      expectContentType: 'application/json',
    },
  ];
}

/**
 * Runs the rows on every engine; returns { count, engines: [{ engine, seeded, rows, problems }] }.
 * `measure(baseUrl, scenario)` is the bench's; `env` is the app's env (fakes, trust proxy).
 */
export async function benchAdminValuations({ count, databaseUrl, measure, env, signal, log }) {
  const engines = benchDatabases({ count, databaseUrl, log });
  const results = [];
  for (const { engine, prepare } of engines) {
    signal.throwIfAborted();
    const problems = [];
    let rows = [];
    let target;
    try {
      target = await prepare();
      rows = await measureOn(target, { measure, env, signal, log, engine });
    } catch (error) {
      if (signal.aborted) throw error;
      problems.push(`${engine}: ${error.message}`);
    }
    results.push({ engine, seededSeconds: target?.seededSeconds ?? null, rows, problems });
  }
  return { count, engines: results };
}

/**
 * The engines' seeded databases, made on first use (also run alone, to seed ahead of a bench:
 * `node -e "import('./scripts/lib/bench-admin-valuations.mjs').then(m => m.seedAhead(1e6, process.env.BENCH_DATABASE_URL))"`).
 */
function benchDatabases({ count, databaseUrl, log }) {
  const engines = [{ engine: 'PGlite', prepare: () => preparePglite(count, log) }];
  if (databaseUrl) engines.push({ engine: 'PostgreSQL', prepare: () => preparePostgres(databaseUrl, count, log) });
  return engines;
}

export async function seedAhead(count, databaseUrl) {
  for (const { prepare } of benchDatabases({ count, databaseUrl, log: console.log })) await prepare();
}

async function measureOn(target, { measure, env, signal, log, engine }) {
  const port = await getFreePort();
  log(`${engine}: starting the app on ${count(target)} valuations…`);
  const app = await startApp({
    signal,
    timeoutMs: 300_000,
    env: {
      ...env,
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
      ADMIN_USERNAME: BENCH_ADMIN,
      ADMIN_PASSWORD: target.password,
    },
  });
  try {
    const cookie = await signInBenchAdmin(app.baseUrl, target.password, 'bench_valuations_*');
    const registration = await firstRegistration(app.baseUrl, cookie);
    const rows = [];
    for (const scenario of scenarios({ cookie, registration })) {
      rows.push(await measure(app.baseUrl, { ...scenario, name: `${engine}: ${scenario.name}` }));
    }
    return rows;
  } finally {
    await app.stop();
  }
}

const count = (target) => target.count.toLocaleString('en-GB');

async function firstRegistration(baseUrl, cookie) {
  const response = await fetch(new URL('/api/valuations/active?pageSize=1', baseUrl), { headers: { cookie } });
  const body = await response.json();
  const registration = body.items?.[0]?.registration;
  if (!response.ok || !registration) throw new Error(`the active list answered ${response.status} with no rows`);
  return registration;
}

function seed(count, env, log) {
  log(`seeding ${count.toLocaleString('en-GB')} valuations (kept for later runs)…`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts', 'seed-demo.mjs'), '--valuations', String(count), '--seed', SEED, '--force'],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
  );
  if (result.status !== 0) throw new Error(`seeding failed (exit ${result.status ?? result.signal})`);
  return Math.round((performance.now() - started) / 100) / 10;
}

async function preparePglite(count, log) {
  const dataDir = path.join(dataRoot, `pglite-valuations-${count}`);
  const marker = path.join(dataDir, 'bench-seeded');
  let seededSeconds = null;
  if (!existsSync(marker)) {
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    seededSeconds = seed(count, { DATA_DIR: dataDir, DATABASE_URL: '' }, log);
    await writeFile(marker, `${new Date().toISOString()}\n`);
  }
  return {
    count,
    dataDir,
    password: await benchAdminPassword(path.join(dataDir, 'bench-admin-password.txt')),
    seededSeconds,
  };
}

async function preparePostgres(serverUrl, count, log) {
  const name = `bench_valuations_${count}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const dataDir = path.join(dataRoot, `postgres-valuations-${count}`);
  await mkdir(dataDir, { recursive: true });
  const passwordFile = path.join(dataDir, 'bench-admin-password.txt');

  let seededSeconds = null;
  if ((await valuationsIn(databaseUrl.href)) !== count) {
    await withClient(serverUrl, async (client) => {
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name}`);
    });
    await rm(passwordFile, { force: true });
    seededSeconds = seed(count, { DATABASE_URL: databaseUrl.href, DATA_DIR: dataDir }, log);
  }
  return {
    count,
    dataDir,
    databaseUrl: databaseUrl.href,
    password: await benchAdminPassword(passwordFile),
    seededSeconds,
  };
}

/** Valuations in that database, or -1 when it or the table does not exist yet. */
async function valuationsIn(databaseUrl) {
  try {
    return await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query('select count(*)::int as n from car_valuations');
      return rows[0].n;
    });
  } catch {
    return -1;
  }
}
