// `npm run bench` — HTTP load benchmark of the built app against a bare Fastify baseline.
//
// 1. starts the local fakes (SMTP server, DVLA, DVSA; scripts/lib/start-fakes.mjs), then the app
//    as a user would (`node scripts/start.mjs`, see scripts/lib/start-app.mjs) on a free port with
//    a fresh temporary DATA_DIR, pointed at the fakes and with TRUST_PROXY=1 (so each request can
//    name its own client address in X-Forwarded-For, as traffic from many people would);
// 2. starts a bare Fastify "hello world" server in this process (in a worker thread, so it
//    does not share an event loop with the load generator — just like the app, which has its own);
// 3. loads each with autocannon using the same settings (2 s warm-up, not reported, then the
//    measured run), prints a table, and writes bench/results/<timestamp>.json + latest.json;
// 4. runs bench/outbox-throughput.ts in a child process (tsx): one outbox worker sending test
//    e-mails to an in-process SMTP server, in messages per second, printed as a table of its own.
//
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10),
//      BENCH_WARMUP (s, default 2; 0 skips), BENCH_START_TIMEOUT (s, default 180),
//      BENCH_APP_COMMAND (default `node scripts/start.mjs`),
//      BENCH_OUTBOX_MESSAGES (default 2000), BENCH_DATABASE_URL (also measure the outbox and the
//      back office's lists on PostgreSQL), BENCH_VALUATIONS (default 1000000; 0 skips the back
//      office's lists at scale: scripts/lib/bench-admin-valuations.mjs), BENCH_ADMIN_RUNS (default 3
//      runs of each of those rows, judged on the median p99), BENCH_ONLY=back-office (the baseline
//      and the back office's rows only), BENCH_REVIEWS (default 200
//      published reviews for the /reviews rows; bench/seed-reviews.ts), BENCH_VEHICLES (default 30
//      purchased vehicles for the /recently-purchased rows and the home page; bench/seed-vehicles.ts),
//      BENCH_PAGES (0 skips the public pages against the static-buffer server, their JavaScript and
//      Lighthouse: scripts/lib/bench-public-pages.mjs), BENCH_LIGHTHOUSE (0 skips Lighthouse only),
//      BENCH_PAGE_VIEWS (default 10000000 page views seeded for staff's analytics reports, the beacon
//      and the home page with collection on and off; 0 skips them: scripts/lib/bench-analytics.mjs),
//      BENCH_ANALYTICS_DAYS (default 90: the UK days, ending today, those views are spread over),
//      BENCH_COMPARABLES_VALUATIONS / BENCH_COMPARABLES_OFFERS / BENCH_COMPARABLES_QUERIES (default
//      1000000 / 200000 / 500: the indicative price's query, issue 34; 0 valuations skips it:
//      scripts/lib/bench-comparables.mjs, goal a p99 of at most 20 ms on PostgreSQL).
//      BENCH_CSV_EXPORT_VALUATIONS (default 100000 valuations downloaded as CSV, timed with the app's
//      RSS sampled; 0 skips it: scripts/lib/bench-csv-export.mjs).
//      BENCH_SUBMISSION_RUNS (default 3 runs each of valuation submissions against 1 and 2 processes
//      behind HAProxy, with BENCH_DATABASE_URL: scripts/lib/bench-submissions.mjs; 0 skips them),
//      BENCH_ONLY=submissions (the baseline and those rows only).
// Exit codes: 0 ok; 1 app could not start / unexpected failure; 2 results invalid
// (non-2xx responses, errors or timeouts, or a failed outbox run — see the warning block) or a
// public page's goal missed (issue 14: speed against the static server, JavaScript, Lighthouse) or
// an analytics goal missed (issue 15: each report's p99 under 50 ms, the home page with collection
// on at least 0.90x its requests/s with it off) or a back office goal missed (issue 37: each list
// row's median p99 at 1,000,000 valuations, ADMIN_P99_GOALS_MS); 130/143 interrupted.

import autocannon from 'autocannon';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ADMIN_P99_GOALS_MS, benchAdminValuations } from './lib/bench-admin-valuations.mjs';
import { benchCsvExport, renderCsvExport } from './lib/bench-csv-export.mjs';
import { ANALYTICS_GOALS, benchAnalytics } from './lib/bench-analytics.mjs';
import { benchComparables, renderComparables } from './lib/bench-comparables.mjs';
import { clusterRefusal } from './lib/cluster.mjs';
import { benchSubmissions, renderSubmissions } from './lib/bench-submissions.mjs';
import { benchPublicPages, renderPublicPages } from './lib/bench-public-pages.mjs';
import { describeExit, getFreePort, lastLines, repoRoot, startApp } from './lib/start-app.mjs';
import { fakesEnv, startFakes } from './lib/start-fakes.mjs';
import { startWorkerServer } from './lib/worker-server.mjs';

// The valuation body the API tests use (TypeScript, loaded with tsx, which the outbox run needs too).
const { validValuation } = await tsImport('../test/helpers/valuation.ts', import.meta.url);

/** A DVLA test registration the fake DVLA and DVSA both know (a red 2019 Ford Focus). */
const LOOKUP_REGISTRATION = 'AA19AAA';
/** Tells this run's Idempotency-Keys apart from another run's (each run has a fresh database anyway). */
const benchRunId = Date.now().toString(36);

