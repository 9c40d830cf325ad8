import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie } from '../../../test/helpers/auth';
import type { Access } from './access';

/**
 * The authorization matrix (OWASP Authorization Testing Automation): every
 * API route the app registers, with who may call it. A route missing from this
 * list, or declaring a different access, fails the test, so each new endpoint
 * is a deliberate decision. Later issues extend the list.
 */
const expectedAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/user': 'signedIn',
  'POST /api/auth/change-password': 'signedIn',
  'GET /api/admin/users': 'admin',
  'POST /api/admin/users': 'admin',
  'PATCH /api/admin/users/:id': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
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
