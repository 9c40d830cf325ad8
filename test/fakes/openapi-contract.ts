import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { Ajv, type ErrorObject, type Format, type ValidateFunction } from 'ajv';

/**
 * Checks requests and responses against a provider's published OpenAPI 3.0
 * document, so a local fake (and the client talking to it) is held to the
 * provider's contract rather than to our own reading of it. Every check returns
 * a list of readable problems; an empty list means it conforms.
 *
 * Scope: what our fakes need, not all of OpenAPI. Path templates, path/query/
 * header parameters, security presence, JSON and form bodies, response bodies.
 * Form and parameter values arrive as strings, so they are coerced per the
 * schema's type (on a copy) before validation, as the provider would parse them.
 */

export type ContractParser = (text: string) => unknown;

export interface ContractOptions {
  /** Parsers by file extension (".yaml"); ".json" is built in. Keeps YAML possible without a dependency now. */
  parsers?: Record<string, ContractParser>;
  /**
   * Schema for responses whose status the document does not describe. Providers
   * often leave their error bodies out (Twilio does); without this, such a
   * response is reported as a problem.
   */
  undescribedResponseSchema?: object;
}

export interface ContractRequest {
  method: string;
  /** The request path; a query string on it is read too. */
  path: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string | string[] | undefined>;
  /** A parsed JSON value, or a form as an object of strings (repeated fields as arrays). */
  body?: unknown;
}

export interface ContractResponse {
  method: string;
  path: string;
  status: number;
  /** The parsed JSON body; undefined for none. */
  body?: unknown;
}

export interface Contract {
  validateRequest(request: ContractRequest): string[];
  validateResponse(response: ContractResponse): string[];
}

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const formTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const documentKey = 'openapi-document';

/** Reads an OpenAPI document (JSON, or any format a parser is given for) and returns its checker. */
export function loadContract(file: string, options: ContractOptions = {}): Contract {
  const parsers: Record<string, ContractParser> = { '.json': JSON.parse, ...options.parsers };
  const parse = parsers[extname(file).toLowerCase()];
  if (!parse) throw new Error(`${file}: no parser for ${extname(file) || 'files without an extension'}`);
  return createContract(parse(readFileSync(file, 'utf8')), options);
}

/** Splits an `application/x-www-form-urlencoded` body into fields; a repeated field becomes an array. */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return fields;
}

