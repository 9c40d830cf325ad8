import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '~/server/app';
import { loadConfig, secretEnvKeys, type AppConfig } from '~/server/config';
import { openDatabase } from '~/server/db/client';
import { createPublicUploads, type PublicUploads } from '~/server/storage/public-uploads';
import { storesFor } from '~/server/storage/stores';
import { checkAnswersAgainstDocument } from './api-contract';
import { apiSuiteOnCluster, behindTestProxy, serveBehindHaproxy } from './api-cluster';
import { cheapHasher } from './auth';
import { createTestDatabase, type TestDatabase, type TestEngine } from './database';
import { observeLogLine, registerCanary } from './log-hygiene';

/** A config as the server would parse it, with test defaults and overrides. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  registerSecrets(env);
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: '/nonexistent-test-data-dir',
    // app.inject() names `localhost:80` as the Host, so that is the site's address in API tests.
    PUBLIC_BASE_URL: 'http://localhost',
    // No overload refusals (http/overload.ts) in API tests: on a busy test machine the event loop
    // lags for reasons of its own; test/suites/overload-and-shutdown.test.ts turns it on to test it.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
}

/**
 * The secrets a test configures (keys, tokens, the password in a URL) must never reach the log:
 * the log-hygiene check looks for each (test/helpers/log-hygiene.ts).
 */
function registerSecrets(env: Record<string, string>) {
  for (const key of secretEnvKeys) {
    const value = env[key];
    if (!value) continue;
    // Of a URL (SMTP_URL, DATABASE_URL) only the password is secret; other settings are secret whole.
    const isUrl = value.includes('://') && URL.canParse(value);
    registerCanary(key, isUrl ? decodeURIComponent(new URL(value).password) : value);
  }
}

/**
 * Collects the app's log lines so tests can read what would have been logged; the log-hygiene
 * check sees each line too (every line JSON, no canary in any).
 */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const written = chunk.toString().split('\n').filter(Boolean);
      lines.push(...written);
      written.forEach(observeLogLine);
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

export type TestApp = {
  app: FastifyInstance;
  db: TestDatabase;
  logs: ReturnType<typeof logCapture>;
  /** The app's public uploads: in a folder of its own (removed on close), the S3 env's bucket, or deps'. */
  uploads: PublicUploads;
  close(): Promise<void>;
};

/**
 * The real app on a fresh migrated database of the given engine. `setup` may add
 * routes before the app is ready (to exercise the error handler, say).
 */
export async function createTestApp(
  engine: TestEngine = 'pglite',
  options: { env?: Record<string, string>; setup?: (app: FastifyInstance) => void; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const db = await createTestDatabase(engine);
  const logs = logCapture();
  const uploadsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-uploads-'));
  const config = testConfig(options.env);
  // With the S3 settings of test/helpers/s3.ts both stores are in that bucket, as the server's would be.
  const s3 = config.storage.kind === 's3' ? await storesFor(config) : undefined;
  const uploads = options.deps?.uploads ?? s3?.uploads ?? createPublicUploads(uploadsRoot);
  const onCluster = apiSuiteOnCluster && engine === 'postgres';
  const build = async (database: TestDatabase['database']) => {
    const app = await buildApp({
      config: onCluster ? behindTestProxy(config) : config,
      database,
      logStream: logs.stream,
      passwordHasher: cheapHasher(),
      uploads,
      ...(s3 ? { files: s3.files } : {}),
      ...options.deps,
    });
    options.setup?.(app);
    await app.ready();
    return app;
  };
  const app = await build(db.database);
  // API_CLUSTER=1 (test/helpers/api-cluster.ts): a second instance on its own pool, both behind HAProxy.
  let cluster: { close(): Promise<void> } | undefined;
  if (onCluster) {
    const secondDatabase = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: config.dataDir });
    const secondApp = await build(secondDatabase);
    const proxy = await serveBehindHaproxy([
      { app, database: db.database },
      { app: secondApp, database: secondDatabase },
    ]);
    cluster = {
      async close() {
        await proxy.stop();
        await secondApp.close();
        await secondDatabase.close();
      },
    };
  }
  // Every answer an API test gets must be one the API document describes (issue 32).
  checkAnswersAgainstDocument(app);
  watchSellerSecrets(app);
  return {
    app,
    db,
    logs,
    uploads,
    async close() {
      await cluster?.close();
      await app.close();
      await db.cleanup();
      fs.rmSync(uploadsRoot, { recursive: true, force: true });
    },
  };
}

/**
 * Every seller secret the app hands out in an answer (the upload token of `POST /api/valuations`)
 * becomes a log canary (issue 34): no log line of the whole API suite may hold one, opened links
 * included. Secrets that only travel in e-mails are registered by the tests that read them.
 */
function watchSellerSecrets(app: FastifyInstance): void {
  const inject = app.inject.bind(app);
  app.inject = (async (options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined) {
      return (inject as (...args: unknown[]) => unknown)(options, callback);
    }
    const response = await inject(options);
    if (response.statusCode === 201 && response.body.includes('"uploadToken"')) {
      registerCanary('seller secret', (JSON.parse(response.body) as { uploadToken?: string }).uploadToken);
    }
    return response;
  }) as FastifyInstance['inject'];
}
