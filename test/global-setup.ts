import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { projectRoot } from '~/server/project-root';
import { dropRunDatabases, pgliteSnapshotFile } from './helpers/database';
import { count, recordFigure } from './helpers/figures';
import { sumFileCounts } from './helpers/log-hygiene';

/**
 * Vitest's global setup, run once before the test processes start (they
 * inherit the environment set here):
 * - a snapshot of a migrated PGlite, so each test process restores it instead
 *   of running initdb and the migrations (kept between runs until the
 *   migrations change);
 * - a name for this run, so the test processes can keep their PostgreSQL
 *   databases for reuse and the run drops them all at the end, including
 *   those of a process that failed.
 */
export async function setup() {
  process.env.TEST_PGLITE_SNAPSHOT = await pgliteSnapshotFile(
    path.join(projectRoot, 'node_modules', '.cache', 'carbuy-direct-tests'),
  );
  const runId = randomBytes(4).toString('hex');
  process.env.TEST_RUN_ID = runId;
  const started = performance.now();
  return async () => {
    await dropRunDatabases(runId);
    reportLogHygiene(runId, (performance.now() - started) / 1000);
  };
}

/** Log hygiene (issue 17): the lines every API test file checked (test/log-hygiene-setup.ts), in one figure. */
function reportLogHygiene(runId: string, seconds: number) {
  const total = sumFileCounts(runId);
  if (!total) return;
  const figure = `${count(total.lines)} log lines from ${count(total.files)} API test files, ${count(total.canaries)} canaries, ${count(total.nonJson)} non-JSON`;
  recordFigure({ suite: 'Log hygiene', engine: 'API suite', figure, seconds });
}
