import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { projectRoot } from '~/server/project-root';
import { base64Forms, fixedCanaryForms, formsOf, sessionTokenForms, type CanaryForm } from './canaries';

/**
 * Log hygiene (issue 17): every log line the API tests capture (logCapture in app.ts) must be
 * JSON and must hold no canary (canaries.ts), nor any secret or session token a test registered.
 * One collector per test file (Vitest loads modules afresh for each file); the setup file
 * (test/log-hygiene-setup.ts) checks it after each test and after the file, and writes the file's
 * counts for the run's figure (summed in test/global-setup.ts).
 */

export type LogViolation = { kind: 'canary' | 'not JSON'; what: string; line: string };
export type LogCounts = { lines: number; canaries: number; nonJson: number };

/** Values shorter than this are too likely to turn up by chance to be worth a canary. */
const MIN_CANARY_LENGTH = 8;
const SHOWN_LINE_LENGTH = 300;

const dynamicForms = new Map<string, string>();
let pending: string[] = [];
const counts: LogCounts = { lines: 0, canaries: 0, nonJson: 0 };

/** A secret or personal value this test file used: from now on no log line may contain it. */
export function registerCanary(name: string, value: string | undefined) {
  if (!value || value.length < MIN_CANARY_LENGTH) return;
  for (const form of formsOf(value)) dynamicForms.set(form, name);
  // A key or secret inside base64 (a Basic Authorization header), for those long enough to tell.
  for (const form of base64Forms(value)) dynamicForms.set(form.toLowerCase(), `${name} (base64)`);
}

/** A session token from a Set-Cookie header, and the hash the database keeps of it. */
export function registerSessionToken(token: string) {
  for (const form of sessionTokenForms(token)) registerCanary('session id', form);
}

/** Called by logCapture for each line the app writes. */
export function observeLogLine(line: string) {
  pending.push(line);
}

const shown = (line: string) => (line.length > SHOWN_LINE_LENGTH ? `${line.slice(0, SHOWN_LINE_LENGTH)}…` : line);

function isJsonObject(line: string) {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The canaries a line holds (compared lower-cased, so any case matches). */
export function canariesIn(line: string, extra: readonly CanaryForm[] = []): string[] {
  const lower = line.toLowerCase();
  const found = new Set<string>();
  for (const { name, form } of fixedCanaryForms) if (lower.includes(form)) found.add(name);
  for (const [form, name] of dynamicForms) if (lower.includes(form)) found.add(name);
  for (const { name, form } of extra) if (lower.includes(form)) found.add(name);
  return [...found];
}

/** What is wrong with one line: not JSON, or a canary in it. */
export function checkLine(line: string, extra: readonly CanaryForm[] = []): LogViolation[] {
  const violations: LogViolation[] = [];
  if (!isJsonObject(line)) violations.push({ kind: 'not JSON', what: 'not a JSON object', line: shown(line) });
  for (const name of canariesIn(line, extra)) violations.push({ kind: 'canary', what: name, line: shown(line) });
  return violations;
}

/** Scans the lines written since the last check (by now the test has registered its session tokens). */
export function scanPendingLines(): LogViolation[] {
  const lines = pending;
  pending = [];
  const violations = lines.flatMap((line) => checkLine(line));
  counts.lines += lines.length;
  counts.nonJson += violations.filter((v) => v.kind === 'not JSON').length;
  counts.canaries += violations.filter((v) => v.kind === 'canary').length;
  return violations;
}

export function describeViolations(where: string, violations: LogViolation[]): string {
  const listed = violations.slice(0, 5).map((v) => `  ${v.kind === 'canary' ? `${v.what} in` : v.what}: ${v.line}`);
  const more = violations.length > 5 ? [`  …and ${violations.length - 5} more`] : [];
  return [`Log hygiene: ${violations.length} bad log line(s) ${where}:`, ...listed, ...more].join('\n');
}

export const logHygieneCounts = (): LogCounts => ({ ...counts });

/** Where each test file's counts go for this run (test/global-setup.ts sums them). */
export function logHygieneReportDir(runId = process.env.TEST_RUN_ID ?? 'local') {
  return path.join(projectRoot, '.test-reports', 'log-hygiene', runId);
}

export function writeFileCounts(file: string | undefined) {
  if (counts.lines === 0) return;
  const dir = logHygieneReportDir();
  fs.mkdirSync(dir, { recursive: true });
  const name = `${randomBytes(6).toString('hex')}.json`;
  fs.writeFileSync(path.join(dir, name), JSON.stringify({ file, ...counts }));
}

/** The run's counts, summed over the files that wrote theirs; the folder is removed. */
export function sumFileCounts(runId: string): (LogCounts & { files: number }) | undefined {
  const dir = logHygieneReportDir(runId);
  if (!fs.existsSync(dir)) return undefined;
  const total = { files: 0, lines: 0, canaries: 0, nonJson: 0 };
  for (const name of fs.readdirSync(dir)) {
    const one = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as LogCounts;
    total.files += 1;
    total.lines += one.lines;
    total.canaries += one.canaries;
    total.nonJson += one.nonJson;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return total;
}
