import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '~/server/auth/access';
import { appVersion } from '~/server/project-root';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie } from '../../../test/helpers/auth';
import { testEngines } from '../../../test/helpers/database';
import { operationIdFor } from './openapi';
import type { ApiDocument, ApiOperation } from './openapi-reference';

/**
 * POST, PUT and PATCH routes that deliberately take no body: their input is the
 * path or the session cookie. Every other such route must declare a body schema.
 */
const takesNoBody = new Set([
  // Ends the session named by the cookie; there is nothing to send.
  'POST /api/auth/logout',
  // Retries the message named in the path.
  'POST /api/admin/messages/:id/retry',
  // Takes multipart/form-data (repeated `photos` files), streamed by @fastify/multipart in the handler
  // so the limits apply while it arrives: a zod body schema would validate a body that is never parsed
  // into an object. The route declares `consumes: multipart/form-data` instead.
  'POST /api/valuations/:id/photos',
  // Claim the request named in the path (issue 37): its owner is the signed-in member of staff.
  'POST /api/admin/valuations/:id/claim',
  // Archive and restore the valuation named in the path (issue 11); the admin is the session's.
  'POST /api/valuations/:id/archive',
  'POST /api/valuations/:id/unarchive',
  // Publish and unpublish the review named in the path (issue 12); nothing else to say.
  'PATCH /api/admin/reviews/:id/publish',
  'PATCH /api/admin/reviews/:id/unpublish',
  // Staff record that the seller of the valuation named in the path withdrew marketing consent (issue 18).
  'POST /api/valuations/:id/withdraw-marketing-consent',
  // Answer the caller named in the path; hang up whatever call staff are on (issue 16; SPEC 7: no body).
  'POST /api/calls/:callSid/answer',
  'POST /api/calls/hangup',
  // Multipart (an `audio` file and its `type`), read in the handler with the limits applied as it arrives.
  'POST /api/audio/upload',
  // Multipart like the seller's photos (issue 13): the add form's fields and its photos, and more
  // photos for a vehicle. The fields are checked with purchasedVehicleDetailsSchema in the handler.
  'POST /api/admin/purchased-vehicles',
  'POST /api/admin/purchased-vehicles/:id/photos',
  // Staff mark the document named in the path as checked, and ask the seller of the valuation named
  // in the path for their documents (issue 35); who did it is the session's.
  'POST /api/admin/valuations/:id/documents/:documentId/verify',
  'POST /api/admin/valuations/:id/documents/request',
  // Retire or bring back the deductions table's item named in the path (issue 37); withdraw the
  // revision named in the path. Who did it is the session's.
  'POST /api/admin/deductions/:id/retire',
  'POST /api/admin/deductions/:id/restore',
  'POST /api/admin/valuations/:id/revisions/:revisionId/withdraw',
]);

/**
 * Routes whose path parameters are declared as plain strings on purpose, with the reason. Any
 * other path parameter must say more than `type: string` (a pattern, a format, a length), which
 * is also how an undeclared one is told apart: @fastify/swagger invents a bare string for it.
 */
