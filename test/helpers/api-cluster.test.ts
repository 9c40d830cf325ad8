import { afterEach, describe, expect, it } from 'vitest';
import { apiSuiteOnCluster } from './api-cluster';
import { createTestApp, type TestApp } from './app';

/**
 * The harness of `npm run test:api-cluster` (API_CLUSTER=1): a test's requests really go through
 * HAProxy to both instances in turn, and reach them as app.inject would have sent them. Only in that
 * run; the ordinary run has nothing here to check.
 */
describe.runIf(apiSuiteOnCluster)('API tests behind HAProxy (API_CLUSTER=1)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('sends the steps of a test to the two instances in turn, each seeing the client as the test named it', async () => {
    let instance = 0;
    t = await createTestApp('postgres', {
      setup(app) {
        const name = `instance ${++instance}`;
        app.post('/echo', { config: { access: 'public' } }, async (request) => ({
          instance: name,
          ip: request.ip,
          host: request.headers.host,
          userAgent: request.headers['user-agent'],
          body: request.body,
          query: request.query,
        }));
      },
    });
    const answers = [];
    for (let step = 0; step < 4; step++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/echo?step=' + step,
        payload: { step },
        remoteAddress: step % 2 ? '203.0.113.9' : undefined,
        headers: { origin: 'http://localhost' },
      });
      expect(response.statusCode, response.body).toBe(200);
      answers.push(response.json<Record<string, unknown>>());
    }
    expect(answers.map((answer) => answer.instance).sort()).toEqual([
      'instance 1',
      'instance 1',
      'instance 2',
      'instance 2',
    ]);
    expect(answers[0]!.instance).not.toBe(answers[1]!.instance);
    expect(answers.map((answer) => answer.ip)).toEqual(['127.0.0.1', '203.0.113.9', '127.0.0.1', '203.0.113.9']);
    expect(answers[3]).toMatchObject({
      host: 'localhost:80',
      userAgent: 'lightMyRequest',
      body: { step: 3 },
      query: { step: '3' },
    });
  });

  it('gives the cookies an answer sets as app.inject does', async () => {
    t = await createTestApp('postgres', {
      setup(app) {
        app.get('/cookies', { config: { access: 'public' } }, async (_request, reply) =>
          reply.header('set-cookie', ['a=1; Path=/; HttpOnly', 'b=two; Max-Age=60; SameSite=Lax']).send({ ok: true }),
        );
      },
    });
    const response = await t.app.inject({ method: 'GET', url: '/cookies' });
    expect(response.cookies).toEqual([
      expect.objectContaining({ name: 'a', value: '1', path: '/', httpOnly: true }),
      expect.objectContaining({ name: 'b', value: 'two', maxAge: 60, sameSite: 'Lax' }),
    ]);
  });
});