export function createContract(document: unknown, options: ContractOptions = {}): Contract {
  const doc = document as Json;
  if (typeof doc?.openapi !== 'string' || !doc.openapi.startsWith('3.')) {
    throw new Error('not an OpenAPI 3 document');
  }
  const validators = schemaValidators(doc);
  const routes = Object.entries((doc.paths ?? {}) as Record<string, Json>).map(([template, item]) => ({
    template,
    item,
    pattern: templatePattern(template),
  }));
  const basePaths = ((doc.servers ?? []) as { url: string }[])
    .map((server) => new URL(server.url, 'http://server.invalid').pathname.replace(/\/$/, ''))
    .filter(Boolean);

  /** The operation a request addresses, with its path parameter values; literal paths win over templates. */
  function findOperation(method: string, rawPath: string) {
    const path = rawPath.split('?')[0] ?? '';
    const candidates = [
      path,
      ...basePaths.filter((base) => path.startsWith(`${base}/`)).map((b) => path.slice(b.length)),
    ];
    const matches = routes
      .flatMap((route) => candidates.map((candidate) => ({ route, match: route.pattern.exec(candidate) })))
      .filter((found) => found.match)
      .sort((a, b) => (a.match?.length ?? 0) - (b.match?.length ?? 0));
    const found = matches[0];
    if (!found?.match) return { problem: `${method.toUpperCase()} ${path}: no such path in the contract` };
    const { template, item } = found.route;
    const key = method.toLowerCase();
    const label = `${key.toUpperCase()} ${template}`;
    if (!methods.includes(key) || !item[key]) return { problem: `${label}: the contract has no such operation` };
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
    const pathValues = Object.fromEntries(names.map((name, i) => [name, found.match?.[i + 1] ?? '']));
    const pointer = `/paths/${escapePointer(template)}/${key}`;
    return {
      label,
      pointer,
      itemPointer: `/paths/${escapePointer(template)}`,
      item,
      operation: item[key] as Json,
      pathValues,
    };
  }

  function validateRequest(request: ContractRequest): string[] {
    const found = findOperation(request.method, request.path);
    if ('problem' in found) return [found.problem ?? ''];
    const { label, pointer, itemPointer, item, operation, pathValues } = found;
    const problems: string[] = [];
    const query = { ...queryFrom(request.path), ...request.query };
    const headers = lowerCaseKeys(request.headers ?? {});

    for (const { parameter, schemaPointer } of parametersOf(doc, item, itemPointer, operation, pointer)) {
      const where = `${label} ${parameter.in} parameter ${parameter.name}`;
      const value = decodedValue(parameter, { path: pathValues, query, header: headers, cookie: {} });
      if (value === undefined) {
        if (parameter.required) problems.push(`${where}: is required`);
      } else if (value === null) {
        problems.push(`${where}: is not validly percent-encoded`);
      } else if (parameter.schema) {
        problems.push(...validators.check(schemaPointer, value, where, true));
      }
    }
    problems.push(...securityProblems(operation, headers, query, label));
    problems.push(...bodyProblems(operation, pointer, request, headers, label));
    return problems;
  }

  function bodyProblems(operation: Json, pointer: string, request: ContractRequest, headers: Json, label: string) {
    const { value: requestBody, pointer: bodyPointer } = deref(doc, operation.requestBody, `${pointer}/requestBody`);
    const where = `${label} request body`;
    const hasBody = request.body !== undefined && request.body !== '';
    if (!requestBody) return hasBody ? [`${where}: the contract describes no body`] : [];
    if (!hasBody) return requestBody.required ? [`${where}: is required`] : [];
    const contentType = String(headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    const content = (requestBody.content ?? {}) as Record<string, Json>;
    if (!contentType || !content[contentType]) {
      return [`${where}: Content-Type "${contentType}" is not one of ${Object.keys(content).join(', ')}`];
    }
    if (!content[contentType].schema) return [];
    const schemaPointer = `${bodyPointer}/content/${escapePointer(contentType)}/schema`;
    return validators.check(schemaPointer, request.body, where, formTypes.has(contentType));
  }

  function securityProblems(operation: Json, headers: Json, query: Json, label: string): string[] {
    const requirements = (operation.security ?? doc.security) as Record<string, string[]>[] | undefined;
    if (!requirements?.length) return [];
    const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
    const satisfied = requirements.some((requirement) =>
      Object.keys(requirement).every((name) => credentialPresent(schemes[name], headers, query)),
    );
    const wanted = requirements.map((requirement) => Object.keys(requirement).join(' + ') || 'none').join(' or ');
    return satisfied ? [] : [`${label}: no credentials for ${wanted}`];
  }

  function validateResponse(response: ContractResponse): string[] {
    const found = findOperation(response.method, response.path);
    if ('problem' in found) return [found.problem ?? ''];
    const { label, pointer, operation } = found;
    const where = `${label} response ${response.status}`;
    const responses = (operation.responses ?? {}) as Json;
    const status = String(response.status);
    const key = [status, `${status[0]}XX`, 'default'].find((candidate) => candidate in responses);
    if (!key) {
      if (!options.undescribedResponseSchema) return [`${where}: the contract does not describe this status`];
      return validators.checkSchema(options.undescribedResponseSchema, response.body, `${where} (undescribed status)`);
    }
    const { value: described, pointer: responsePointer } = deref(doc, responses[key], `${pointer}/responses/${key}`);
    const content = (described?.content ?? {}) as Record<string, Json>;
    const mediaType = Object.keys(content).find((type) => /[/+]json\b/.test(type));
    if (!mediaType) return response.body === undefined ? [] : [`${where}: the contract describes no JSON body`];
    if (!content[mediaType]?.schema) return [];
    const schemaPointer = `${responsePointer}/content/${escapePointer(mediaType)}/schema`;
    return validators.check(schemaPointer, response.body, `${where} body`, false);
  }

  return { validateRequest, validateResponse };
}

/** Compiles schemas in place inside the document, so their `#/components/...` references resolve. */
function schemaValidators(doc: Json) {
  // Two instances: parameters and forms are strings on the wire and are coerced
  // per schema type ("array" also turns one form value into a one-item list);
  // JSON bodies must already have the right types, so nothing is coerced there.
  const make = (coerceTypes: false | 'array') => {
    const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes, validateSchema: false });
    for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
    // A format we do not know is an annotation only (as JSON Schema allows); saying so avoids Ajv's warnings.
    for (const name of formatsUsedIn(doc)) if (!(name in formats)) ajv.addFormat(name, true);
    ajv.addSchema(doc, documentKey);
    return ajv;
  };
  const plain = make(false);
  const coercing = make('array');
  const cache = new Map<string, ValidateFunction>();

  const run = (validate: ValidateFunction, value: unknown, where: string, coerce: boolean) => {
    // Coercion rewrites the value it checks, so it works on a copy.
    const subject = coerce ? structuredClone(value) : value;
    return validate(subject) ? [] : (validate.errors ?? []).map((error) => describe(error, where));
  };
  return {
    check(schemaPointer: string, value: unknown, where: string, coerce: boolean): string[] {
      const key = `${coerce}:${schemaPointer}`;
      let validate = cache.get(key);
      if (!validate) {
        validate = (coerce ? coercing : plain).compile({ $ref: refTo(schemaPointer) });
        cache.set(key, validate);
      }
      return run(validate, value, where, coerce);
    },
    checkSchema(schema: object, value: unknown, where: string): string[] {
      return run(plain.compile(schema), value, where, false);
    },
  };
}

