import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './app';

/** The contract check every API test runs under (./api-contract.ts): an answer the document does not describe fails. */
describe('API tests check each answer against the API document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      setup: (app) => {
        const schema = {
          summary: 'Probe the contract check',
          querystring: z.object({ answer: z.enum(['documented', 'status', 'type', 'body']) }),
          response: { 200: z.object({ ok: z.literal(true) }) },
        };
        app.get('/api/contract-probe', { config: { access: 'public' }, schema }, async (request, reply) => {
          const { answer } = request.query as { answer: string };
          if (answer === 'status') return reply.code(418 as 200).send({ ok: true });
          if (answer === 'type') return reply.type('text/plain').send('ok');
          if (answer === 'body') return reply.type('application/json').serializer(JSON.stringify).send({ ok: 'yes' });
          return { ok: true };
        });
      },
    });
  });
  afterAll(async () => t?.close());

  it('lets a documented answer through', async () => {
    const response = await t.app.inject({ url: '/api/contract-probe?answer=documented' });
    expect(response.json()).toEqual({ ok: true });
  });

  it.each([
    ['status', /answered 418, a status the document does not list \(it lists 200, 400, 421, 500, 503\)/],
    ['type', /with content type "text\/plain", not one documented \(application\/json\)/],
    ['body', /a body the documented schema refuses: body\/ok must be boolean/],
  ])('fails the test that gets an undocumented %s', async (answer, problem) => {
    await expect(t.app.inject({ url: `/api/contract-probe?answer=${answer}` })).rejects.toThrow(problem);
  });

  it('leaves pages alone', async () => {
    expect((await t.app.inject({ url: '/no-such-page' })).statusCode).toBe(404);
  });
});
