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
 *   RETENTION_DATA_DIR      the DATA_DIR both processes share: the private files are in DATA_DIR/files
 *   RETENTION_NOW           the moment the run is for (ISO)
 *   STORAGE, S3_…           the storage settings, as the server reads them: with STORAGE=s3 the
 *                           files are in the bucket instead (the test passes its TestStores' env)
 *
 * Prints {"ready":true} once connected, waits for a line on stdin (so two processes start at the
 * same moment), runs today's retention, prints {"outcome":…} and exits 0.
 */
import fs from 'node:fs';
import { openDatabase } from '~/server/db/client';
import { createRetention } from '~/server/features/retention';
import { loadConfig } from '~/server/config';
import { storesFor } from '~/server/storage/stores';
import { RETENTION_DEFAULTS } from '~/shared/retention';

const say = (value: object) => fs.writeSync(1, `${JSON.stringify(value)}\n`);
const env = process.env;
const now = new Date(env.RETENTION_NOW!);
const database = await openDatabase({ databaseUrl: env.RETENTION_DATABASE_URL!, dataDir: '/nonexistent' });
// The store as a server process builds it from its settings (only the storage ones are passed on).
const storage = Object.fromEntries(Object.entries(env).filter(([key]) => key === 'STORAGE' || key.startsWith('S3_')));
const { files } = await storesFor(loadConfig({ NODE_ENV: 'test', DATA_DIR: env.RETENTION_DATA_DIR!, ...storage }));
const quiet = () => {};
const retention = createRetention({
  db: database.db,
  files,
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
