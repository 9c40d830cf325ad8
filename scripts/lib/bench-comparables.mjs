// The indicative price's query at scale (issue 34), for `npm run bench`: runs bench/comparables.ts
// (tsx) in a child process, which seeds (once, kept in bench/.data and `bench_comparables_*` on
// BENCH_DATABASE_URL's server) BENCH_COMPARABLES_VALUATIONS valuations and BENCH_COMPARABLES_OFFERS
// offers per engine and times findIndicativeRange, one query at a time; it prints one JSON line per
// engine. Goal: a p99 of at most COMPARABLES_GOAL_P99_MS on PostgreSQL; PGlite's is reported.
import { spawn } from 'node:child_process';
import { describeExit, lastLines, repoRoot } from './start-app.mjs';

const SCRIPT = 'bench/comparables.ts';
export const COMPARABLES_GOAL_P99_MS = 20;

/** { script, valuations, offers, queries, rows, problems, goalsMissed }; `signal` stops the child. */
export async function benchComparables({ valuations, offers, queries, signal, log }) {
  log(
    `measuring the indicative price's query on ${valuations.toLocaleString('en-GB')} valuations and ` +
      `${offers.toLocaleString('en-GB')} offers (seeded once, then kept)…`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: repoRoot,
    env: {
      ...process.env,
      BENCH_COMPARABLES_VALUATIONS: String(valuations),
      BENCH_COMPARABLES_OFFERS: String(offers),
      BENCH_COMPARABLES_QUERIES: String(queries),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    signal,
    killSignal: 'SIGTERM',
  });
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
  signal.throwIfAborted();

  const rows = [];
  const problems = [];
  for (const line of stdout.split('\n').filter((l) => l.trim())) {
    try {
      rows.push(JSON.parse(line));
    } catch {
      problems.push(`comparables: unexpected output ${JSON.stringify(line.slice(0, 200))}`);
    }
  }
  for (const row of rows) problems.push(...row.problems.map((p) => `comparables (${row.engine}): ${p}`));
  if (exit.code !== 0 && problems.length === 0) {
    problems.push(`comparables: ${SCRIPT} ended with ${describeExit(exit)}\n${lastLines(stderr, 10)}`);
  } else if (rows.length === 0 && problems.length === 0) problems.push(`comparables: ${SCRIPT} printed no results`);
  const goalsMissed = rows
    .filter((row) => row.engine === 'postgres' && row.p99Ms !== null && row.p99Ms > COMPARABLES_GOAL_P99_MS)
    .map((row) => `comparables (postgres): p99 ${row.p99Ms} ms, more than ${COMPARABLES_GOAL_P99_MS} ms`);
  return { script: SCRIPT, valuations, offers, queries, rows, problems, goalsMissed };
}

export function renderComparables(result, renderGrid) {
  if (result.skipped) return `Indicative price query skipped: ${result.skipped}`;
  const ms = (n) => (n === null ? '–' : n.toFixed(2));
  const lines = result.rows.map((r) => [
    (r.problems.length ? '!! ' : '') + (r.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'),
    ms(r.p50Ms),
    ms(r.p99Ms),
    ms(r.maxMs),
    r.withRange === null ? '–' : `${r.withRange} of ${r.queries}`,
    r.seededSeconds === null ? 'kept' : `${r.seededSeconds} s`,
  ]);
  const missing = process.env.BENCH_DATABASE_URL ? '' : ' (PostgreSQL not measured: set BENCH_DATABASE_URL)';
  return [
    `Indicative price (issue 34): findIndicativeRange on ${result.valuations.toLocaleString('en-GB')} valuations and ` +
      `${result.offers.toLocaleString('en-GB')} offers, ${result.queries} cars one at a time${missing}`,
    renderGrid(['engine', 'p50 ms', 'p99 ms', 'max ms', 'with a range', 'seeded'], lines),
    `Goal: p99 at most ${COMPARABLES_GOAL_P99_MS} ms on PostgreSQL; PGlite's is reported.`,
    ...result.problems.map((p) => `!! ${p}`),
    ...result.goalsMissed.map((g) => `!! goal missed: ${g}`),
  ].join('\n');
}
