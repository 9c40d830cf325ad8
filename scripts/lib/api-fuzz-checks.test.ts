import { describe, expect, it } from 'vitest';
import { classify, documentedMethods, isPublic, requestSignature, undocumentedReason } from './api-fuzz-checks.mjs';

/**
 * How `npm run fuzz:api` counts its five categories: the figures issue 32 asks for are only as good
 * as these rules.
 */

const operation = {
  responses: {
    200: { content: { 'application/json': {} } },
    204: {},
    '4XX': { content: { 'application/json': {} } },
  },
};
const document = {
  paths: { '/api/things/{id}': { get: operation, delete: { ...operation, security: [{ sessionCookie: [] }] } } },
  security: [],
};

const record = (fields: Record<string, unknown>) => ({
  source: 'tool (admin)',
  kind: 'valid',
  name: 'Get a thing',
  method: 'GET',
  path: '/api/things/{id}',
  url: '/api/things/1',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  allow: null,
  bodyBytes: 10,
  ...fields,
});

function countsFor(records: ReturnType<typeof record>[]) {
  const found = classify(records, {
    operationFor: () => operation,
    expectedAllowFor: () => documentedMethods(document, '/api/things/{id}'),
  });
  return Object.fromEntries(Object.entries(found).map(([key, list]) => [key, list.length]));
}

describe('the API fuzzing run’s categories', () => {
  it('counts a valid request refused as wrong input, but not a state-dependent answer', () => {
    const counts = countsFor([400, 415, 422, 401, 403, 404, 409, 429].map((status) => record({ status })));
    expect(counts.validRefused).toBe(3);
  });

  it('counts a fuzz variation accepted, not one refused', () => {
    const counts = countsFor([record({ kind: 'invalid', status: 201 }), record({ kind: 'invalid', status: 400 })]);
    expect(counts.invalidAccepted).toBe(1);
  });

  it('checks status and content type against the document, ranges and body-less answers included', () => {
    expect(undocumentedReason(operation, record({}))).toBeNull();
    expect(undocumentedReason(operation, record({ status: 404 }))).toBeNull();
    expect(undocumentedReason(operation, record({ status: 204, contentType: null, bodyBytes: 0 }))).toBeNull();
    expect(undocumentedReason(operation, record({ status: 302 }))).toMatch(/status 302 is not documented/);
    expect(undocumentedReason(operation, record({ contentType: 'application/pdf' }))).toMatch(/application\/pdf/);
    expect(undocumentedReason(operation, record({ status: 204, contentType: 'text/html' }))).toMatch(/no body/);
  });

  it('wants 405 with exactly the documented methods, HEAD where GET is, for any other method', () => {
    const method = (status: number, allow: string | null) => record({ kind: 'method', method: 'PUT', status, allow });
    const counts = countsFor([method(405, 'DELETE, GET, HEAD'), method(405, 'GET, HEAD'), method(404, null)]);
    expect(counts.wrongMethodAnswer).toBe(2);
  });

  it('counts every 5xx, whatever the request', () => {
    const counts = countsFor([record({ status: 502 }), record({ kind: 'method', status: 500 })]);
    expect(counts.serverError).toBe(2);
  });

  it('knows a variation that changes nothing from one that changes the body, query or a header', () => {
    const valid = {
      method: 'POST',
      url: { path: ['api', 'search'], query: [{ key: 'page', value: '1' }] },
      header: [
        { key: 'Content-Type', value: 'application/json' },
        { key: 'Cookie', value: 'sid=a' },
      ],
      body: { mode: 'raw', raw: '{"email":"jo@example.com"}' },
    };
    // Portman's "required phone" on a body built from the e-mail branch: the same request, another session.
    const same = {
      ...valid,
      header: [{ key: 'cookie', value: 'sid=b' }, valid.header[0]!],
      body: { mode: 'raw', raw: '{\n  "email": "jo@example.com"\n}' },
    };
    expect(requestSignature(same)).toBe(requestSignature(valid));
    const changes = [
      { ...valid, body: { mode: 'raw', raw: '{}' } },
      { ...valid, url: { ...valid.url, query: [] } },
      { ...valid, header: [{ key: 'Content-Type', value: 'text/plain' }] },
      { ...valid, method: 'PUT' },
    ];
    for (const changed of changes) expect(requestSignature(changed)).not.toBe(requestSignature(valid));
  });

  it('treats an operation without a security requirement as public', () => {
    expect(isPublic(document, operation)).toBe(true);
    expect(isPublic(document, document.paths['/api/things/{id}'].delete)).toBe(false);
  });
});