function describe(error: ErrorObject, where: string): string {
  const at = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : '';
  const extra = error.keyword === 'enum' ? ` (${JSON.stringify(error.params.allowedValues)})` : '';
  const extraProperty = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
  return `${where}${at ? ` ${at}` : ''}: ${error.message ?? error.keyword}${extra}${extraProperty}`;
}

/** Formats the providers' documents use; each checks only what the name promises. */
const rfc2822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/;
const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const parsesAsDate = (value: string) => !Number.isNaN(Date.parse(value));
const formats: Record<string, Format> = {
  'date-time-rfc-2822': (value) => rfc2822.test(value) && parsesAsDate(value),
  'date-time': (value) => rfc3339.test(value) && parsesAsDate(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parsesAsDate(`${value}T00:00:00Z`),
  // Twilio's `uri` values are often relative ("/2010-04-01/..."), so a URI reference is enough.
  uri: (value) => value !== '' && !/\s/.test(value) && URL.canParse(value, 'http://relative.invalid/'),
  currency: /^[A-Za-z]{3}$/,
  // Twilio parses numbers itself (national formats, `whatsapp:+44…`, alphanumeric
  // sender IDs) and answers 21211/21212 when it cannot; the contract only rules
  // out what cannot be an address at all.
  'phone-number': (value) => value.trim() !== '' && !/\p{Cc}/u.test(value),
  int32: { type: 'number', validate: (value) => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31 },
  int64: { type: 'number', validate: (value) => Number.isInteger(value) },
};

function formatsUsedIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) formatsUsedIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'format' && typeof child === 'string') found.add(child);
      else formatsUsedIn(child, found);
    }
  }
  return found;
}

/** Path-item and operation parameters (the operation's win), each with where its schema lives. */
function parametersOf(doc: Json, item: Json, itemPointer: string, operation: Json, pointer: string) {
  const all = new Map<string, { parameter: Parameter; schemaPointer: string }>();
  for (const [list, listPointer] of [
    [item.parameters, itemPointer],
    [operation.parameters, pointer],
  ] as const) {
    ((list ?? []) as unknown[]).forEach((entry, index) => {
      const { value, pointer: at } = deref(doc, entry, `${listPointer}/parameters/${index}`);
      const parameter = value as Parameter | undefined;
      if (parameter) all.set(`${parameter.in}:${parameter.name}`, { parameter, schemaPointer: `${at}/schema` });
    });
  }
  return [...all.values()];
}

/** Follows local `$ref`s (`#/components/...`), returning the target and its JSON pointer. */
function deref(doc: Json, value: unknown, pointer: string): { value: Json | undefined; pointer: string } {
  let current = value as Json | undefined;
  let at = pointer;
  for (let hops = 0; typeof current?.$ref === 'string' && hops < 20; hops++) {
    at = current.$ref.replace(/^#/, '');
    current = at
      .split('/')
      .slice(1)
      .reduce<unknown>((node, part) => (node as Json | undefined)?.[unescapePointer(part)], doc) as Json | undefined;
  }
  return { value: current, pointer: at };
}

/** The value a parameter has in the request: undefined when absent, null when it cannot be decoded. */
function decodedValue(parameter: Parameter, sources: Record<Parameter['in'], Json>): unknown {
  const key = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
  const raw = sources[parameter.in][key];
  if (raw === undefined || parameter.in !== 'path') return raw;
  try {
    return decodeURIComponent(String(raw));
  } catch {
    return null;
  }
}

function credentialPresent(scheme: Json | undefined, headers: Json, query: Json): boolean {
  const authorization = String(headers.authorization ?? '');
  if (scheme?.type === 'http') {
    const wanted = String(scheme.scheme ?? '').toLowerCase();
    return new RegExp(`^${wanted} \\S`, 'i').test(authorization);
  }
  if (scheme?.type === 'apiKey') {
    const name = String(scheme.name);
    if (scheme.in === 'header') return headers[name.toLowerCase()] !== undefined;
    if (scheme.in === 'query') return query[name] !== undefined;
    return String(headers.cookie ?? '').includes(`${name}=`);
  }
  if (scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect') return /^Bearer \S/i.test(authorization);
  return false;
}

function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('([^/]+)')}$`);
}

function queryFrom(path: string): Json {
  const index = path.indexOf('?');
  return index < 0 ? {} : parseFormBody(path.slice(index + 1));
}

function lowerCaseKeys(headers: Record<string, unknown>): Json {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name.toLowerCase(), value]),
  );
}

const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');
const unescapePointer = (part: string) => part.replaceAll('~1', '/').replaceAll('~0', '~');
/** A reference Ajv can resolve into the document: JSON pointer segments, percent-encoded for the URI fragment. */
const refTo = (pointer: string) => `${documentKey}#${pointer.split('/').map(encodeURIComponent).join('/')}`;