const plainPathParams = new Set([
  // Checked in the handler, so a bad registration gets the lookup's own `{ success: false }` answer.
  'GET /api/vehicle/:registration',
  // The same check, so a bad registration gets the vehicle information's `{ success: false, error }`.
  'GET /api/dvla-info/:registration',
]);

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.each(testEngines)('the API document (%s)', (engine) => {
  let t: TestApp;
  let adminCookie: string;
  let staffCookie: string;

  beforeAll(async () => {
    const hasher = cheapHasher();
    t = await createTestApp(engine, { deps: { passwordHasher: hasher } });
    adminCookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: true }));
    staffCookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: false }));
  });
  afterAll(async () => t?.close());

  const fetchDocument = async () => {
    const response = await t.app.inject({ url: '/api/openapi.json', headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
    return response.json<ApiDocument>();
  };

  /** Every API route the app registers (HEAD aside, which Fastify adds for each GET). */
  const apiRoutes = () => t.app.registeredRoutes.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD');

  it.each(['/api/openapi.json', '/api/reference'])('%s: 401 for anonymous callers, 403 for non-admins', async (url) => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: { cookie: staffCookie } })).statusCode).toBe(403);
  });

  it('gives admins an OpenAPI 3.1 document titled with the trading name, at the app version', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info).toMatchObject({ title: 'CarBuy Direct API', version: appVersion });
    expect(Object.keys(document.paths['/api/admin/users'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/admin/users/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    expect(Object.keys(document.paths['/api/admin/messages'] ?? {})).toEqual(['get']);
  });

  it('holds the request schemas of the routes, e.g. the test message', async () => {
    const document = await fetchDocument();
    const operation = document.paths['/api/admin/messages/test']?.post;
    const body = operation?.requestBody?.content?.['application/json']?.schema;
    // The discriminated union of sendTestMessageInputSchema: an e-mail or a text, each with `to`.
    const variants = body?.oneOf ?? [];
    expect(variants.map((variant) => variant.properties?.channel?.enum)).toEqual([['email'], ['sms']]);
    for (const variant of variants) expect(variant.required).toEqual(['channel', 'to']);
    const query = document.paths['/api/admin/messages']?.get?.parameters?.map((p) => `${p.in}:${p.name}`);
    expect(query).toContain('query:status');
  });

  it('describes the session cookie and marks the routes that need it with their access', async () => {
    const document = (await fetchDocument()) as ApiDocument & {
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    };
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
    const users = document.paths['/api/admin/users']?.get;
    expect(users?.security).toEqual([{ sessionCookie: [] }]);
    expect(users?.['x-access']).toBe('admin');
    const health = document.paths['/api/health']?.get;
    expect(health?.security).toEqual([]);
    expect(health?.['x-access']).toBe('public');
  });

  it('holds every API route and nothing else (no pages, no files)', async () => {
    const document = await fetchDocument();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = apiRoutes().map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(documented.sort()).toEqual(registered.sort());
  });

  it('names, sums up, groups and secures every operation', async () => {
    const document = await fetchDocument();
    const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    const ids = new Set<string>();
    const gaps: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        const id = operation.operationId ?? '';
        if (!/^[a-z][A-Za-z0-9]*$/.test(id)) gaps.push(`${key}: operationId ${JSON.stringify(id)} is not camelCase`);
        if (ids.has(id)) gaps.push(`${key}: operationId ${id} is not unique`);
        ids.add(id);
        if (!/^[A-Z].{3,79}$/.test(operation.summary ?? '')) gaps.push(`${key}: no summary (or not a short phrase)`);
        for (const tag of operation.tags ?? []) if (!declared.get(tag)) gaps.push(`${key}: tag ${tag} not declared`);
        if (!operation.tags?.length) gaps.push(`${key}: no tag`);
        const expected = operation['x-access'] === 'public' ? [] : [{ sessionCookie: [] }];
        if (JSON.stringify(operation.security) !== JSON.stringify(expected)) gaps.push(`${key}: security`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('derives operation ids from the method and path', () => {
    expect(operationIdFor('GET', '/api/admin/users/:id')).toBe('getAdminUsersById');
    expect(operationIdFor('POST', '/api/admin/data-requests/search')).toBe('postAdminDataRequestsSearch');
    expect(operationIdFor('GET', '/api/openapi.json')).toBe('getOpenapiJson');
  });

  it('every API route declares its request and response schemas', async () => {
    expect(schemaGaps(await fetchDocument(), apiRoutes())).toEqual([]);
  });

  it('that check catches a route without schemas', async () => {
    const handler = async () => 'ok';
    const extra = await createTestApp(engine, {
      setup: (app) => {
        app.post('/api/forgotten/:id', { config: { access: 'admin' } }, handler);
        app.get('/api/forgotten', { config: { access: 'public' } }, handler);
      },
    });
    try {
      const routes = extra.app.registeredRoutes.filter(
        (r) => r.url.startsWith('/api/forgotten') && r.method !== 'HEAD',
      );
      expect(schemaGaps(extra.app.swagger() as unknown as ApiDocument, routes)).toEqual([
        'POST /api/forgotten/:id: no response schema for its success',
        'POST /api/forgotten/:id: no request body schema (or add it, with a reason, to takesNoBody)',
        'POST /api/forgotten/:id: no schema for path parameter :id',
        'GET /api/forgotten: no response schema for its success',
      ]);
    } finally {
      await extra.close();
    }
  });

  it('lists no route in takesNoBody that is gone or now takes a body', () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    for (const key of takesNoBody) expect(registered, key).toContain(key);
  });

  it('gives admins a readable reference page, with no script, listing every operation', async () => {
    const response = await t.app.inject({ url: '/api/reference', headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link rel="stylesheet"|https?:\/\/(?!www\.w3\.org)/);
    expect(html).toContain('CarBuy Direct API: reference');
    for (const route of apiRoutes()) {
      expect(html, route.url).toContain(`aria-label="${route.method} ${openApiPath(route.url)}"`);
    }
    expect(html).toContain('Admins only');
    expect(html).toContain('Request body');
  });
});

/** What each API route fails to declare: its success response's schema, its body's, its path parameters'. */
function schemaGaps(document: ApiDocument, routes: RegisteredRoute[]): string[] {
  const missing: string[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const operation: ApiOperation | undefined = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!operation) {
      missing.push(`${key}: not in the document`);
      continue;
    }
    // A route without a response schema gets @fastify/swagger's bodiless "200: Default Response".
    const success = Object.keys(operation.responses ?? {})
      .filter((status) => /^2\d\d$/.test(status))
      .sort()[0];
    const response = success ? operation.responses![success] : undefined;
    const hasBody = Object.values(response?.content ?? {}).some((content) => content.schema);
    // 204 has no body by definition: declaring it is the schema.
    if (!success || (success !== '204' && !hasBody)) missing.push(`${key}: no response schema for its success`);
    if (['POST', 'PUT', 'PATCH'].includes(route.method) && !takesNoBody.has(key)) {
      const body = Object.values(operation.requestBody?.content ?? {}).some((content) => content.schema);
      if (!body) missing.push(`${key}: no request body schema (or add it, with a reason, to takesNoBody)`);
    }
    // Path parameters must be declared and checked (see plainPathParams).
    for (const name of plainPathParams.has(key) ? [] : (route.url.match(/:(\w+)/g) ?? [])) {
      const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name.slice(1));
      const schema = parameter?.schema ?? {};
      if (Object.keys(schema).every((k) => k === 'type')) missing.push(`${key}: no schema for path parameter ${name}`);
    }
  }
  return missing;
}
