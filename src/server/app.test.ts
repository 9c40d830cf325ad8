import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiSuiteOnCluster } from '../../test/helpers/api-cluster';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { cheapHasher, seedUser, sessionCookieFrom, signIn, uniqueUsername } from '../../test/helpers/auth';
import { testEngines } from '../../test/helpers/database';
import { users } from './db/schema';
import { AppError } from './http/app-error';
import { GENERIC_SERVER_ERROR } from './http/error-handler';

describe.each(testEngines)('HTTP foundation on %s', (engine) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('GET /api/health answers ok after a real database query', async () => {
    t = await createTestApp(engine);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    // No version: it would tell anyone which known flaws to try (staff read it in /api/openapi.json).
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  // Not behind the API suite's HAProxy (API_CLUSTER=1): it cuts one instance from the database, and
  // the other answers; HAProxy taking such a process out is the cluster suites' (test/suites/cluster*).
  it.skipIf(apiSuiteOnCluster)('GET /api/health answers 503 when the database is unreachable', async () => {
    t = await createTestApp(engine);
    await t.db.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', database: 'unreachable' });
  });
});

describe('errors', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const withRoutes = () =>
    createTestApp('pglite', {
      setup(app) {
        app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('secret internal detail');
        });
        app.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
          throw new AppError('CONFLICT', 'That username is already taken', { detail: 'users_username_lower' });
        });
        app.withTypeProvider<ZodTypeProvider>().post(
          '/api/test/echo',
          {
            config: { access: 'public' },
            schema: {
              body: z.object({
                username: z.string().min(3, 'Username must be at least 3 characters'),
                age: z.number(),
              }),
            },
          },
          async (request) => request.body,
        );
      },
    });

  it('unknown /api paths get a JSON 404, for any method', async () => {
    t = await withRoutes();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/nope?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: `No such endpoint: ${method} /api/nope` });
    }
  });

  it('invalid input gets 400 with every field issue and the form message first', async () => {
    t = await withRoutes();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { username: 'ab', age: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Username must be at least 3 characters');
    expect(body.issues).toEqual([
      { path: 'username', message: 'Username must be at least 3 characters' },
      { path: 'age', message: expect.any(String) },
    ]);
  });

  it('malformed JSON gets a 400 with a message, not a 500', async () => {
    t = await withRoutes();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('our own refusals keep their status and user-facing message', async () => {
    t = await withRoutes();
    const response = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'That username is already taken', code: 'CONFLICT' });
  });

  it('an unexpected failure is a 500 with a request id, no stack and no internal detail; the log has both', async () => {
    t = await withRoutes();
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ message: GENERIC_SERVER_ERROR, requestId: expect.any(String) });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    const logged = t.logs.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(logged.reqId).toBe(body.requestId);
    expect(logged.err.stack).toContain('secret internal detail');
  });
});

describe('built browser files', () => {
  let t: TestApp;
  let root: string;
  afterEach(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** A client build as Vite leaves it: two page templates, the manifest and real assets. */
  async function builtFiles() {
    root = await mkdtemp(path.join(os.tmpdir(), 'built-files-'));
    const files: Record<string, string> = {
      'index.html': '<!doctype html><!--app-html-->',
      'public.html': '<!doctype html><!--app-head--><!--app-html-->',
      '.vite/manifest.json': '{}',
      '.vite/public-manifest.json': '{}',
      'assets/app-abc123.js': 'console.log(1)',
      'icons/icon-192.png': 'png',
      'favicon.ico': 'ico',
    };
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), content);
    }
    return root;
  }

  it('serves the real assets and never the server-only templates or the manifest', async () => {
    t = await createTestApp('pglite', { deps: { staticRoot: await builtFiles() } });
    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    for (const url of ['/assets/app-abc123.js', '/icons/icon-192.png', '/favicon.ico'])
      expect(await status(url)).toBe(200);
    const hidden = ['/public.html', '/index.html', '/.vite/manifest.json', '/.vite/public-manifest.json'];
    for (const url of [...hidden, '/%70ublic.html', '/public.html?x=1']) {
      expect({ url, status: await status(url) }).toEqual({ url, status: 404 });
    }
  });
});

