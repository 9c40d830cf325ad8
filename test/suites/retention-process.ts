/**
 * The retention run in a process of its own, for the two-process test
 * (src/server/features/retention/retention-processes.test.ts): the real createRetention on the
 * PostgreSQL database the test names, with the test's clock, as a server process's retention job
 * would call it.
 *
 *   node --import tsx test/suites/retention-process.ts
 *
 * Environment:
 *   RETENTION_DATABASE_URL  the PostgreSQL database
 *   RETENTION_FILES_DIR     the private file store both processes share
 *   RETENTION_NOW           the moment the run is for (ISO)
 *
 * Prints {"ready":true} once connected, waits for a line on stdin (so two processes start at the
 * same moment), runs today's retention, prints {"outcome":…} and exits 0.
 */
import fs from 'node:fs';
import { openDatabase } from '~/server/db/client';
import { createRetention } from '~/server/features/retention';
import { createDiskFileStore } from '~/server/storage/file-store';
import { RETENTION_DEFAULTS } from '~/shared/retention';

const say = (value: object) => fs.writeSync(1, `${JSON.stringify(value)}\n`);
const env = process.env;
const now = new Date(env.RETENTION_NOW!);
const database = await openDatabase({ databaseUrl: env.RETENTION_DATABASE_URL!, dataDir: '/nonexistent' });
const quiet = () => {};
const retention = createRetention({
  db: database.db,
  files: createDiskFileStore(env.RETENTION_FILES_DIR!),
  periods: RETENTION_DEFAULTS,
  clock: () => now,
  log: { info: quiet, warn: quiet, error: quiet },
  options: { batchSize: 7 },
});
say({ ready: true });
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const outcome = await retention.runToday();
say({ outcome });
await database.close();
process.exit(0);
