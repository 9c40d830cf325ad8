// The back office's CSV export at size (issue 37), for `npm run bench`: does a 100,000-row download
// stream in constant memory, and how fast?
//
// For each engine (PGlite always; the PostgreSQL server too when BENCH_DATABASE_URL is set) it makes
// a database of BENCH_CSV_EXPORT_VALUATIONS made-up valuations (default 100,000) with the demo seeder,
// spread over the last 10 days so that none is archived (the seeder archives only older ones) and
// the dashboard's list, unfiltered, is all of them. It keeps that database between runs, starts the
// app on it, signs in and downloads `GET /api/admin/valuations/export.csv` as a browser would (read
// as it arrives, nothing kept but a count), twice: plain, and gzip-encoded as browsers ask for it.
// Meanwhile it samples the app's resident memory (RSS, /proc/<pid>/status) every 20 ms: the figure
// that matters is the peak's rise over the RSS just before the download, and the RSS after each
// quarter of the rows, which stays flat when the export holds one batch at a time (it grows with the
// rows when something keeps them). While each download runs, another member of staff's dashboard
// list is asked for every 250 ms: the export must not stall the app for everyone (on PGlite, one
// connection in-process, a transaction held across it would). It also downloads the completed
// purchases on the same data.
//
// Where the data lives between runs:
//   PGlite      bench/.data/pglite-csv-export-<N>/ (DATA_DIR of the app; delete it to re-seed)
//   PostgreSQL  the database `bench_csv_export_<N>` on BENCH_DATABASE_URL's server
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import zlib from 'node:zlib';
import { BENCH_ADMIN, signInBenchAdmin } from './bench-admin.mjs';
import { keptPglite, keptPostgres } from './bench-seeds.mjs';
import { getFreePort, startApp } from './start-app.mjs';

const SEED = '37';
/** Newer than the seeder's archiving age (14 days), so every row is on the dashboard's list. */
const SPAN_DAYS = 10;
const SAMPLE_MS = 20;
const PROBE_MS = 250;
/** Another request while a download runs must be answered within this long (p99 of the probes). */
export const CSV_EXPORT_MAX_PROBE_MS = 1_000;
/** The export must not hold its rows: the peak RSS may rise by at most this much while it runs. */
export const CSV_EXPORT_MAX_RSS_RISE_MB = 64;

/** What this bench's kept databases hold (scripts/lib/bench-seeds.mjs). */
const seeded = (count) => ({ name: 'csv-export', count, seed: SEED, spanDays: SPAN_DAYS, what: 'the CSV export' });

/**
 * Runs the downloads on every engine; returns { count, engines: [{ engine, seededSeconds, runs, problems }] }.
 * Each run: { name, rows, bytes, seconds, rowsPerSec, rssBeforeMb, rssPeakMb, rssRiseMb, rssAtQuarterMb }.
 */
export async function benchCsvExport({ count, databaseUrl, env, signal, log }) {
  const engines = [{ engine: 'PGlite', prepare: () => keptPglite({ ...seeded(count), log }) }];
  if (databaseUrl)
    engines.push({
      engine: 'PostgreSQL',
      prepare: () => keptPostgres({ ...seeded(count), serverUrl: databaseUrl, log }),
    });
  const results = [];
  for (const { engine, prepare } of engines) {
    signal.throwIfAborted();
    const problems = [];
    let runs = [];
    let listAlone = null;
    let target;
    try {
      target = await prepare();
      ({ runs, listAlone } = await measureOn(target, { env, signal, log, engine, problems }));
    } catch (error) {
      if (signal.aborted) throw error;
      problems.push(`${engine}: ${error.message}`);
    }
    results.push({ engine, seededSeconds: target?.seededSeconds ?? null, listAlone, runs, problems });
  }
  return { count, engines: results };
}

async function measureOn(target, { env, signal, log, engine, problems }) {
  const port = await getFreePort();
  log(`${engine}: starting the app on ${target.count.toLocaleString('en-GB')} valuations for the CSV export…`);
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
    const cookie = await signInBenchAdmin(app.baseUrl, target.password, 'bench_csv_export_*');
    // Warm up: the first request loads code and fills caches that would otherwise count as the export's.
    await download(app, cookie, '/api/admin/valuations/export.csv?q=zzzz-none', {});
    // The same list asked for with no download running, to compare with the figures during one.
    const alone = probeMeanwhile(app, cookie);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const listAlone = await alone.stop();
    log(`${engine}: the dashboard's list alone: p50 ${listAlone.p50Ms} ms, p99 ${listAlone.p99Ms} ms`);
    const runs = [];
    for (const [name, url, headers] of [
      ['valuations, all rows', '/api/admin/valuations/export.csv', {}],
      ['valuations, all rows, gzip', '/api/admin/valuations/export.csv', { 'accept-encoding': 'gzip' }],
      ['completed purchases', '/api/admin/purchases/export.csv', {}],
    ]) {
      signal.throwIfAborted();
      const run = await download(app, cookie, url, headers, name.startsWith('valuations') ? target.count : null);
      runs.push({ name: `${engine}: ${name}`, ...run });
      log(
        `${engine}: ${name}: ${run.rows.toLocaleString('en-GB')} rows in ${run.seconds} s ` +
          `(${run.rowsPerSec.toLocaleString('en-GB')} rows/s), RSS ${run.rssBeforeMb} → peak ${run.rssPeakMb} MB`,
      );
      if (run.expectedRows !== null && run.rows !== run.expectedRows) {
        problems.push(`${engine}: ${name}: ${run.rows} rows, not ${run.expectedRows}`);
      }
      if (run.rssRiseMb > CSV_EXPORT_MAX_RSS_RISE_MB) {
        problems.push(`${engine}: ${name}: RSS rose ${run.rssRiseMb} MB (at most ${CSV_EXPORT_MAX_RSS_RISE_MB})`);
      }
      if (run.others.failed > 0 || run.others.p99Ms > CSV_EXPORT_MAX_PROBE_MS) {
        problems.push(
          `${engine}: ${name}: other requests meanwhile: ${run.others.failed} failed, p99 ${run.others.p99Ms} ms ` +
            `(at most ${CSV_EXPORT_MAX_PROBE_MS})`,
        );
      }
    }
    return { runs, listAlone };
  } finally {
    await app.stop();
  }
}

