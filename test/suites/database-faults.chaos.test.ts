import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '~/server/app';
import { openDatabase, POSTGRES_CONNECTION_TIMEOUT_MS, type Database } from '~/server/db/client';
import { DATABASE_RETRY_AFTER_SECONDS, databaseMessages } from '~/server/db/database-errors';
import { runMigrations } from '~/server/db/migrate';
import { createPublicUploads } from '~/server/storage/public-uploads';
import { getFreePort } from '../../scripts/lib/start-app.mjs';
import { logCapture, testConfig } from '../helpers/app';
import { cheapHasher } from '../helpers/auth';
import { suiteFigures } from '../helpers/figures';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import {
  acknowledgedIds,
  BURST_STAFF_EMAIL,
  burstWithFault,
  expectStoredWhole,
  idOf,
  submission,
  submit,
  type Answer,
} from '../helpers/valuation-burst';

/**
 * Issue 17, suite 6: PostgreSQL fails under a burst of valuation submissions. Midway through 200
 * concurrent submissions the app's connections are cut (pg_terminate_backend), or the server is
 * stopped hard (pg_ctl stop -m immediate) and started again. A seller must get either "received"
 * (201) or a plain "try again" (503 with Retry-After), never a hung request or a 500; the app must
 * serve again by itself, with every connection back in its pool; every acknowledged request must
 * be stored whole, with its two queued e-mails; and nothing may be stored in part.
 *
 * The server is a private cluster started for this file (test/helpers/private-postgres.ts): the
 * machine's shared one serves other tests meanwhile. The app runs in this process with a real
 * HTTP listener, so requests travel as a browser's do.
 */

const N = 200;
/** The fault comes once this many submissions have been acknowledged. */
const FAULT_AT = 60;
/** How long the app may take to serve again once the database is back. */
const RECOVERY_LIMIT_MS = 30_000;
/** How long the server stays down in the stop scenario. */
const DOWN_FOR_MS = 1_500;
/** How long stopping the app may take once it is idle. */
const CLOSE_LIMIT_MS = 15_000;

type Scenario = {
  name: 'terminate backends' | 'server stopped';
  fault: (cluster: PrivatePostgres, databaseName: string) => Promise<void>;
};

const scenarios: Scenario[] = [
  {
    name: 'terminate backends',
    async fault(cluster, databaseName) {
      const killed = await cluster.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [databaseName],
      );
      expect(killed.length, 'the app had connections to cut').toBeGreaterThan(0);
    },
  },
  {
    name: 'server stopped',
    async fault(cluster) {
      await cluster.stopImmediately();
      await new Promise((resolve) => setTimeout(resolve, DOWN_FOR_MS));
      await cluster.start();
    },
  },
];

describe.skipIf(!privatePostgresAvailable())('Database faults (PostgreSQL)', () => {
  const figures = suiteFigures('Database faults');
  let cluster: PrivatePostgres;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
  }, 120_000);
  afterAll(async () => {
    await cluster?.remove();
  });

  it.each(scenarios)(
    '$name midway through 200 submissions: each answered 201 or 503, none acknowledged lost, none partial',
    async ({ name, fault }) => {
      const databaseName = `faults_${name.split(' ')[0]}`;
      const served = await startApp(await cluster.createDatabase(databaseName));
      try {
        const { answers, killedAt } = await burstWithFault({
          baseUrl: served.baseUrl,
          n: N,
          faultAt: FAULT_AT,
          fault: () => fault(cluster, databaseName),
        });
        expect(killedAt, 'the fault came midway').toBeDefined();

        // Every request was answered, with "received" or a plain "try again"; none hung or failed.
        expectOnly201Or503(answers);
        const refused = answers.filter((a) => a.status === 503).length;
        expect(refused, 'the fault reached some requests').toBeGreaterThan(0);

        // The same app serves again once the database is back, with all its connections: none
        // was kept by a request that failed (that would leave the pool short until a restart).
        const recovered = await submitUntilAccepted(served.baseUrl, N);
        expect(served.lentConnections(), 'connections still lent out with no request running').toBe(0);

        const acknowledged = acknowledgedIds(answers).set(idOf(recovered), submission(N));
        const { lost, unacknowledgedStored } = await expectStoredWhole(served.database.db, acknowledged, N + 1);

        const slowest = Math.max(...answers.map((a) => a.ms));
        console.log(
          `Database faults (${name}): ${N - refused} × 201, ${refused} × 503, slowest answer ` +
            `${(slowest / 1000).toFixed(1)} s (connection time-out ${POSTGRES_CONNECTION_TIMEOUT_MS / 1000} s), ` +
            `${unacknowledgedStored} stored whole but answered 503, serving again ${(recovered.ms / 1000).toFixed(1)} s after`,
        );
        expect(await served.close(), 'the app stops, every connection given back').toBe(true);
        figures.report(`killed at ${killedAt} of ${N}, ${lost.length} acknowledged lost`, name);
      } finally {
        await served.close();
      }
    },
    240_000,
  );
});