// ---------------------------------------------------------------------------------------------
// Scenarios measured against the app. Each one:
//   name      label in the table and JSON
//   path      request path (required)
//   method    default 'GET'
//   headers   extra request headers
//   body      string, or an object (sent as JSON with content-type application/json)
//   expectContentType  optional substring the preflight response's content-type must contain
//   connections  concurrent connections for this row (default BENCH_CONNECTIONS)
//   timeoutSec  how long autocannon waits for one answer before counting an error (default 10)
//   eachRequest  optional (serial) => ({ headers?, body? }): builds every request afresh (the
//             preflight, the warm-up and the measured run), merged over `headers` and `body`;
//             `serial` is a number unique to the request within the whole bench
//   after     optional async ({ baseUrl, succeeded }) => any — runs after the measured run
//             (`succeeded`: 2xx answers of the preflight, warm-up and measured run); its value is
//             stored in the row as `after`; a throw is a problem (e.g. "the cache did not hold")
//   during    optional async ({ baseUrl, signal }) => any — background load that runs alongside
//             the MEASURED run only (not the warm-up); `signal` aborts when the measured run
//             ends. Its resolved value is stored in the row as `during`; a throw is a problem.
// ---------------------------------------------------------------------------------------------
const scenarios = [
  { name: 'GET /api/health', path: '/api/health', expectContentType: 'application/json' },
  { name: 'GET / (home page, SSR)', path: '/', expectContentType: 'text/html' },

  // --- endpoints limited per client address ----------------------------------------------------
  // Both are rate-limited per address (valuations 10 per 10 minutes, lookups 30 a minute), so from
  // one address the bench would measure 429s. The app trusts one proxy (TRUST_PROXY=1) and every
  // request names a different client in X-Forwarded-For, as traffic from many sellers would.
  // --- issue 12: the public reviews, BENCH_REVIEWS of them published (bench/seed-reviews.ts) -------
  { name: 'GET /api/reviews', path: '/api/reviews', expectContentType: 'application/json' },
  { name: 'GET /reviews (SSR, reviews in the page)', path: '/reviews', expectContentType: 'text/html' },
  // --- issue 13: recently purchased vehicles, BENCH_VEHICLES of them (bench/seed-vehicles.ts) ----
  { name: 'GET /api/purchased-vehicles', path: '/api/purchased-vehicles', expectContentType: 'application/json' },
  {
    name: 'GET /recently-purchased (SSR, vehicles in the page)',
    path: '/recently-purchased',
    expectContentType: 'text/html',
  },

  {
    // The preflight's lookup goes to the fake DVLA and DVSA and fills the cache; every request after
    // it must be answered from the cache (checked afterwards with the fake DVLA's count).
    name: `GET /api/vehicle/${LOOKUP_REGISTRATION} (cached)`,
    path: `/api/vehicle/${LOOKUP_REGISTRATION}`,
    expectContentType: 'application/json',
    eachRequest: (serial) => ({ headers: { 'x-forwarded-for': clientAddress(serial) } }),
    after: providerCallsFor(LOOKUP_REGISTRATION),
  },
  {
    // Issue 10: distinct payloads, 50 connections. Each request is a new seller (registration,
    // e-mail, address, Idempotency-Key as the wizard sends one); each stores a valuation and
    // queues two e-mails, which the app's outbox worker sends to the local SMTP server meanwhile.
    // Afterwards the bench waits until every e-mail has arrived, so the next row starts on an app
    // that is not still sending (and proves the e-mails went out).
    name: 'POST /api/valuations (50 conn.)',
    path: '/api/valuations',
    method: 'POST',
    connections: 50,
    // Past saturation on PGlite the slowest answers take several seconds (bench/README.md): they
    // are measured in the p99 rather than cut at autocannon's default 10 s and called errors.
    timeoutSec: 30,
    expectContentType: 'application/json',
    eachRequest: (serial) => ({
      headers: { 'x-forwarded-for': clientAddress(serial), 'idempotency-key': `bench-${benchRunId}-${serial}` },
      body: valuationBody(serial),
    }),
    after: emailsDelivered({ perRequest: 2 }),
  },

  // --- "during load" scenarios go here -------------------------------------------------------
  // Sign-in hashing is slow on purpose (scrypt, 128 MiB each). This shows it cannot starve the public
  // site: GET / is measured while bursts of 100 concurrent wrong sign-ins arrive every second. Compare
  // its p99 with the plain GET / row above. Rate limits and the hashing gate answer most of a burst
  // with 429 or 503 before any hashing; the statuses are printed under the table. Last, because
  // sign-ins still hashing when it ends would slow whatever row came next.
  {
    name: 'GET / during wrong-login bursts',
    path: '/',
    expectContentType: 'text/html',
    during: wrongLoginBursts,
  },
  // A measured POST looks like: { name: 'POST /api/x', path: '/api/x', method: 'POST', body: { a: 1 } }
];

// ---------------------------------------------------------------------------------------------

/** A distinct client address per request serial: 10.0.0.1, 10.0.0.2, … (16 million of them). */
function clientAddress(serial) {
  const n = serial % 0xffffff || 1;
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/**
 * A complete, valid valuation request as the wizard sends it (the tests' own, from
 * test/helpers/valuation.ts, so it follows the schema), made distinct per serial: its own
 * registration, e-mail address and mileage.
 */
function valuationBody(serial) {
  return {
    ...validValuation(),
    registration: `BN${serial.toString(36).toUpperCase().padStart(6, '0')}`,
    mileage: 10_000 + (serial % 90_000),
    email: `seller${serial}@example.com`,
  };
}

/**
 * An `after` check: the fake DVLA was asked for `registration` once (the preflight), so every
 * measured request was answered from the app's cache.
 */
function providerCallsFor(registration) {
  return async () => {
    const lookups = await (await fetch(`${fakes.controlUrl}/dvla/lookups`)).json();
    const calls = lookups.filter((r) => r === registration).length;
    if (calls !== 1) {
      throw new Error(`the fake DVLA was asked for ${registration} ${calls} times, expected once (the cache)`);
    }
    return { dvlaCalls: calls };
  };
}

/**
 * An `after` check: waits until the local SMTP server has received `perRequest` e-mails for every
 * request answered 2xx (preflight, warm-up and measured run), at most 180 s.
 */
function emailsDelivered({ perRequest }) {
  return async ({ succeeded }) => {
    const expected = perRequest * succeeded;
    const ended = Date.now();
    for (;;) {
      const received = (await (await fetch(`${fakes.controlUrl}/smtp/messages`)).json()).length;
      const waited = round((Date.now() - ended) / 1000, 1);
      if (received >= expected) return { emailsExpected: expected, emailsReceived: received, drainedAfterSec: waited };
      if (waited > 180) throw new Error(`${received} of ${expected} e-mails reached the SMTP server within 180 s`);
      shutdown.signal.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
}

/** Every second until the measured run ends: 100 concurrent sign-ins with wrong passwords. */
async function wrongLoginBursts({ baseUrl, signal }) {
  const statuses = {};
  let bursts = 0;
  while (!signal.aborted) {
    const started = Date.now();
    const burst = Array.from({ length: 100 }, (_, i) =>
      fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `bench-${bursts}-${i}`, password: 'definitely the wrong password' }),
      }).then(
        (r) => r.status,
        (error) => (error.name === 'AbortError' ? 'aborted' : 'error'),
      ),
    );
    for (const status of await Promise.all(burst)) statuses[status] = (statuses[status] ?? 0) + 1;
    bursts += 1;
    const wait = 1000 - (Date.now() - started);
    if (wait > 0 && !signal.aborted) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return { bursts, statuses };
}

