import { afterAll, afterEach, expect } from 'vitest';
import { describeViolations, scanPendingLines, writeFileCounts } from './helpers/log-hygiene';

/**
 * Log hygiene for the whole API suite (issue 17): after each test, and after the file (apps
 * closed in afterAll log too), every line the test's apps logged must be JSON and free of
 * canaries (test/helpers/log-hygiene.ts). A bad line fails the test that logged it.
 */

afterEach((context) => {
  const violations = scanPendingLines();
  if (violations.length > 0) throw new Error(describeViolations(`in "${context.task.name}"`, violations));
});

afterAll(() => {
  const violations = scanPendingLines();
  writeFileCounts(expect.getState().testPath);
  if (violations.length > 0) throw new Error(describeViolations('after the last test', violations));
});