/** The app as the server builds it, on the given database, listening on a free port. */
async function startApp(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-db-faults-'));
  const database: Database = await openDatabase({
    databaseUrl,
    dataDir,
    logger: { error: () => {} }, // idle connections cut by the fault: expected here
  });
  await runMigrations(database);
  const port = await getFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      config: testConfig({
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_BASE_URL: baseUrl,
        STAFF_NOTIFY_EMAIL: BURST_STAFF_EMAIL,
        LOG_LEVEL: 'warn',
        // The app shares this process's event loop with 200 clients: their work is not the server's load.
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      }),
      database,
      logStream: logCapture().stream,
      passwordHasher: cheapHasher(),
      uploads: createPublicUploads(path.join(dataDir, 'uploads')),
      // All 200 come from one address: the per-address limit would refuse most of them.
      valuations: { submitLimit: { limit: 10_000, windowMs: 60_000 } },
    });
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
  const listening = app;
  return {
    baseUrl,
    database,
    lentConnections() {
      if (database.engine !== 'postgres') throw new Error('unreachable: a server database');
      return database.client.totalCount - database.client.idleCount;
    },
    /**
     * Stops the app and ends its pool; false if that did not finish within CLOSE_LIMIT_MS (a pool
     * ends only once every connection lent out is given back). Safe to call twice.
     */
    close: once(async () => {
      const closed = Promise.all([listening.close(), database.close()]).then(() => true);
      const limit = new Promise<false>((resolve) => setTimeout(() => resolve(false), CLOSE_LIMIT_MS).unref());
      const inTime = await Promise.race([closed, limit]);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return inTime;
    }),
  };
}

function expectOnly201Or503(answers: Answer[]) {
  const others = answers.filter((a) => a.status !== 201 && a.status !== 503);
  expect(
    others.map((a) => `${a.status} ${a.error ?? JSON.stringify(a.body)}`),
    'answers other than 201 and 503',
  ).toEqual([]);
  for (const answer of answers.filter((a) => a.status === 503)) {
    expect(answer.body).toEqual({ message: databaseMessages.unavailable });
    expect(answer.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  }
}

/** Submits once more every quarter second until the app accepts it, as a seller trying again would. */
async function submitUntilAccepted(baseUrl: string, index: number): Promise<Answer> {
  const started = performance.now();
  for (;;) {
    const answer = await submit(baseUrl, submission(index));
    expectOnly201Or503([answer]);
    if (answer.status === 201) return { ...answer, ms: performance.now() - started };
    if (performance.now() - started > RECOVERY_LIMIT_MS) {
      throw new Error(`the app still refused submissions ${RECOVERY_LIMIT_MS / 1000} s after the fault`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function once<T>(action: () => Promise<T>): () => Promise<T> {
  let done: Promise<T> | undefined;
  return () => (done ??= action());
}