/** A small table: the first column left-aligned, the others right-aligned. */
function renderGrid(header, lines) {
  const widths = header.map((h, i) => Math.max(String(h).length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' │ ');
  return [fmt(header), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...lines.map(fmt)].join('\n');
}

/** The outbox benchmark, run with tsx in a child process (it imports the TypeScript sources). */
const OUTBOX_SCRIPT = 'bench/outbox-throughput.ts';

/**
 * Runs the outbox benchmark; its stdout has one JSON line per engine (PGlite, and PostgreSQL
 * when BENCH_DATABASE_URL is set). A non-zero exit or a row with problems is a problem here.
 */
async function measureOutbox() {
  log('measuring the outbox worker (messages per second to an in-process SMTP server)…');
  const child = spawn(process.execPath, ['--import', 'tsx', OUTBOX_SCRIPT], {
    cwd: repoRoot,
    env: { ...process.env, BENCH_OUTBOX_MESSAGES: String(settings.outboxMessages) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  outboxChild = child;
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
    process.stderr.write(chunk.replace(/^(?=.)/gm, '  '));
  });
  const exit = await new Promise((resolve) => {
    child.once('error', (error) => resolve({ error }));
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  outboxChild = null;

  const rows = [];
  const problems = [];
  for (const line of stdout.split('\n').filter((l) => l.trim())) {
    try {
      rows.push(JSON.parse(line));
    } catch {
      problems.push(`outbox worker: unexpected output ${JSON.stringify(line.slice(0, 200))}`);
    }
  }
  for (const row of rows) problems.push(...row.problems.map((p) => `outbox worker (${row.engine}): ${p}`));
  // Exit code 1 with problems in its rows needs no more words; a crash, a signal or a silent failure does.
  const explained = exit.code === 1 && problems.length > 0;
  if (exit.code !== 0 && !explained) {
    problems.push(`outbox worker: ${OUTBOX_SCRIPT} ended with ${describeExit(exit)}\n${lastLines(stderr, 10)}`);
  } else if (rows.length === 0) problems.push(`outbox worker: ${OUTBOX_SCRIPT} printed no results`);
  return { script: OUTBOX_SCRIPT, messages: settings.outboxMessages, rows, problems };
}

function renderOutboxTable(outbox) {
  if (outbox.skipped) return `Outbox skipped: ${outbox.skipped}`;
  const lines = outbox.rows.map((r) => [
    (r.problems.length ? '!! ' : '') + r.engine,
    fmtInt(r.messages),
    r.seconds === null ? '–' : r.seconds.toFixed(2),
    r.messagesPerSecond === null ? '–' : fmtInt(Math.round(r.messagesPerSecond)),
  ]);
  return [
    'Outbox worker: messages per second to an in-process SMTP server (one worker, default options)',
    renderGrid(['engine', 'messages', 'seconds', 'msg/s'], lines),
  ].join('\n');
}

/** Who gets the "new valuation" e-mail, so each submission queues both e-mails, as in production. */
const STAFF_EMAIL = 'staff@carbuy.example';

/**
 * BENCH_ONLY=back-office: the bare baseline and the back office at scale only (no HTTP rows, public
 * pages, outbox, indicative price, CSV export or analytics), to measure issue 37's list figures again
 * and again without the half hour the rest takes. The skipped parts' own env can still turn them on.
 */
const backOfficeOnly = process.env.BENCH_ONLY === 'back-office';
/** BENCH_ONLY=submissions: the baseline and the submissions against 1 and 2 processes only (issue 38). */
const submissionsOnly = process.env.BENCH_ONLY === 'submissions';
const onePartOnly = backOfficeOnly || submissionsOnly;
const unlessBackOfficeOnly = (count) => (onePartOnly ? 0 : count);

const settings = {
  backOfficeOnly,
  submissionsOnly,
  submissionRuns: envNumber('BENCH_SUBMISSION_RUNS', backOfficeOnly ? 0 : 3, { integer: true, min: 0 }),
  connections: envNumber('BENCH_CONNECTIONS', 10, { integer: true, min: 1 }),
  durationSec: envNumber('BENCH_DURATION', 10, { min: 1 }),
  warmupSec: envNumber('BENCH_WARMUP', 2, { min: 0 }),
  startTimeoutSec: envNumber('BENCH_START_TIMEOUT', 180, { min: 1 }),
  pipelining: 1,
  outboxMessages: envNumber('BENCH_OUTBOX_MESSAGES', 2000, { integer: true, min: 1 }),
  adminValuations: envNumber('BENCH_VALUATIONS', submissionsOnly ? 0 : 1_000_000, { integer: true, min: 0 }),
  adminRuns: envNumber('BENCH_ADMIN_RUNS', 3, { integer: true, min: 1 }),
  csvExportValuations: envNumber('BENCH_CSV_EXPORT_VALUATIONS', unlessBackOfficeOnly(100_000), {
    integer: true,
    min: 0,
  }),
  publishedReviews: envNumber('BENCH_REVIEWS', 200, { integer: true, min: 0 }),
  purchasedVehicles: envNumber('BENCH_VEHICLES', 30, { integer: true, min: 0 }),
  pageViews: envNumber('BENCH_PAGE_VIEWS', unlessBackOfficeOnly(10_000_000), { integer: true, min: 0 }),
  analyticsDays: envNumber('BENCH_ANALYTICS_DAYS', 90, { integer: true, min: 1 }),
  comparablesValuations: envNumber('BENCH_COMPARABLES_VALUATIONS', unlessBackOfficeOnly(1_000_000), {
    integer: true,
    min: 0,
  }),
  comparablesOffers: envNumber('BENCH_COMPARABLES_OFFERS', 200_000, { integer: true, min: 1 }),
  comparablesQueries: envNumber('BENCH_COMPARABLES_QUERIES', 500, { integer: true, min: 1 }),
  appCommand: process.env.BENCH_APP_COMMAND || 'node scripts/start.mjs',
  appEnv: {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PORT: '<free port>',
    DATA_DIR: '<fresh temp dir>',
    TRUST_PROXY: '1',
    STAFF_NOTIFY_EMAIL: STAFF_EMAIL,
    fakes: 'SMTP_URL, MAIL_FROM, DVLA_*, DVSA_MOT_* point at the local fakes (fakesEnv); texts not configured',
  },
};

const BARE_NAME = 'bare Fastify GET / (baseline)';

const shutdown = new AbortController();
let fakes = null;
let app = null;
let bare = null;
let currentRun = null;
let outboxChild = null;
/** The app's data folder, made here so the reviews can be seeded into it before it starts. */
let appDataDir = null;
let interrupted = false;

async function main() {
  const machine = machineFacts();
  const startedAt = new Date();
  log(
    `bench: ${settings.connections} connections, ${settings.durationSec}s per run ` +
      `(+${settings.warmupSec}s warm-up), app command: ${settings.appCommand}`,
  );
  if (machine.loadAvg1m > machine.cpus / 2) {
    log(
      `warning: the machine is busy (1-min load average ${machine.loadAvg1m} on ${machine.cpus} CPUs) — numbers will be noisy`,
    );
  }

  try {
    fakes = await startFakes();
  } catch (err) {
    if (interrupted) return 130;
    console.error(`\nbench: the local fakes could not start.\n${err.message}`);
    return 1;
  }
  log(`local fakes (SMTP, DVLA, DVSA) started; control at ${fakes.controlUrl}`);

  log(`starting the app (the first start may build; waiting up to ${settings.startTimeoutSec}s for /api/health)…`);
  const t0 = Date.now();
  try {
    // Canonical links must name the address Lighthouse visits, or its SEO audit fails them.
    const port = await getFreePort();
    appDataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-bench-'));
    seedPublishedReviews(appDataDir);
    seedPurchasedVehicles(appDataDir);
    app = await startApp({
      signal: shutdown.signal,
      timeoutMs: settings.startTimeoutSec * 1000,
      env: {
        ...fakesEnv(fakes),
        STAFF_NOTIFY_EMAIL: STAFF_EMAIL,
        TRUST_PROXY: '1',
        PORT: String(port),
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: appDataDir,
      },
    });
  } catch (err) {
    if (interrupted) return 130;
    console.error(`\nbench: the app could not start.\n${err.message}`);
    return 1;
  }
  log(`app healthy at ${app.baseUrl} after ${((Date.now() - t0) / 1000).toFixed(1)}s (pid ${app.pid})`);

  bare = await startBareServer();
  log(`bare Fastify baseline at ${bare.baseUrl}`);

  const rows = [];
  rows.push(await measure(bare.baseUrl, { name: BARE_NAME, path: '/', expectContentType: 'application/json' }, 'bare'));
  for (const scenario of onePartOnly ? [] : scenarios) {
    rows.push(await measure(app.baseUrl, scenario, 'app'));
  }

  const bareRps = rows[0].requestsPerSec;
  for (const row of rows) row.vsBare = bareRps > 0 ? round(row.requestsPerSec / bareRps, 3) : null;

  const publicPages =
    process.env.BENCH_PAGES === '0' || onePartOnly
      ? {
          skipped: onePartOnly ? `BENCH_ONLY=${process.env.BENCH_ONLY}` : 'BENCH_PAGES=0',
          rows: [],
          problems: [],
          goalsMissed: [],
        }
      : await benchPublicPages({
          baseUrl: app.baseUrl,
          measure,
          lighthouse: process.env.BENCH_LIGHTHOUSE !== '0',
          log,
        });

  const appLog = app.outputSinceReady();

  const outbox = onePartOnly
    ? { skipped: `BENCH_ONLY=${process.env.BENCH_ONLY}`, rows: [], problems: [] }
    : await measureOutbox();
  shutdown.signal.throwIfAborted(); // interrupted: the child was stopped, so its results mean nothing

  const comparables =
    settings.comparablesValuations === 0
      ? { skipped: 'BENCH_COMPARABLES_VALUATIONS=0', rows: [], problems: [], goalsMissed: [] }
      : await benchComparables({
          valuations: settings.comparablesValuations,
          offers: settings.comparablesOffers,
          queries: settings.comparablesQueries,
          signal: shutdown.signal,
          log,
        });
  const atScale = await measureAdminValuations(bareRps);
  const csvExport = await measureCsvExport();
  const submissions = await measureSubmissionsAtScale();
  const analytics = await measureAnalytics(bareRps);
  const httpProblems = [
    ...rows.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`)),
    ...(atScale.engines ?? []).flatMap((e) => [
      ...e.problems,
      ...e.rows.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`)),
    ]),
    ...publicPages.problems.map((p) => `public pages: ${p}`),
    ...publicPages.goalsMissed.map((p) => `public page goal missed: ${p}`),
    ...(analytics.engines ?? []).flatMap((e) => [
      ...e.problems,
      ...e.rows.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`)),
    ]),
    ...analytics.goalsMissed.map((p) => `analytics goal missed: ${p}`),
    ...(csvExport.engines ?? []).flatMap((e) => e.problems.map((p) => `CSV export: ${p}`)),
    ...comparables.goalsMissed.map((p) => `indicative price goal missed: ${p}`),
    ...(submissions.problems ?? []).map((p) => `submissions at scale: ${p}`),
    ...(atScale.goalsMissed ?? []).map((p) => `back office goal missed: ${p}`),
  ];
  const goalsMissed =
    publicPages.goalsMissed.length +
    analytics.goalsMissed.length +
    comparables.goalsMissed.length +
    (atScale.goalsMissed?.length ?? 0);
  const problems = [...httpProblems, ...outbox.problems, ...comparables.problems];
  const valid = problems.length === 0;

  // ---- stdout: the table ----
  console.log('');
  console.log(renderTable(rows));
  console.log('');
  console.log(
    `node ${process.version} · ${machine.cpus} CPUs (${machine.cpuModel}) · ${machine.platform}/${machine.arch} · ` +
      `load ${machine.loadAvg1m} · connections ${settings.connections} · duration ${settings.durationSec}s (warm-up ${settings.warmupSec}s)`,
  );
  console.log(`\n${renderOutboxTable(outbox)}`);
  console.log(`\n${renderComparables(comparables, renderGrid)}`);
  console.log(`\n${renderAdminValuations(atScale)}`);
  console.log(`\n${renderCsvExport(csvExport, renderGrid)}`);
  console.log(
    submissions.skipped
      ? `\nSubmissions at scale skipped: ${submissions.skipped}`
      : `\nValuation submissions on PostgreSQL behind HAProxy (median of ${settings.submissionRuns} runs each; lost and duplicated summed over the runs):\n${renderSubmissions(submissions.rows, renderGrid)}`,
  );
  console.log(`\n${renderAnalytics(analytics)}`);

  console.log(
    publicPages.skipped
      ? `\nPublic pages skipped: ${publicPages.skipped}`
      : `\n${renderPublicPages(publicPages, renderGrid)}`,
  );

  if (appLog.trim()) {
    console.log(`\napp output during the run (LOG_LEVEL=warn), last 20 lines:\n${lastLines(appLog, 20)}`);
  }

  for (const row of rows.filter((r) => r.during)) {
    console.log(`background load during "${row.name}": ${JSON.stringify(row.during)}`);
  }
  for (const row of rows.filter((r) => r.after)) {
    console.log(`after "${row.name}": ${JSON.stringify(row.after)}`);
  }

  // ---- JSON results ----
  const result = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    git: gitInfo(),
    settings,
    machine,
    valid,
    problems,
    rows,
    publicPages,
    outbox,
    comparables,
    adminValuations: atScale,
    csvExport,
    submissions,
    analytics,
    appOutputDuringRun: appLog ? appLog.slice(-20_000) : '',
  };
  const dir = path.join(repoRoot, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${startedAt.toISOString().replace(/:/g, '-')}.json`);
  const json = `${JSON.stringify(result, null, 2)}\n`;
  await writeFile(file, json);
  await writeFile(path.join(dir, 'latest.json'), json);
  console.log(`\nresults: ${path.relative(repoRoot, file)} (also bench/results/latest.json)`);

  if (!valid) {
    const bar = '!'.repeat(78);
    console.error(`\n${bar}`);
    if (httpProblems.length === goalsMissed && outbox.problems.length === 0 && comparables.problems.length === 0) {
      console.error('!! GOALS MISSED: the measurements are sound, but these figures miss their goals:');
    } else if (httpProblems.length) {
      console.error('!! BENCHMARK RESULTS ARE NOT VALID — requests failed or got non-2xx answers.');
      console.error('!! Numbers for these rows measure error handling, not the real page/endpoint:');
    } else {
      console.error(
        '!! BENCHMARK RESULTS ARE NOT VALID — the outbox worker or indicative price run failed its checks:',
      );
    }
    for (const p of problems) console.error(`!!   - ${p}`);
    console.error(bar);
    return 2;
  }
  return 0;
}

/** BENCH_REVIEWS published reviews in the app's fresh database, before it starts (PGlite: one process). */
function seedPublishedReviews(dataDir) {
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/seed-reviews.ts', String(settings.publishedReviews)],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (seeded.status !== 0) throw new Error(`bench/seed-reviews.ts failed (exit ${seeded.status ?? seeded.signal})`);
}

/** BENCH_VEHICLES purchased vehicles, with their photos' files, in the app's fresh data folder. */
function seedPurchasedVehicles(dataDir) {
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/seed-vehicles.ts', String(settings.purchasedVehicles)],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (seeded.status !== 0) throw new Error(`bench/seed-vehicles.ts failed (exit ${seeded.status ?? seeded.signal})`);
}

/** The back office's list and stats on BENCH_VALUATIONS seeded valuations, per engine. */
async function measureAdminValuations(bareRps) {
  if (settings.adminValuations === 0) return { skipped: 'BENCH_VALUATIONS=0' };
  log(`measuring the back office's valuation list and stats on ${fmtInt(settings.adminValuations)} valuations…`);
  const atScale = await benchAdminValuations({
    count: settings.adminValuations,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    measure: (baseUrl, scenario) => measure(baseUrl, scenario, 'app'),
    env: { ...fakesEnv(fakes), STAFF_NOTIFY_EMAIL: STAFF_EMAIL, TRUST_PROXY: '1' },
    signal: shutdown.signal,
    log,
    runs: settings.adminRuns,
  });
  for (const row of atScale.engines.flatMap((e) => e.rows)) {
    row.vsBare = bareRps > 0 ? round(row.requestsPerSec / bareRps, 3) : null;
  }
  return atScale;
}

function renderAdminValuations(atScale) {
  if (atScale.skipped) return `Back office at scale skipped: ${atScale.skipped}`;
  const seeded = atScale.engines
    .filter((e) => e.seededSeconds !== null)
    .map((e) => `${e.engine} seeded in ${e.seededSeconds} s`);
  const missing = process.env.BENCH_DATABASE_URL ? '' : ' (PostgreSQL not measured: set BENCH_DATABASE_URL)';
  const rows = atScale.engines.flatMap((e) => e.rows);
  const goals = Object.entries(ADMIN_P99_GOALS_MS).map(([engine, ms]) => `${engine} ${ms} ms`);
  return [
    `Back office at scale: ${fmtInt(atScale.count)} valuations, signed in as an admin${missing}` +
      (seeded.length ? `; ${seeded.join(', ')}` : ''),
    `Each row measured ${atScale.runs} times; shown: the run with the median p99. Goal at 1,000,000: p99 ≤ ${goals.join(', ')}.`,
    renderTable(rows),
    '',
    renderGrid(
      ['row', 'p99 of each run, ms', 'median p99'],
      rows.map((r) => [r.name, r.p99Runs.map(fmtMs).join(' / '), fmtMs(r.latencyP99Ms)]),
    ),
    ...atScale.engines.flatMap((e) => e.problems.map((p) => `!! ${p}`)),
    ...atScale.goalsMissed.map((p) => `!! goal missed: ${p}`),
  ].join('\n');
}

/**
 * Issue 38: valuation submissions against 1 and then 2 app processes on the PostgreSQL server behind
 * HAProxy (scripts/lib/bench-submissions.mjs). Any acknowledged submission missing, any stored twice,
 * any e-mail not sent or sent twice, is a problem.
 */
async function measureSubmissionsAtScale() {
  if (settings.submissionRuns === 0) return { skipped: 'BENCH_SUBMISSION_RUNS=0' };
  if (!process.env.BENCH_DATABASE_URL) return { skipped: 'set BENCH_DATABASE_URL (several processes need PostgreSQL)' };
  const refusal = clusterRefusal({ DATABASE_URL: process.env.BENCH_DATABASE_URL });
  if (refusal) return { skipped: refusal };
  log('measuring valuation submissions against 1 and 2 processes behind HAProxy…');
  const rows = await benchSubmissions({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    appEnv: fakesEnv(fakes),
    smtpControlUrl: fakes.controlUrl,
    valuationBody,
    runs: settings.submissionRuns,
    durationSec: settings.durationSec,
    signal: shutdown.signal,
    log,
  });
  const problems = rows.flatMap((row) => [
    ...(row.lost > 0 ? [`${row.name}: ${row.lost} lost (acknowledged but not stored, or an e-mail never sent)`] : []),
    ...(row.duplicated > 0
      ? [`${row.name}: ${row.duplicated} duplicated (stored twice, or an e-mail sent twice)`]
      : []),
  ]);
  return { rows, problems };
}

/** The CSV export of BENCH_CSV_EXPORT_VALUATIONS valuations, per engine: time, rows/s and the app's RSS. */
async function measureCsvExport() {
  if (settings.csvExportValuations === 0) return { skipped: 'BENCH_CSV_EXPORT_VALUATIONS=0' };
  log(`measuring the CSV export of ${fmtInt(settings.csvExportValuations)} valuations…`);
  return benchCsvExport({
    count: settings.csvExportValuations,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    env: { ...fakesEnv(fakes), STAFF_NOTIFY_EMAIL: STAFF_EMAIL, TRUST_PROXY: '1' },
    signal: shutdown.signal,
    log,
  });
}

/**
 * Visitor analytics on BENCH_PAGE_VIEWS seeded page views, per engine: staff's reports, the beacon,
 * and the home page with collection on and off.
 */
async function measureAnalytics(bareRps) {
  if (settings.pageViews === 0) return { skipped: 'BENCH_PAGE_VIEWS=0', goalsMissed: [] };
  log(`measuring visitor analytics on ${fmtInt(settings.pageViews)} page views over ${settings.analyticsDays} days…`);
  const analytics = await benchAnalytics({
    pageViews: settings.pageViews,
    days: settings.analyticsDays,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    measure: (baseUrl, scenario) => measure(baseUrl, scenario, 'app'),
    env: { ...fakesEnv(fakes), STAFF_NOTIFY_EMAIL: STAFF_EMAIL, TRUST_PROXY: '1' },
    signal: shutdown.signal,
    log,
  });
  for (const row of analytics.engines.flatMap((e) => e.rows)) {
    row.vsBare = bareRps > 0 ? round(row.requestsPerSec / bareRps, 3) : null;
  }
  return analytics;
}

function renderAnalytics(analytics) {
  if (analytics.skipped) return `Visitor analytics skipped: ${analytics.skipped}`;
  const seeded = analytics.engines
    .filter((e) => e.seededSeconds !== null)
    .map((e) => `${e.engine} seeded in ${e.seededSeconds} s`);
  const missing = process.env.BENCH_DATABASE_URL ? '' : ' (PostgreSQL not measured: set BENCH_DATABASE_URL)';
  const summary = analytics.engines.flatMap((e) => {
    const lines = [];
    if (e.collect) {
      const c = e.collect;
      lines.push(
        `${e.engine}: collect ${fmtInt(Math.round(c.requestsPerSec))} views/s; ` +
          (c.viewsArrived === undefined
            ? 'arrival not confirmed'
            : `${fmtInt(c.viewsArrived)} of ${fmtInt(c.viewsExpected)} views answered 2xx reached the daily stats ` +
              `${c.arrivedAfterSec} s after the run`),
      );
    }
    if (e.home) {
      const h = e.home;
      lines.push(
        `${e.engine}: home page ${fmtInt(Math.round(h.onRequestsPerSec))} req/s with collection on, ` +
          `${fmtInt(Math.round(h.offRequestsPerSec))} off: ${h.ratio}x (goal ${ANALYTICS_GOALS.homeOnVsOff}x; ` +
          `the better of ${h.rounds} runs each, alternating, each in a fresh app: on ${h.onRuns.map(fmtReqs).join(', ')}, ` +
          `off ${h.offRuns.map(fmtReqs).join(', ')} req/s)`,
      );
    }
    return lines;
  });
  return [
    `Visitor analytics: ${fmtInt(analytics.pageViews)} page views over ${analytics.days} days, signed in as an admin` +
      `${missing}` +
      (seeded.length ? `; ${seeded.join(', ')}` : ''),
    `(goals: each report's p99 under ${ANALYTICS_GOALS.reportP99Ms} ms; home page with collection on at least ` +
      `${ANALYTICS_GOALS.homeOnVsOff}x its req/s with it off)`,
    renderTable(analytics.engines.flatMap((e) => e.rows)),
    ...summary,
    ...analytics.engines.flatMap((e) => e.problems.map((p) => `!! ${p}`)),
    ...(analytics.goalsMissed.length
      ? ['Goals missed:', ...analytics.goalsMissed.map((g) => `  - ${g}`)]
      : analytics.engines.every((e) => e.problems.length === 0 && e.rows.every((r) => r.problems.length === 0))
        ? ['Every analytics goal is met.']
        : []),
  ].join('\n');
}

/** Preflight once, warm up, then run the measured autocannon run; returns a result row. */
async function measure(baseUrl, scenario, target) {
  shutdown.signal.throwIfAborted();
  const method = (scenario.method ?? 'GET').toUpperCase();
  const connections = scenario.connections ?? settings.connections;
  /** Headers and body of one request: the scenario's, with eachRequest's fresh parts over them. */
  const prepare = () => {
    const fresh = scenario.eachRequest?.(++requestSerial) ?? {};
    const headers = { ...(scenario.headers ?? {}), ...(fresh.headers ?? {}) };
    let body = fresh.body ?? scenario.body;
    if (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)) {
      body = JSON.stringify(body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
    }
    return { headers, body };
  };
  const url = new URL(scenario.path, baseUrl).href;
  const problems = [];

  // Preflight: one request with fetch to see what the endpoint actually answers.
  const preflight = await (async () => {
    try {
      const { headers, body } = prepare();
      const res = await fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      const bytes = (await res.arrayBuffer()).byteLength;
      return { status: res.status, contentType: res.headers.get('content-type'), bytes };
    } catch (err) {
      return { error: String(err.cause?.code ?? err.message) };
    }
  })();
  if (preflight.error) problems.push(`preflight request failed: ${preflight.error}`);
  else if (preflight.status < 200 || preflight.status > 299) {
    problems.push(`preflight answered HTTP ${preflight.status} (${preflight.contentType ?? 'no content-type'})`);
  } else if (scenario.expectContentType && !String(preflight.contentType).includes(scenario.expectContentType)) {
    problems.push(`preflight content-type is "${preflight.contentType}", expected "${scenario.expectContentType}"`);
  }

  const opts = { url, method, connections, pipelining: settings.pipelining };
  if (scenario.timeoutSec) opts.timeout = scenario.timeoutSec;
  if (scenario.eachRequest) {
    // autocannon calls setupRequest before every request it sends, on every connection.
    opts.requests = [{ method, setupRequest: (request) => ({ ...request, method, ...mergeInto(request, prepare()) }) }];
  } else {
    Object.assign(opts, prepare());
  }

  let warmup = null;
  if (settings.warmupSec > 0) {
    log(`  warm-up  ${scenario.name} (${settings.warmupSec}s)…`);
    warmup = await runCannon({ ...opts, duration: settings.warmupSec });
  }

  shutdown.signal.throwIfAborted();
  log(`  measure  ${scenario.name} (${settings.durationSec}s)…`);
  const duringAbort = new AbortController();
  const during = scenario.during
    ? Promise.resolve()
        .then(() => scenario.during({ baseUrl, signal: duringAbort.signal }))
        .then(
          (value) => ({ value }),
          (error) => ({ error }),
        )
    : null;
  const latencies = new LatencyRecorder();
  const res = await runCannon({ ...opts, duration: settings.durationSec }, latencies);
  duringAbort.abort();
  const lat = latencies.summary();
  const duringResult = during ? await during : undefined;
  if (duringResult?.error && duringResult.error.name !== 'AbortError') {
    problems.push(`"during" load failed: ${duringResult.error.message ?? duringResult.error}`);
  }
  const afterResult = scenario.after
    ? await Promise.resolve()
        .then(() => {
          const ok = (status) => status >= 200 && status <= 299;
          const succeeded = (ok(preflight.status) ? 1 : 0) + (warmup?.['2xx'] ?? 0) + res['2xx'];
          return scenario.after({ baseUrl, succeeded });
        })
        .then(
          (value) => ({ value }),
          (error) => ({ error }),
        )
    : undefined;
  if (afterResult?.error)
    problems.push(`check after the run failed: ${afterResult.error.message ?? afterResult.error}`);

  if (res.non2xx > 0)
    problems.push(`${fmtInt(res.non2xx)} non-2xx responses (${describeStatuses(res.statusCodeStats)})`);
  if (res.errors > 0) problems.push(`${fmtInt(res.errors)} request errors (${fmtInt(res.timeouts)} timeouts)`);
  if (res.requests.total === 0) problems.push('no requests completed');
  if (target === 'app' && app && !app.isRunning()) {
    problems.push(`the app process exited during the run (${describeExit(await app.exited)})`);
    console.error(`\nthe app exited during the run; its output (last 40 lines):\n${lastLines(app.output(), 40)}`);
  }

  const row = {
    name: scenario.name,
    target,
    method,
    path: scenario.path,
    connections,
    requestsPerSec: round(res.requests.average, 1),
    latencyP50Ms: lat.p50,
    latencyP99Ms: lat.p99,
    latencyAvgMs: lat.avg,
    latencyMaxMs: lat.max,
    totalRequests: res.requests.total,
    non2xx: res.non2xx,
    errors: res.errors,
    timeouts: res.timeouts,
    statusCodes: Object.fromEntries(Object.entries(res.statusCodeStats).map(([k, v]) => [k, v.count])),
    throughputBytesPerSec: Math.round(res.throughput.average),
    durationSec: res.duration,
    preflight,
    vsBare: null,
    problems,
  };
  if (during) row.during = duringResult.error ? { error: String(duringResult.error) } : duringResult.value;
  if (afterResult) row.after = afterResult.error ? { error: String(afterResult.error) } : afterResult.value;
  return row;
}

/** autocannon's request with a prepared request's headers added and its body. */
function mergeInto(request, prepared) {
  return { headers: { ...request.headers, ...prepared.headers }, body: prepared.body };
}

/** Numbers requests across the whole bench, so every eachRequest call gets its own. */
let requestSerial = 0;

function runCannon(opts, latencies) {
  return new Promise((resolve, reject) => {
    currentRun = autocannon(opts, (err, result) => {
      currentRun = null;
      if (err) reject(err);
      else resolve(result);
    });
    if (latencies) {
      currentRun.on('response', (_client, statusCode, _bytes, ms) => {
        if (statusCode >= 200 && statusCode < 300) latencies.add(ms);
      });
    }
  });
}

/**
 * Exact latency percentiles from every 2xx response (autocannon's own histogram only has
 * whole-millisecond resolution, which reads "0 ms" for most local requests).
 */
class LatencyRecorder {
  #values = new Float64Array(1 << 16);
  #n = 0;

  add(ms) {
    if (this.#n === this.#values.length) {
      const bigger = new Float64Array(this.#values.length * 2);
      bigger.set(this.#values);
      this.#values = bigger;
    }
    this.#values[this.#n++] = ms;
  }

  summary() {
    if (this.#n === 0) return { p50: null, p99: null, avg: null, max: null };
    const sorted = this.#values.subarray(0, this.#n).sort();
    const at = (p) => round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)], 3);
    let sum = 0;
    for (const v of sorted) sum += v;
    return { p50: at(50), p99: at(99), avg: round(sum / sorted.length, 3), max: round(sorted[sorted.length - 1], 3) };
  }
}

/** The baseline: a bare Fastify answering `GET /` with `{"hello":"world"}`, in a worker thread. */
function startBareServer() {
  return startWorkerServer({
    name: 'bare server',
    routes: `async (app) => { app.get('/', async () => ({ hello: 'world' })); }`,
  });
}

async function cleanup() {
  currentRun?.stop();
  await Promise.allSettled([app?.stop(), bare?.stop(), stopOutboxChild()]);
  // After the app, so its outbox worker never finds the SMTP server gone mid-send.
  await fakes?.stop();
  if (appDataDir) await rm(appDataDir, { recursive: true, force: true });
}

/** SIGTERM lets the child drop its throwaway database; it is killed if it takes over 10 s. */
function stopOutboxChild() {
  const child = outboxChild;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('close', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// ---- formatting -------------------------------------------------------------------------------

function renderTable(rows) {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'vs bare'];
  const body = rows.map((r) => [
    (r.problems.length ? '!! ' : '') + r.name,
    fmtInt(Math.round(r.requestsPerSec)),
    fmtMs(r.latencyP50Ms),
    fmtMs(r.latencyP99Ms),
    fmtInt(r.non2xx),
    fmtInt(r.errors),
    r.vsBare === null ? '–' : `${r.vsBare.toFixed(2)}x`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  │  ')
      .trimEnd();
  const sep = widths.map((w) => '─'.repeat(w)).join('──┼──');
  return [line(header), sep, ...body.map(line)].join('\n');
}

function describeStatuses(stats) {
  return Object.entries(stats)
    .map(([code, { count }]) => `${code} ×${fmtInt(count)}`)
    .join(', ');
}

function fmtInt(n) {
  return Number(n).toLocaleString('en-GB');
}
function fmtReqs(n) {
  return fmtInt(Math.round(n));
}
function fmtMs(n) {
  if (n === undefined || n === null) return '–';
  return n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0);
}
function round(n, d) {
  return Math.round(n * 10 ** d) / 10 ** d;
}

function log(msg) {
  process.stderr.write(`${msg}\n`);
}

// ---- facts ------------------------------------------------------------------------------------

function machineFacts() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    totalMemMiB: Math.round(os.totalmem() / 2 ** 20),
    loadAvg1m: round(os.loadavg()[0], 2),
  };
}

function gitInfo() {
  const git = (...args) =>
    execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  let commit = null;
  let dirty = null;
  try {
    commit = git('rev-parse', '--short', 'HEAD');
  } catch {
    // not a git checkout, or no commits yet
  }
  try {
    dirty = git('status', '--porcelain').length > 0;
  } catch {
    // no git
  }
  return { commit, dirty };
}

function envNumber(name, fallback, { integer = false, min = 0 } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    console.error(`bench: ${name}=${raw} is not a valid ${integer ? 'integer' : 'number'} >= ${min}`);
    process.exit(1);
  }
  return n;
}

// ---- run (at the end of the module, so every declaration above is initialised) ------------

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (interrupted) {
      // second Ctrl-C: leave now (start-app's exit hook still SIGKILLs the app)
      process.exit(130);
    }
    interrupted = true;
    log(`\n${sig} received — stopping the app, the fakes, the bare server and the outbox benchmark…`);
    shutdown.abort(new Error(`interrupted by ${sig}`));
    currentRun?.stop();
    cleanup().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
  });
}

try {
  process.exitCode = await main();
} catch (err) {
  if (!interrupted) {
    console.error(`\nbench failed: ${err.stack ?? err}`);
    process.exitCode = 1;
  }
} finally {
  if (!interrupted) await cleanup();
}
