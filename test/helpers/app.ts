import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '~/server/app';
import { loadConfig, type AppConfig } from '~/server/config';
import { createPublicUploads, type PublicUploads } from '~/server/storage/public-uploads';
import { cheapHasher } from './auth';
import { createTestDatabase, type TestDatabase, type TestEngine } from './database';

/** A config as the server would parse it, with test defaults and overrides. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: '/nonexistent-test-data-dir',
    // app.inject() names `localhost:80` as the Host, so that is the site's address in API tests.
    PUBLIC_BASE_URL: 'http://localhost',
    ...env,
  });
}

/** Collects the app's log lines so tests can read what would have been logged. */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

export type TestApp = {
  app: FastifyInstance;
  db: TestDatabase;
  logs: ReturnType<typeof logCapture>;
  /** The app's public uploads, in a folder of its own (removed on close) unless deps gave one. */
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
  const uploads = options.deps?.uploads ?? createPublicUploads(uploadsRoot);
  const app = await buildApp({
    config: testConfig(options.env),
    database: db.database,
    logStream: logs.stream,
    passwordHasher: cheapHasher(),
    uploads,
    ...options.deps,
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    db,
    logs,
    uploads,
    async close() {
      await app.close();
      await db.cleanup();
      fs.rmSync(uploadsRoot, { recursive: true, force: true });
    },
  };
}
