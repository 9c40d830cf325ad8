import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocument, ApiOperation } from '~/server/http/openapi-reference';
import { UndocumentedAnswerError } from '../helpers/api-contract';
import { createTestApp, type TestApp } from '../helpers/app';
import { cheapHasher, seedUser, signedInCookie } from '../helpers/auth';

/**
 * Requests made from the API document's own schemas (issue 32), to every operation, anonymously and
 * as a signed-in admin: each must get a 2xx or a documented 4xx (or the documented 503 of a provider
 * not set up in tests), never another 5xx, and (through the
 * contract check every API test runs under, ../helpers/api-contract.ts) a documented status, content
 * type and body. A 400 to a request the document says is valid means a rule the document does not
 * state: those are listed, and must be none.
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

const SAMPLES = 4;
/** The site's own Origin: changes from it pass the cross-site check, as the back office's do. */
const ORIGIN = 'http://localhost';

/** A fast-check arbitrary for values a JSON Schema (as zod writes it) accepts. */
export function arbitraryFor(schema: Schema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map(arbitraryFor));
  if (schema.allOf?.length) return arbitraryFor(Object.assign({}, ...schema.allOf) as Schema);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => arbitraryFor({ ...schema, type })));
  const n = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = n('minimum') ?? (n('exclusiveMinimum') === undefined ? -1000 : n('exclusiveMinimum')! + 1);
      const max = n('maximum') ?? (n('exclusiveMaximum') === undefined ? min + 100_000 : n('exclusiveMaximum')! - 1);
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case 'number': {
      const min =
        n('minimum') ?? (n('exclusiveMinimum') === undefined ? -1e6 : n('exclusiveMinimum')! + Number.EPSILON);
      const max = n('maximum') ?? 1e6;
      const step = n('multipleOf');
      // Whole steps, written as the decimal a person would type (0.29, not 0.29000000000000004).
      if (step) {
        const decimals = Math.max(0, -Math.floor(Math.log10(step)));
        return fc
          .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
          .map((i) => Number((i * step).toFixed(decimals)));
      }
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'array':
      return fc.array(arbitraryFor(schema.items ?? {}), {
        minLength: n('minItems') ?? 0,
        maxLength: Math.min(n('maxItems') ?? 3, Math.max(3, n('minItems') ?? 0)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryFor(value)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'string':
      return stringArbitrary(schema);
    default:
      return fc.constant('x');
  }
}

/** Dates of this century and the last (a four-digit year, as RFC 3339 has it). */
const someDate = fc.date({ min: new Date('1990-01-01'), max: new Date('2025-12-31'), noInvalidDate: true });

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(minLength, 40);
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.format === 'date-time') return someDate.map((d) => d.toISOString());
  if (schema.format === 'date') return someDate.map((d) => d.toISOString().slice(0, 10));
  // A pattern is the more exact rule where there is one (an e-mail address as the server takes it).
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  if (schema.format === 'uri') return fc.webUrl().filter(fits);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) });
}

type Case = { method: string; url: string; headers: Record<string, string>; payload?: string };

function caseFor(path: string, method: string, operation: ApiOperation, seed: number): Case {
  const sample = <T>(arbitrary: fc.Arbitrary<T>) => fc.sample(arbitrary, { numRuns: 1, seed })[0]!;
  const value = (schema: Schema | undefined) => String(sample(arbitraryFor(schema ?? {})));
  let url = path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters ?? []) {
    const schema = parameter.schema as Schema | undefined;
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value(schema)));
    if (parameter.in === 'query' && (parameter.required || sample(fc.boolean())))
      query.set(parameter.name, value(schema));
    if (parameter.in === 'header') headers[parameter.name] = value(schema);
  }
  const search = query.toString();
  const request: Case = { method: method.toUpperCase(), url: search ? `${url}?${search}` : url, headers };
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema as Schema | undefined;
  const form = content['application/x-www-form-urlencoded']?.schema as Schema | undefined;
  if (json) {
    request.payload = JSON.stringify(sample(arbitraryFor(json)));
    headers['content-type'] = 'application/json';
  } else if (form) {
    const fields = sample(arbitraryFor(form)) as Record<string, unknown>;
    request.payload = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  return request;
}

/** Signing out ends the admin's session: last, so the other operations are tried signed in. */
const last = (key: string) => (key.includes('/api/auth/') ? 1 : 0);

describe('requests made from the API document', () => {
  let t: TestApp;
  let adminCookie: string;
  let document: ApiDocument;

  beforeAll(async () => {
    const hasher = cheapHasher();
    t = await createTestApp('pglite', { deps: { passwordHasher: hasher } });
    adminCookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: true }));
    document = t.app.swagger() as unknown as ApiDocument;
  });
  afterAll(async () => t?.close());

  it('get a 2xx or a documented 4xx from every operation, never a 5xx or an undocumented answer', async () => {
    const operations = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })))
      .sort((a, b) => last(a.path) - last(b.path));
    const problems: string[] = [];
    const refusedButValid: string[] = [];
    let sent = 0;
    for (const identity of ['anonymous', 'admin'] as const) {
      for (const { path, method, operation } of operations) {
        for (let seed = 1; seed <= SAMPLES; seed += 1) {
          const request = caseFor(path, method, operation, seed);
          if (identity === 'admin') Object.assign(request.headers, { cookie: adminCookie, origin: ORIGIN });
          const where = `${identity} ${request.method} ${request.url}`;
          sent += 1;
          try {
            const response = await t.app.inject(request as InjectOptions);
            // 503 is documented (overloaded, the database away, a provider not set up here): not a fault.
            if (response.statusCode >= 500 && response.statusCode !== 503) {
              problems.push(`${where}: ${response.statusCode} ${response.body}`);
            }
            // A 400 to a request whose every part the document accepts: a rule the document does not state.
            const fullyDescribed = !operation.requestBody || request.payload !== undefined;
            if (response.statusCode === 400 && fullyDescribed && identity === 'admin') {
              refusedButValid.push(`${where} ${request.payload ?? ''}: ${response.body}`);
            }
          } catch (error) {
            if (!(error instanceof UndocumentedAnswerError)) throw error;
            problems.push(`${where}: ${error.message}`);
          }
        }
      }
    }
    if (refusedButValid.length)
      console.info(`valid by the document but refused with 400:\n${refusedButValid.join('\n')}`);
    console.info(`${sent} requests, ${problems.length} problems, ${refusedButValid.length} valid-but-refused`);
    expect(problems).toEqual([]);
  }, 600_000);
});
