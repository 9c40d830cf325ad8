import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type AppDeps } from '~/server/app';
import type { RenderSource } from '~/server/render/page-routes';
import { createTestApp, logCapture, testConfig, type TestApp } from '../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie } from '../../../test/helpers/auth';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database';
import { appPages } from '../../../test/helpers/pages';
import { apiRouteAccess } from '../../../test/suites/route-access';

const samplePath = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? '1' : 'sample'));

describe('authorization of every API route', () => {
  let t: TestApp;
  let staffCookie: string;
  const hasher = cheapHasher();

  beforeAll(async () => {
    // With the pages, so GET /api/page-data is registered too (pages render only when asked).
    t = await createTestApp('pglite', {
      // A loaded test machine must not turn the answers into "busy" (503): that is the overload suite's.
      env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '0' },
      deps: { passwordHasher: hasher, renderSource: appPages },
    });
    await seedUser(t.db.database.db, hasher, { isAdmin: true });
    staffCookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: false }));
  });
  afterAll(async () => t?.close());

  const apiRoutes = () =>
    t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD')
      .map((r) => ({ key: `${r.method} ${r.url}`, ...r }));

  // The whole route table, pages and files included, is test/suites/authorization-matrix.test.ts's.
  it('lists every registered API route with the access it declares', () => {
    const declared = Object.fromEntries(apiRoutes().map((r) => [r.key, r.access]));
    expect(declared).toEqual(apiRouteAccess);
  });

  it('refuses anonymous callers (401) and signed-in non-admins (403) on every admin route', async () => {
    for (const route of apiRoutes().filter((r) => r.access === 'admin')) {
      const request = { method: route.method as 'GET', url: samplePath(route.url), payload: {} };
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode, `${route.key} anonymous`).toBe(401);
      const staff = await t.app.inject({ ...request, headers: { cookie: staffCookie } });
      expect(staff.statusCode, `${route.key} non-admin`).toBe(403);
    }
  });

  it('refuses anonymous callers on every signed-in route', async () => {
    for (const route of apiRoutes().filter((r) => r.access === 'signedIn')) {
      const response = await t.app.inject({ method: route.method as 'GET', url: samplePath(route.url), payload: {} });
      expect(response.statusCode, route.key).toBe(401);
    }
  });
});

describe('every route declares its access, or start-up fails', () => {
  let t: TestDatabase;
  let staticRoot: string;
  const opened: FastifyInstance[] = [];

  beforeEach(async () => {
    t = await createTestDatabase('pglite');
    staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-static-'));
    fs.writeFileSync(path.join(staticRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
    await t.cleanup();
    fs.rmSync(staticRoot, { recursive: true, force: true });
  });

  /** buildApp and ready, as the server starts, with the given extra deps. */
  async function start(deps: Partial<AppDeps>) {
    const app = await buildApp({
      config: testConfig(),
      database: t.database,
      logStream: logCapture().stream,
      passwordHasher: cheapHasher(),
      ...deps,
    });
    opened.push(app);
    await app.ready();
    return app;
  }

  const handler = async () => 'ok';

  it('fails for an API route without config.access, naming it', async () => {
    await expect(start({ beforeRoutes: async (app) => void app.get('/api/forgotten', handler) })).rejects.toThrow(
      'Route GET /api/forgotten must declare config.access',
    );
  });

  it('fails for a route outside /api without config.access, naming it', async () => {
    await expect(start({ beforeRoutes: async (app) => void app.get('/forgotten.txt', handler) })).rejects.toThrow(
      'Route GET /forgotten.txt must declare config.access',
    );
    await expect(
      start({ beforeRoutes: async (app) => void app.route({ method: ['POST', 'PUT'], url: '/form', handler }) }),
    ).rejects.toThrow('Route POST,PUT /form must declare config.access');
  });

  it('fails for a route without config.access inside a plugin', async () => {
    const plugin = async (scope: FastifyInstance) => void scope.get('/deep/forgotten', handler);
    await expect(
      start({ beforeRoutes: async (app) => void app.register(plugin, { prefix: '/nested' }) }),
    ).rejects.toThrow('Route GET /nested/deep/forgotten must declare config.access');
  });

  it('starts with a route that declares it', async () => {
    const app = await start({
      beforeRoutes: async (app) => void app.get('/declared.txt', { config: { access: 'public' } }, handler),
    });
    expect((await app.inject({ url: '/declared.txt' })).body).toBe('ok');
  });

  it('starts with the built files and the pages, and every route of the full app has its access', async () => {
    const renderSource: RenderSource = {
      template: async () => '<html><head><!--app-head--></head><body><!--app-html--><!--app-data--></body></html>',
      entry: async () => ({ render: async () => ({ type: 'redirect', location: '/', status: 302 }) as never }),
    };
    const app = await start({ staticRoot, renderSource });
    const undeclared = app.registeredRoutes.filter((r) => !r.access);
    expect(undeclared).toEqual([]);
    // @fastify/static's routes, which cannot carry our config, get theirs from registerWithAccess.
    expect(app.registeredRoutes).toContainEqual({ method: 'GET', url: '/favicon.svg', access: 'public' });
    expect(app.registeredRoutes).toContainEqual({ method: 'GET', url: '/*', access: 'public' });
    const file = await app.inject({ url: '/favicon.svg' });
    expect(file.statusCode).toBe(200);
  });
});
