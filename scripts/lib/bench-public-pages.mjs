// Every public page against the speed limit (issue 14), for `npm run bench`.
//
// The pages are the sitemap's (so a new public page is measured without being listed here). For
// each one:
// - requests/s and p99 at 50 connections asking for compressed pages as browsers do, from the app
//   and from a bare Fastify in a worker thread that answers the very same brotli bytes from a
//   Buffer (the speed limit for those bytes on this machine): goal at least 0.5x its requests/s,
//   and a p99 within 2x of its p99;
// - the gzipped JavaScript the page loads on arrival (goal: the inline loader alone, 5 KB, where
//   nothing moves on its own; /reviews, whose carousel does, 80 KB) and, for /valuation, in all,
//   with what its first use fetches (goal 100 KB: issue 33);
// - Lighthouse mobile, 5 runs: the median run by performance score, with the median of the runs'
//   total blocking time and where the main thread's time went (goals: 100 in each category, LCP at
//   most 1.2 s, TBT at most 100 ms).
// A missed goal is listed under the tables and makes the run's exit code 2, like an error.
import http from 'node:http';
import { lighthouseScores, pageJavaScriptBytes } from './page-audits.mjs';
import { startWorkerServer } from './worker-server.mjs';

/** What browsers send (Chrome 124+). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const CONNECTIONS = 50;
export const PAGE_GOALS = {
  vsStatic: 0.5,
  p99VsStatic: 2,
  lcpMs: 1200,
  tbtMs: 100,
  /** On arrival: the inline loader alone, unless listed (/valuation: within its goal in all). */
  javaScriptKb: { default: 5, '/reviews': 80, '/valuation': 100 },
  /** On arrival and once first used (focus in its first box), together. */
  javaScriptInAllKb: { '/valuation': 100 },
  lighthouseRuns: 5,
};

/** The public pages, from the app's sitemap, as paths. */
async function publicPaths(baseUrl) {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Each page as the app sends it to a browser asking for brotli: status, encoding and size on the wire. */
async function pageSnapshots(baseUrl, paths) {
  const pages = {};
  for (const path of paths) {
    pages[path] = await new Promise((resolve, reject) => {
      http
        .get(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk) => (bytes += chunk.length));
          res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], bytes }));
        })
        .on('error', reject);
    });
  }
  return pages;
}

/**
 * Starts a bare Fastify (no logger, no hooks) in a worker thread that answers each path with the
 * bytes the app sent for it, brotli-compressed, with the same content type and encoding.
 */
