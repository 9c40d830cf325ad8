import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-body';

describe('jsonDepthExceeds', () => {
  it('counts brackets outside strings only, escapes included', () => {
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":{"b":{"c":1}}}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":"[[[[[[{{{{"}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\\\","b":[[[1]]]}', 3)).toBe(true);
  });
});

/** Issue 8, item 11: JSON bodies are limited in depth and size before they are parsed. */
describe('JSON bodies', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const withEcho = () =>
    createTestApp('pglite', {
      setup(app) {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.post('/api/test/echo', { config: { access: 'public' } }, async (request) => ({ body: request.body }));
        typed.post(
          '/api/test/big',
          { config: { access: 'public' }, bodyLimit: 200_000, schema: { body: z.object({ text: z.string() }) } },
          async (request) => ({ length: request.body.text.length }),
        );
      },
    });

  const post = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with 400, before parsing it`, async () => {
    t = await withEcho();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    // Refused by the depth check, with its own words, before JSON.parse could recurse through it.
    const response = await post('/api/test/big', deep);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/nested too deeply/);

    const justTooDeep = '{"a":' + '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH) + '}';
    expect((await post('/api/test/echo', justTooDeep)).statusCode).toBe(400);
    const deepest = '{"a":' + '['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1) + '}';
    expect((await post('/api/test/echo', deepest)).statusCode).toBe(200);
  });

  it('refuses a body over the default limit with 413 and a plain message', async () => {
    t = await withEcho();
    const response = await post('/api/test/echo', JSON.stringify({ text: 'x'.repeat(20_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.stringMatching(/too large/) });
  });

  it('lets a route that needs more set its own limit, and serves normal bodies', async () => {
    t = await withEcho();
    const big = await post('/api/test/big', JSON.stringify({ text: 'x'.repeat(100_000) }));
    expect(big.statusCode).toBe(200);
    expect(big.json()).toEqual({ length: 100_000 });
    const normal = await post('/api/test/echo', JSON.stringify({ a: [1, { b: 'c [ { ' }], d: null }));
    expect(normal.statusCode).toBe(200);
    expect(normal.json()).toEqual({ body: { a: [1, { b: 'c [ { ' }], d: null } });
  });

  it('keeps the protections of the default parser: prototype poisoning, empty and malformed bodies', async () => {
    t = await withEcho();
    expect((await post('/api/test/echo', '{"__proto__":{"isAdmin":true}}')).statusCode).toBe(400);
    expect((await post('/api/test/echo', '{"constructor":{"prototype":{"x":1}}}')).statusCode).toBe(400);
    expect((await post('/api/test/echo', '{"a":')).statusCode).toBe(400);
    expect((await post('/api/test/echo', '')).statusCode).toBe(400);
  });
});
