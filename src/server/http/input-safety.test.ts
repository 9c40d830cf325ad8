import { count, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginAttempts, users } from '~/server/db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, uniqueUsername } from '../../../test/helpers/auth';
import { testEngines } from '../../../test/helpers/database';

/**
 * Issue 8, item 4: input the database cannot store (NUL and other control characters, lone
 * surrogates, integers beyond the column) is refused with 400 and a plain message before it reaches
 * PostgreSQL; whatever still slips through to the database is a 4xx, never a 500.
 */
describe.each(testEngines)('input the database cannot store, on %s', (engine) => {
  let t: TestApp;
  const hasher = cheapHasher();
  afterEach(async () => t?.close());

  async function setup(options: Parameters<typeof createTestApp>[1] = {}) {
    t = await createTestApp(engine, { deps: { passwordHasher: hasher }, ...options });
    const admin = await seedUser(t.db.database.db, hasher, { username: uniqueUsername('admin') });
    return { admin, cookie: await signedInCookie(t.app, admin) };
  }

  const userCount = async () => (await t.db.database.db.select({ n: count() }).from(users))[0]!.n;
  const attemptCount = async () => (await t.db.database.db.select({ n: count() }).from(loginAttempts))[0]!.n;

  function expectRefused(response: { statusCode: number; json(): unknown }, path?: string) {
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; issues?: { path: string; message: string }[] };
    expect(body.message).toMatch(/\w{4,}/);
    expect(body.message).not.toMatch(/Failed query|invalid byte sequence|out of range for type/);
    if (path !== undefined) expect(body.issues).toContainEqual({ path, message: expect.any(String) });
    return body;
  }

  it('refuses a NUL byte in the sign-in username with 400, not 500, and records nothing', async () => {
    await setup();
    const before = await attemptCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ad\u0000min', password: 'whatever it is 123' },
    });
    expectRefused(response, 'username');
    expect(await attemptCount()).toBe(before);
    expect(t.logs.text()).not.toContain('unhandled error');
  });

  it('refuses a NUL byte or a lone surrogate in any field of a new user, and writes nothing', async () => {
    const { cookie } = await setup();
    const valid = {
      username: uniqueUsername('new'),
      password: 'Velvet otter crossing 77',
      firstName: 'Alex',
      lastName: 'Jones',
      email: 'alex@example.co.uk',
    };
    const before = await userCount();
    const cases: [string, string][] = [
      ['username', 'bad\u0000name'],
      ['firstName', 'Al\u0000ex'],
      ['lastName', 'Jo\u0001nes'],
      ['email', 'alex\u0000@example.co.uk'],
      ['password', 'Velvet otter \u0000 crossing 77'],
      ['firstName', 'Alex \uD83D'],
      ['lastName', '\uDE00Jones'],
    ];
    for (const [field, value] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: { cookie },
        payload: { ...valid, [field]: value },
      });
      expectRefused(response, field);
    }
    expect(await userCount()).toBe(before);
    expect(t.logs.text()).not.toContain('unhandled error');
  });

  it('refuses ids beyond the int4 column with 400 and a message, for PATCH and DELETE', async () => {
    const { cookie } = await setup();
    const before = await userCount();
    for (const id of ['2147483648', '9007199254740991', '0', '-1', '1.5', '1e3', 'abc']) {
      for (const method of ['PATCH', 'DELETE'] as const) {
        const response = await t.app.inject({
          method,
          url: `/api/admin/users/${id}`,
          headers: { cookie },
          ...(method === 'PATCH' ? { payload: { firstName: 'Sam' } } : {}),
        });
        expectRefused(response, 'id');
      }
    }
    expect(await userCount()).toBe(before);
    expect(t.logs.text()).not.toContain('unhandled error');
  });

  it('still finds the largest id a column can hold (404, not 400)', async () => {
    const { cookie } = await setup();
    const response = await t.app.inject({ method: 'DELETE', url: '/api/admin/users/2147483647', headers: { cookie } });
    expect(response.statusCode).toBe(404);
  });

  it('refuses NUL and lone surrogates anywhere in a body, query or params, even on a route with loose schemas', async () => {
    const seen: unknown[] = [];
    await setup({
      setup(app) {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.post(
          '/api/test/loose/:name',
          {
            config: { access: 'public' },
            schema: { params: z.object({ name: z.string() }), querystring: z.object({ q: z.string().optional() }) },
          },
          async (request) => {
            seen.push(request.body);
            return { ok: true };
          },
        );
      },
    });
    const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

    expect((await post('/api/test/loose/ok', { nested: [{ fine: 'tab\tand\nnewline' }] })).statusCode).toBe(200);
    expectRefused(await post('/api/test/loose/ok', { nested: [{ deep: 'a\u0000b' }] }), 'nested.0.deep');
    expectRefused(await post('/api/test/loose/ok', { 'key\u0000': 'value' }));
    expectRefused(await post('/api/test/loose/ok', { text: 'broken \uD800 pair' }), 'text');
    expectRefused(await post('/api/test/loose/ok?q=a%00b', {}), 'q');
    expectRefused(await post('/api/test/loose/a%00b', {}), 'name');
    // An encoded surrogate is not valid UTF-8: it decodes to U+FFFD, which is storable.
    expect((await post('/api/test/loose/ok?q=%ED%A0%80', {})).statusCode).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('turns database data errors into 400 and duplicates into 409, never 500', async () => {
    await setup({
      setup(app) {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        // Deliberately unvalidated: stands for a future route whose schema forgot a limit.
        typed.post(
          '/api/test/raw',
          { config: { access: 'public' }, schema: { body: z.object({ kind: z.string(), value: z.string() }) } },
          async (request) => {
            const db = t.db.database.db;
            const { kind, value } = request.body;
            if (kind === 'int') await db.execute(sql`select ${value}::int`);
            if (kind === 'varchar') await db.insert(users).values({ username: value, passwordHash: 'x' });
            if (kind === 'uuid') await db.execute(sql`select ${value}::uuid`);
            if (kind === 'duplicate') {
              await db.insert(users).values({ username: value, passwordHash: 'x' });
              await db.insert(users).values({ username: value.toUpperCase(), passwordHash: 'x' });
            }
            return { ok: true };
          },
        );
      },
    });
    const raw = (kind: string, value: string) =>
      t.app.inject({ method: 'POST', url: '/api/test/raw', payload: { kind, value } });
    for (const [kind, value] of [
      ['int', '99999999999'],
      ['int', 'twelve'],
      ['uuid', 'not-a-uuid'],
      ['varchar', 'x'.repeat(60)],
    ] as const) {
      const response = await raw(kind, value);
      expectRefused(response);
      expect(response.body).not.toContain(value);
    }
    expect((await raw('none', 'x')).statusCode).toBe(200);
    const duplicate = await raw('duplicate', uniqueUsername('dup'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toMatch(/already/);
    expect(t.logs.text()).not.toContain('unhandled error');
  });
});
