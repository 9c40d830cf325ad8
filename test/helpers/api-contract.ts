import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ApiDocument, ApiOperation } from '~/server/http/openapi-reference';

/**
 * The API document as a contract the API tests keep (issue 32): every answer an API test gets from
 * `app.inject` must be one the document describes, its status code documented for the operation,
 * its content type one documented for that status, and a JSON body valid against the documented
 * schema. createTestApp (./app.ts) wraps `inject` with checkedInject, so a test that gets an
 * undocumented answer fails there, naming what the document lacks.
 *
 * Requests the document does not describe (pages, files, a method a path does not take) are not
 * checked here; HEAD and OPTIONS neither, as the document lists neither.
 */

// One validator per distinct schema, for the whole process (a test file builds many apps).
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

type Route = { method: string; path: string; pattern: RegExp; staticSegments: number; operation: ApiOperation };
const routesOf = new WeakMap<ApiDocument, Route[]>();

function routes(document: ApiDocument): Route[] {
  let found = routesOf.get(document);
  if (found) return found;
  found = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
      staticSegments: path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
      operation,
    })),
  );
  routesOf.set(document, found);
  return found;
}

/** The documented operation Fastify's router would pick for this method and path (static segments first). */
export function findOperation(document: ApiDocument, method: string, url: string): Route | undefined {
  const path = url.split('?')[0]!;
  return routes(document)
    .filter((route) => route.method === method.toUpperCase() && route.pattern.test(path))
    .sort((a, b) => b.staticSegments - a.staticSegments)[0];
}

function validatorFor(document: ApiDocument, schema: object): ValidateFunction {
  // References (if any) point into the document's components: each schema carries them.
  const wrapped = { ...schema, components: document.components ?? {} };
  const key = JSON.stringify(wrapped);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(wrapped);
    validators.set(key, validate);
  }
  return validate;
}

const mediaType = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

const matchesMedia = (documented: string, actual: string) =>
  documented === actual || (documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1)));

export type AnswerToCheck = { statusCode: number; headers: Record<string, unknown>; body: string };

/** What is wrong with this answer by the document (undefined when the document describes it). */
export function answerProblem(
  document: ApiDocument,
  request: { method: string; url: string },
  answer: AnswerToCheck,
): string | undefined {
  const route = findOperation(document, request.method, request.url);
  if (!route) return undefined;
  const where = `${route.method} ${route.path} answered ${answer.statusCode}`;
  const responses = route.operation.responses ?? {};
  // A route a test registers for itself without schemas documents no success: not checked (every
  // real route declares its schemas: src/server/http/openapi.test.ts holds them to it).
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) return undefined;
  const documented = responses[String(answer.statusCode)] ?? responses[`${String(answer.statusCode)[0]}XX`];
  if (!documented)
    return `${where}, a status the document does not list (it lists ${Object.keys(responses).join(', ')})`;
  const contents = documented.content ?? {};
  const type = mediaType(answer.headers['content-type']);
  if (Object.keys(contents).length === 0) {
    return answer.body === '' ? undefined : `${where} with a body (${type}), but the document says it has none`;
  }
  const media = Object.keys(contents).find((documentedType) => matchesMedia(documentedType, type));
  if (!media) return `${where} with content type "${type}", not one documented (${Object.keys(contents).join(', ')})`;
  const schema = contents[media]?.schema;
  if (media !== 'application/json' || !schema) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `${where} with a body that is not JSON`;
  }
  const validate = validatorFor(document, schema);
  if (validate(body)) return undefined;
  const errors = ajv.errorsText(validate.errors, { dataVar: 'body' });
  return `${where} with a body the documented schema refuses: ${errors}; body: ${answer.body.slice(0, 500)}`;
}

/** Thrown (so the test fails) when an API test gets an answer the document does not describe. */
export class UndocumentedAnswerError extends Error {
  override name = 'UndocumentedAnswerError';
}

/** Wraps the app's `inject` so every answer to a promised request is checked against the app's document. */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const inject = app.inject.bind(app);
  let document: ApiDocument | undefined;
  const check = (options: InjectOptions | string) => {
    const given = typeof options === 'string' ? { url: options } : options;
    const url = String(given.url ?? given.path ?? '/');
    // A test may name the whole address (a Twilio webhook is signed over it): only the path counts here.
    return { method: String(given.method ?? 'GET'), url: url.startsWith('/') ? url : new URL(url).pathname };
  };
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const request = check(options);
    if (request.url.startsWith('/api/')) {
      document ??= app.swagger() as unknown as ApiDocument;
      const problem = answerProblem(document, request, response);
      if (problem) throw new UndocumentedAnswerError(problem);
    }
    return response;
  };
  // The chained form (`app.inject().get(...)`) and the callback form are left as they are.
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (inject as (...args: unknown[]) => unknown)(options, callback)
      : checked(options)) as FastifyInstance['inject'];
}