/** The app's resident memory now, in MB (Linux). */
async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

/**
 * Downloads `url` as a browser would, counting records (CRLF; the seeder writes no line breaks inside
 * cells) and bytes as they arrive, and sampling the app's RSS meanwhile.
 */
async function download(app, cookie, url, headers, expectedRows = null) {
  const rssBeforeMb = await rssMb(app.pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    void rssMb(app.pid).then((mb) => (rssPeakMb = Math.max(rssPeakMb, mb)));
  }, SAMPLE_MS);
  const started = performance.now();
  const rssAtQuarterMb = [];
  const probes = probeMeanwhile(app, cookie);
  try {
    const { records, bytes } = await new Promise((resolve, reject) => {
      const request = http.get(new URL(url, app.baseUrl), { headers: { cookie, ...headers } }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url} answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let records = 0;
        let bytes = 0;
        let nextQuarter = expectedRows ? expectedRows / 4 : Infinity;
        response.on('data', (chunk) => (bytes += chunk.length));
        // Records counted on the text as sent (a gzip body unpacked as it arrives, as a browser does).
        const gzip = response.headers['content-encoding'] === 'gzip';
        const body = gzip ? response.pipe(zlib.createGunzip()) : response;
        body.on('data', (chunk) => {
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) records++;
          if (records - 1 >= nextQuarter) {
            nextQuarter += expectedRows / 4;
            void rssMb(app.pid).then((mb) => rssAtQuarterMb.push(mb));
          }
        });
        body.on('end', () => resolve({ records, bytes }));
        body.on('error', reject);
        response.on('error', reject);
      });
      request.on('error', reject);
    });
    const seconds = (performance.now() - started) / 1000;
    const rows = records - 1;
    return {
      rows,
      expectedRows,
      bytes,
      seconds: Math.round(seconds * 100) / 100,
      rowsPerSec: Math.round(rows / seconds),
      rssBeforeMb,
      rssPeakMb,
      rssRiseMb: Math.round((rssPeakMb - rssBeforeMb) * 10) / 10,
      rssAtQuarterMb,
      others: await probes.stop(),
    };
  } finally {
    clearInterval(sampler);
    await probes.stop();
  }
}

/** Staff's dashboard list, asked for every PROBE_MS until stopped: how long each answer took. */
function probeMeanwhile(app, cookie) {
  const times = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(new URL('/api/valuations/active?pageSize=20', app.baseUrl), {
          headers: { cookie },
        });
        await response.arrayBuffer();
        if (response.ok) times.push(performance.now() - started);
        else failed++;
      } catch {
        failed++;
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
  })();
  let summary;
  return {
    async stop() {
      running = false;
      await loop;
      if (!summary) {
        const sorted = times.sort((a, b) => a - b);
        const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
        summary = { count: sorted.length, failed, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
      }
      return summary;
    },
  };
}

/** The section of the bench's report. */
export function renderCsvExport(result, renderGrid) {
  if (result.skipped) return `CSV export skipped: ${result.skipped}`;
  const seeded = result.engines
    .filter((e) => e.seededSeconds !== null)
    .map((e) => `${e.engine} seeded in ${e.seededSeconds} s`);
  const missing = process.env.BENCH_DATABASE_URL ? '' : ' (PostgreSQL not measured: set BENCH_DATABASE_URL)';
  const lines = result.engines.flatMap((e) =>
    e.runs.map((r) => [
      r.name,
      r.rows.toLocaleString('en-GB'),
      `${r.seconds}`,
      r.rowsPerSec.toLocaleString('en-GB'),
      `${(r.bytes / 1024 / 1024).toFixed(1)}`,
      `${r.rssBeforeMb}`,
      `+${r.rssRiseMb}`,
      r.rssAtQuarterMb.length ? r.rssAtQuarterMb.join(' / ') : '-',
      `${r.others.count} · ${r.others.p50Ms} / ${r.others.p99Ms}${r.others.failed ? ` · ${r.others.failed} failed` : ''}`,
    ]),
  );
  return [
    `CSV export: ${result.count.toLocaleString('en-GB')} valuations, streamed in batches of 500${missing}` +
      (seeded.length ? `; ${seeded.join(', ')}` : ''),
    `(goals: the app's RSS rises at most ${CSV_EXPORT_MAX_RSS_RISE_MB} MB during a download, whatever its length; ` +
      `the dashboard's list, asked for meanwhile, answers within ${CSV_EXPORT_MAX_PROBE_MS} ms)`,
    renderGrid(
      [
        'export',
        'rows',
        's',
        'rows/s',
        'MB sent',
        'RSS before (MB)',
        'peak rise (MB)',
        'RSS at 1/4, 1/2, 3/4, end',
        'list meanwhile: n · p50 / p99 ms',
      ],
      lines,
    ),
    ...result.engines
      .filter((e) => e.listAlone)
      .map(
        (e) =>
          `${e.engine}: the dashboard's list with no download running: p50 ${e.listAlone.p50Ms} / p99 ${e.listAlone.p99Ms} ms`,
      ),
    ...result.engines.flatMap((e) => e.problems.map((p) => `!! ${p}`)),
  ].join('\n');
}
