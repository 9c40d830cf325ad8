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
import type { Access } from './access';

/**
 * The authorization matrix (OWASP Authorization Testing Automation): every
 * API route the app registers, with who may call it. A route missing from this
 * list, or declaring a different access, fails the test, so each new endpoint
 * is a deliberate decision. Later issues extend the list.
 */
const expectedAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/vehicle/:registration': 'public',
  'GET /api/dvla-info/:registration': 'admin',
  'GET /api/distance/:postcode': 'admin',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/user': 'signedIn',
  'POST /api/auth/change-password': 'signedIn',
  'GET /api/admin/users': 'admin',
  'POST /api/admin/users': 'admin',
  'PATCH /api/admin/users/:id': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'GET /api/admin/messages': 'admin',
  'GET /api/admin/messages/:id': 'admin',
  'GET /api/admin/messages/:id/html': 'admin',
  'GET /api/admin/messages/:id/attachments/:index': 'admin',
  'POST /api/admin/messages/:id/retry': 'admin',
  'POST /api/admin/messages/test': 'admin',
  'GET /api/openapi.json': 'admin',
  'GET /api/reference': 'admin',
  'POST /api/valuations': 'public',
  // The seller's photo calls: no session, the upload token (Bearer) is checked in each handler (404 without it).
  'GET /api/valuations/:id': 'public',
  'POST /api/valuations/:id/photos': 'public',
  'GET /api/valuations/:id/photos/:photoPath': 'public',
  'DELETE /api/valuations/:id/photos/:photoPath': 'public',
  // The back office's valuation lists, stats and archive actions (issue 11).
  'GET /api/valuations/active': 'admin',
  'GET /api/valuations/archived': 'admin',
  'GET /api/admin/valuations/stats': 'admin',
  'GET /api/admin/valuations/:id': 'admin',
  'POST /api/valuations/:id/offer': 'admin',
  'POST /api/valuations/:id/send-to-dealer': 'admin',
  'GET /api/valuations/:id/preview-pdf': 'admin',
  'PATCH /api/valuations/:id/status': 'admin',
  'GET /api/admin/valuations/:id/photos/:photoPath': 'admin',
  'POST /api/valuations/:id/archive': 'admin',
  'POST /api/valuations/:id/unarchive': 'admin',
  'DELETE /api/valuations/:id': 'admin',
  // Customer reviews (issue 12): anyone reads the published ones and submits one; staff moderate.
  'GET /api/reviews': 'public',
  'POST /api/reviews': 'public',
  'GET /api/admin/reviews': 'admin',
  'PATCH /api/admin/reviews/:id/approve': 'admin',
  'PATCH /api/admin/reviews/:id/reject': 'admin',
  'PATCH /api/admin/reviews/:id/publish': 'admin',
  'PATCH /api/admin/reviews/:id/unpublish': 'admin',
  // Recently purchased vehicles (issue 13): anyone sees the visible ones; staff manage them.
  'GET /api/purchased-vehicles': 'public',
  'GET /api/admin/purchased-vehicles': 'admin',
  'POST /api/admin/purchased-vehicles': 'admin',
  'PUT /api/admin/purchased-vehicles/:id': 'admin',
  'DELETE /api/admin/purchased-vehicles/:id': 'admin',
  'POST /api/admin/purchased-vehicles/:id/photos': 'admin',
  'DELETE /api/admin/purchased-vehicles/:id/photos/:photoId': 'admin',
  // Visitor analytics (issue 15): the back-forward-cache beacon is anyone's; the reports are staff's.
  'POST /api/analytics/collect': 'public',
  'GET /api/analytics/daily-stats': 'admin',
  'GET /api/analytics/locations': 'admin',
  'GET /api/analytics/pages': 'admin',
  // Phone calls (issue 16): staff's log and controls. Twilio's webhooks are anyone's, but each
  // handler refuses a request without Twilio's signature (features/calls/calls.test.ts).
  'GET /api/calls': 'admin',
  'GET /api/calls/stats': 'admin',
  'GET /api/calls/setup': 'admin',
  'PATCH /api/calls/:callSid/notes': 'admin',
  'POST /api/calls/make': 'admin',
  'POST /api/calls/:callSid/answer': 'admin',
  'POST /api/calls/hangup': 'admin',
  'GET /api/calls/:callSid/recording': 'admin',
  'GET /api/twilio/test': 'admin',
  'GET /api/audio/files': 'admin',
  'POST /api/audio/upload': 'admin',
  'DELETE /api/audio/:type': 'admin',
  'POST /api/twilio/call-webhook': 'public',
  'POST /api/twilio/hold': 'public',
  'POST /api/twilio/queue-exit': 'public',
  'POST /api/twilio/voicemail': 'public',
  'POST /api/twilio/voicemail-recorded': 'public',
  'POST /api/twilio/answer-result': 'public',
  'POST /api/twilio/status-callback': 'public',
  'POST /api/twilio/recording-status': 'public',
};

const samplePath = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? '1' : 'sample'));

describe('authorization of every API route', () => {
  let t: TestApp;
  let staffCookie: string;
  const hasher = cheapHasher();

  beforeAll(async () => {
    t = await createTestApp('pglite', { deps: { passwordHasher: hasher } });
    await seedUser(t.db.database.db, hasher, { isAdmin: true });
    staffCookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: false }));
  });
  afterAll(async () => t?.close());

  const apiRoutes = () =>
    t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD')
      .map((r) => ({ key: `${r.method} ${r.url}`, ...r }));

  it('lists every registered API route with the access it declares', () => {
    const declared = Object.fromEntries(apiRoutes().map((r) => [r.key, r.access]));
    expect(declared).toEqual(expectedAccess);
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