function startStaticServer(baseUrl, paths) {
  return startWorkerServer({
    name: 'static-buffer server',
    workerData: { baseUrl, paths },
    routes: `async (app, { baseUrl, paths }) => {
      const http = require('node:http');
      const raw = (path) => new Promise((resolve, reject) => {
        http.get(baseUrl + path, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
        }).on('error', reject);
      });
      for (const path of paths) {
        const page = await raw(path);
        app.get(path, (request, reply) => {
          reply.header('content-type', 'text/html; charset=utf-8');
          if (page.encoding) reply.header('content-encoding', page.encoding);
          reply.send(page.body);
        });
      }
    }`,
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The run whose performance score is the median of `runs` (Lighthouse's own advice for noise), with
 * the median of the runs' total blocking time, which varies most from run to run on a busy machine.
 */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.tbtMs - b.tbtMs);
  return {
    ...sorted[Math.floor(sorted.length / 2)],
    tbtMs: median(runs.map((r) => r.tbtMs)),
    performanceRuns: runs.map((r) => r.performance),
    tbtRuns: runs.map((r) => r.tbtMs),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    runtimeErrors: runs.flatMap((r) => (r.runtimeError ? [r.runtimeError] : [])),
  };
}

/**
 * Measures every public page. `measure(baseUrl, scenario, target)` is the bench's own (preflight,
 * warm-up, measured run); `lighthouse` false skips Lighthouse.
 */
export async function benchPublicPages({ baseUrl, measure, lighthouse, log }) {
  const paths = await publicPaths(baseUrl);
  const snapshots = await pageSnapshots(baseUrl, paths);
  const problems = [];
  for (const [path, s] of Object.entries(snapshots)) {
    if (s.status !== 200) problems.push(`${path} answered HTTP ${s.status}`);
    if (s.encoding !== 'br') problems.push(`${path} was not sent brotli-compressed to a browser asking for br`);
  }

  log(
    `public pages: ${paths.length} from the sitemap, each against a static-buffer server at ${CONNECTIONS} connections…`,
  );
  const staticServer = await startStaticServer(baseUrl, paths);
  const rows = [];
  try {
    for (const path of paths) {
      const scenario = {
        path,
        connections: CONNECTIONS,
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        expectContentType: 'text/html',
      };
      const limit = await measure(staticServer.baseUrl, { ...scenario, name: `static ${path}` }, 'static');
      const page = await measure(baseUrl, { ...scenario, name: `GET ${path}` }, 'app');
      rows.push({
        path,
        app: page,
        static: limit,
        htmlBrotliBytes: snapshots[path].bytes,
        javaScript: await pageJavaScriptBytes(baseUrl, path),
      });
    }
  } finally {
    await staticServer.stop();
  }

  let lighthouseRows = null;
  if (lighthouse) {
    log(`public pages: Lighthouse (mobile), ${PAGE_GOALS.lighthouseRuns} runs per page…`);
    const runs = [];
    for (let i = 0; i < PAGE_GOALS.lighthouseRuns; i += 1) runs.push(await lighthouseScores(baseUrl, paths));
    if (runs[0].skipped) lighthouseRows = { skipped: runs[0].skipped };
    else lighthouseRows = paths.map((path, i) => medianRun(runs.map((run) => run.rows[i])));
  }

  for (const row of rows) {
    row.vsStatic = row.static.requestsPerSec > 0 ? round(row.app.requestsPerSec / row.static.requestsPerSec) : null;
    row.p99VsStatic = row.static.latencyP99Ms > 0 ? round(row.app.latencyP99Ms / row.static.latencyP99Ms) : null;
    row.javaScriptKb = round(row.javaScript.gzippedBytes / 1024, 1);
    row.usedJavaScriptKb = round(row.javaScript.usedGzippedBytes / 1024, 1);
    problems.push(...row.app.problems.map((p) => `${row.path}: ${p}`));
    problems.push(...row.static.problems.map((p) => `${row.path} (static server): ${p}`));
    problems.push(...row.javaScript.problems.map((p) => `${row.path} JavaScript: ${p}`));
  }
  const goalsMissed = missedGoals(rows, Array.isArray(lighthouseRows) ? lighthouseRows : []);
  return {
    connections: CONNECTIONS,
    acceptEncoding: BROWSER_ACCEPT_ENCODING,
    rows,
    lighthouse: lighthouseRows,
    problems,
    goalsMissed,
  };
}

function missedGoals(rows, lighthouseRows) {
  const missed = [];
  for (const row of rows) {
    if (row.vsStatic !== null && row.vsStatic < PAGE_GOALS.vsStatic) {
      missed.push(`${row.path}: ${row.vsStatic}x the static server's requests/s (goal ${PAGE_GOALS.vsStatic}x)`);
    }
    if (row.p99VsStatic !== null && row.p99VsStatic > PAGE_GOALS.p99VsStatic) {
      missed.push(
        `${row.path}: p99 ${row.app.latencyP99Ms} ms, ${row.p99VsStatic}x the static server's (goal ${PAGE_GOALS.p99VsStatic}x)`,
      );
    }
    const budget = PAGE_GOALS.javaScriptKb[row.path] ?? PAGE_GOALS.javaScriptKb.default;
    if (row.javaScriptKb > budget) {
      missed.push(`${row.path}: ${row.javaScriptKb} KB of JavaScript gzipped on arrival (goal ${budget} KB)`);
    }
    const inAll = PAGE_GOALS.javaScriptInAllKb[row.path];
    const total = round(row.javaScriptKb + row.usedJavaScriptKb, 1);
    if (inAll !== undefined && total > inAll) {
      missed.push(`${row.path}: ${total} KB of JavaScript gzipped in all (goal ${inAll} KB)`);
    }
  }
  for (const r of lighthouseRows) {
    const scores = [r.performance, r.accessibility, r.bestPractices, r.seo];
    if (scores.some((s) => s < 100)) missed.push(`${r.path}: Lighthouse ${scores.join('/')} (goal 100/100/100/100)`);
    if (r.lcpMs > PAGE_GOALS.lcpMs) missed.push(`${r.path}: LCP ${r.lcpMs} ms (goal ${PAGE_GOALS.lcpMs} ms)`);
    if (r.tbtMs > PAGE_GOALS.tbtMs) {
      missed.push(
        `${r.path}: total blocking time ${r.tbtMs} ms, median of ${r.tbtRuns.length} (goal ${PAGE_GOALS.tbtMs} ms)`,
      );
    }
  }
  return missed;
}

/** The tables for stdout: speed against the static server with JavaScript, then Lighthouse. */
export function renderPublicPages(result, renderGrid) {
  const header = [
    'public page',
    'req/s',
    'static req/s',
    'vs static',
    'p99 ms',
    'static p99',
    'p99 ratio',
    'JS KB gz',
    '+ once used',
    'HTML KB br',
  ];
  const lines = result.rows.map((r) => [
    r.path,
    Math.round(r.app.requestsPerSec).toLocaleString('en-GB'),
    Math.round(r.static.requestsPerSec).toLocaleString('en-GB'),
    r.vsStatic === null ? '–' : `${r.vsStatic.toFixed(2)}x`,
    r.app.latencyP99Ms,
    r.static.latencyP99Ms,
    r.p99VsStatic === null ? '–' : `${r.p99VsStatic.toFixed(2)}x`,
    r.javaScriptKb.toFixed(1),
    r.usedJavaScriptKb ? `+${r.usedJavaScriptKb.toFixed(1)}` : '',
    (r.htmlBrotliBytes / 1024).toFixed(1),
  ]);
  const parts = [
    `Public pages at ${result.connections} connections (Accept-Encoding: ${result.acceptEncoding}), against a bare Fastify ` +
      `sending the same brotli bytes from a Buffer (goals: ${PAGE_GOALS.vsStatic}x its req/s, p99 within ${PAGE_GOALS.p99VsStatic}x)`,
    renderGrid(header, lines),
  ];
  if (Array.isArray(result.lighthouse)) {
    const lh = [
      `Lighthouse mobile, median of ${PAGE_GOALS.lighthouseRuns}`,
      'perf',
      'a11y',
      'best pr.',
      'SEO',
      'LCP ms',
      'TBT ms',
      'CLS',
      'perf runs',
      'TBT runs',
      'main thread ms: style / script / compile / html / paint / other',
    ];
    const work = (w) => ['style', 'script', 'compile', 'html', 'paint', 'other'].map((k) => w[k] ?? 0).join(' / ');
    const rows = result.lighthouse.map((r) => [
      r.path,
      r.performance,
      r.accessibility,
      r.bestPractices,
      r.seo,
      r.lcpMs,
      r.tbtMs,
      r.cls,
      r.performanceRuns.join(' '),
      r.tbtRuns.join(' '),
      work(r.mainThread.work),
    ]);
    parts.push('', renderGrid(lh, rows));
    parts.push(
      `  Machine: Lighthouse's benchmark index ${result.lighthouse[0]?.benchmarkIndex ?? '?'} (higher is faster). ` +
        "Times are as on Lighthouse's simulated phone: four times this machine's CPU time.",
    );
    for (const r of result.lighthouse.filter((row) => row.mainThread.longTasks.length)) {
      const tasks = r.mainThread.longTasks.map((t) => `${t.ms} ms at ${t.at} ms (${t.what})`);
      parts.push(`  ${r.path}: long tasks ${tasks.join(', ')}`);
    }
    for (const r of result.lighthouse.filter((row) => row.failingAudits.length)) {
      parts.push(`  ${r.path}: failing ${r.failingAudits.join(', ')}`);
    }
    for (const r of result.lighthouse.filter((row) => row.runtimeErrors.length)) {
      parts.push(`  ${r.path}: Lighthouse could not finish a run (${r.runtimeErrors.join(', ')})`);
    }
  } else if (result.lighthouse?.skipped) {
    parts.push(`Lighthouse skipped: ${result.lighthouse.skipped}`);
  }
  parts.push(
    result.goalsMissed.length
      ? ['Goals missed:', ...result.goalsMissed.map((g) => `  - ${g}`)].join('\n')
      : 'Every public page meets its goals.',
  );
  return parts.join('\n');
}

function round(n, digits = 3) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