describe('security headers and transport', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('sends a strict CSP and the usual protective headers, and no version header', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when the site is served over https', async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_BASE_URL: 'https://www.example.co.uk' } });
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('compresses larger responses for clients that accept it', async () => {
    t = await createTestApp('pglite', {
      setup(app) {
        app.get('/api/test/big', { config: { access: 'public' } }, async () => ({ text: 'x'.repeat(20_000) }));
      },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(2_000);
  });

  it('never writes cookies or authorization headers to the log', async () => {
    t = await createTestApp('pglite', { env: { LOG_LEVEL: 'trace' } });
    t.app.log.info(
      { req: { headers: { cookie: 'sid=abc123secret', authorization: 'Bearer tok3n' } }, password: 'hunter2hunter2' },
      'probe',
    );
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: 'sid=abc123secret', authorization: 'Bearer tok3n' },
    });
    const text = t.logs.text();
    expect(text).toContain('probe');
    expect(text).not.toContain('abc123secret');
    expect(text).not.toContain('tok3n');
    expect(text).not.toContain('hunter2hunter2');
  });
});

/**
 * Issue 8, item 5: the log canary. Drive everything that handles a password or a session, and a
 * database failure on a row that holds a hash, then look for any of those secrets in the log.
 */
describe.each(testEngines)('log canary on %s', (engine) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('never logs a password, a password hash or a session token, even when an insert fails', async () => {
    const hasher = cheapHasher();
    const forcedHash = await hasher.hash('Forced failure canary 9911');
    t = await createTestApp(engine, {
      env: { LOG_LEVEL: 'trace' },
      deps: { passwordHasher: hasher },
      setup(app) {
        app.post('/api/test/failing-insert', { config: { access: 'public' } }, async () => {
          const db = t.db.database.db;
          await db.insert(users).values({ username: 'canary-dup', passwordHash: forcedHash });
          // Violates the case-insensitive unique index: Drizzle's error carries every parameter.
          await db.insert(users).values({ username: 'CANARY-DUP', passwordHash: forcedHash });
        });
        app.post('/api/test/failing-insert-null', { config: { access: 'public' } }, async () => {
          // A not-null violation: PostgreSQL's detail repeats the whole failing row, hash included.
          await t.db.database.db
            .insert(users)
            .values({ username: sql`null`, passwordHash: forcedHash } as unknown as typeof users.$inferInsert);
        });
      },
    });
    const db = t.db.database.db;
    const admin = await seedUser(db, hasher, {
      username: uniqueUsername('canary'),
      password: 'Orchid canary ladder 41',
    });
    const secrets = ['Orchid canary ladder 41', 'Wrong canary guess 00', 'Velvet canary crossing 77'];
    secrets.push('Fresh canary password 5150', 'Forced failure canary 9911', 'Nul canary \u0000 pass 12');

    expect((await signIn(t.app, admin.username, 'Wrong canary guess 00')).statusCode).toBe(401);
    const signedIn = await signIn(t.app, admin.username, admin.password);
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookieFrom(signedIn);
    const token = cookie.split('=')[1]!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie },
      payload: { username: uniqueUsername('made'), password: 'Velvet canary crossing 77', firstName: 'Al' },
    });
    expect(created.statusCode).toBe(201);
    // A value the database refuses, sent with a password (today's 500 logged the hash with it).
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie },
      payload: { username: uniqueUsername('nul'), password: 'Nul canary \u0000 pass 12', firstName: 'A\u0000l' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie },
      payload: { username: uniqueUsername('nul'), password: 'Velvet canary crossing 77', lastName: 'A\u0000l' },
    });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: admin.password, newPassword: 'Fresh canary password 5150' },
    });
    expect(changed.statusCode).toBe(200);
    const failing = await t.app.inject({ method: 'POST', url: '/api/test/failing-insert' });
    expect(failing.statusCode).toBeGreaterThanOrEqual(400);
    const failingNull = await t.app.inject({ method: 'POST', url: '/api/test/failing-insert-null' });
    expect(failingNull.statusCode).toBe(500);

    const hashes = (await db.select({ hash: users.passwordHash }).from(users)).map((u) => u.hash);
    const text = t.logs.text();
    // The failures were logged, with what an engineer needs: the SQL and the SQLSTATE code.
    expect(text).toContain('23502');
    expect(text).toContain('insert into \\"users\\"');
    for (const secret of [...secrets, ...hashes, forcedHash, token]) expect(text).not.toContain(secret);
    expect(text).not.toContain('scrypt$');
    expect(text).not.toMatch(/Failing row contains/);
  });
});
