// `npm test`: every check, in order: type check, lint, unit and API tests
// (Vitest), end-to-end tests (Playwright in Chromium). All steps run even when
// one fails; the last line sums up the tests, and the exit code is non-zero if
// anything failed.
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { printFigures } from './lib/figures.mjs';

const reports = '.test-reports';
await rm(reports, { recursive: true, force: true });
await mkdir(reports, { recursive: true });

// The static checks run side by side (each is mostly one thread; together about a minute less on
// the 2-core CI machine); their output is held and printed whole, one after the other.
const staticChecks = [
  { name: 'type check', command: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
];

const steps = [
  {
    name: 'unit and API tests',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest.json`],
    counts: async () => {
      const r = JSON.parse(await readFile(`${reports}/vitest.json`, 'utf8'));
      const failures = r.testResults.flatMap((file) =>
        file.assertionResults
          .filter((test) => test.status === 'failed')
          .map(
            (test) =>
              `${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}: ${firstLine(test.failureMessages)}`,
          ),
      );
      // A file that failed without any test failing (an import error, a hook that threw).
      for (const file of r.testResults) {
        if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
          failures.push(`${file.name.replace(`${process.cwd()}/`, '')}: ${firstLine([file.message])}`);
        }
      }
      return {
        passed: r.numPassedTests,
        failed: r.numFailedTests,
        skipped: r.numPendingTests + r.numTodoTests,
        failures,
      };
    },
  },
  {
    name: 'end-to-end tests',
    command: ['node', 'scripts/e2e.mjs', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` },
    counts: async () => {
      const r = JSON.parse(await readFile(`${reports}/e2e.json`, 'utf8'));
      const failures = [];
      const visit = (suite, titles) => {
        for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests) {
            if (test.status !== 'unexpected') continue;
            const error = test.results.at(-1)?.error?.message;
            failures.push(
              `${spec.file} > ${[...titles, spec.title].filter(Boolean).join(' > ')}: ${firstLine([error])}`,
            );
          }
        }
      };
      for (const suite of r.suites) visit(suite, []);
      return {
        passed: r.stats.expected + r.stats.flaky,
        failed: r.stats.unexpected,
        skipped: r.stats.skipped,
        failures,
      };
    },
  },
];

/** The first non-empty line of a failure, without colours, short enough for the summary. */
function firstLine(messages) {
  const text = (messages ?? [])
    .filter(Boolean)
    .join('\n')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  return (text.split('\n').find((line) => line.trim()) ?? '(no message)').trim().slice(0, 300);
}

/** Runs a command with its output held, for printing once it has finished. */
function runHeld(command) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output).toString() }));
  });
}

function run(command, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test by name, repeated at the very end: CI keeps only the tail of a long log. */
const failures = [];
const failedSteps = [];
const held = await Promise.all(staticChecks.map((check) => runHeld(check.command)));
staticChecks.forEach((check, i) => {
  console.log(`\n=== ${check.name}: ${check.command.join(' ')}\n`);
  process.stdout.write(held[i].output);
  if (held[i].code !== 0) failedSteps.push(check.name);
});
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}\n`);
  const code = await run(step.command, step.env);
  if (code !== 0) failedSteps.push(step.name);
  const counts = await step.counts?.().catch(() => null);
  if (counts) for (const key of Object.keys(totals)) totals[key] += counts[key];
  if (counts) failures.push(...counts.failures);
}

printFigures(`${reports}/figures.jsonl`);
console.log('');
console.log(failedSteps.length ? `FAILED steps: ${failedSteps.join(', ')}` : 'All steps passed.');
for (const failure of failures) console.log(`FAILED: ${failure}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
