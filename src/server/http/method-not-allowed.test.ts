import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie } from '../../../test/helpers/auth';
import { testEngines } from '../../../test/helpers/database';
import type { ApiDocument } from './openapi-reference';
import { allowedMethods } from './method-not-allowed';

/**
 * Unsupported methods (issue 32): every path in the API document, asked with a method it does not
 * take, answers 405 with an `Allow` header naming exactly the methods the document lists for it
 * (and HEAD wherever GET is), whoever asks. A schema-driven fuzzer had found 56 other answers.
 */

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const ORIGIN = 'http://localhost';

/** `/api/valuations/{id}/photos/{photoPath}` with plausible values in place of its parameters. */
const concretePath = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? '1' : 'x1'));

describe.each(testEngines)('methods a path does not take (%s)', (engine) => {
  let t: TestApp;
  let document: ApiDocument;

  beforeAll(async () => {
    const hasher = cheapHasher();
    t = await createTestApp(engine, { deps: { passwordHasher: hasher } });
    const cookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: true }));
    document = (await t.app.inject({ url: '/api/openapi.json', headers: { cookie } })).json<ApiDocument>();
  });
  afterAll(async () => t?.close());

  it('every documented path answers its other methods with 405 and the right Allow', async () => {
    const wrong: string[] = [];
    let asked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      const expected = [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])].sort();
      const url = concretePath(path);
      for (const method of METHODS.filter((m) => !expected.includes(m))) {
        asked += 1;
        // From our own origin, so the CSRF check (which refuses cross-site writes first) lets it through.
        const response = await t.app.inject({ method, url, headers: { origin: ORIGIN } });
        const allow = response.headers.allow;
        if (response.statusCode !== 405 || allow !== expected.join(', ')) {
          wrong.push(
            `${method} ${url}: ${response.statusCode}, Allow ${String(allow)} (expected ${expected.join(', ')})`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(asked).toBeGreaterThan(200);
  });

  it('says which methods to use, in JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toEqual({ message: 'GET is not allowed here. Use POST.' });
  });

  it('still answers 404 for a path no route has, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing', headers: { origin: ORIGIN } });
      expect(response.statusCode).toBe(404);
      expect(response.headers.allow).toBeUndefined();
    }
  });

  it('matches concrete paths against route patterns, leaving out the pages catch-all', () => {
    const routes = t.app.registeredRoutes;
    expect(allowedMethods(routes, '/api/valuations/42/photos/abc.jpg?x=1')).toEqual(['DELETE', 'GET', 'HEAD']);
    expect(allowedMethods(routes, '/api/valuations/active')).toContain('GET');
    expect(allowedMethods(routes, '/about-us')).toEqual([]);
  });
});
