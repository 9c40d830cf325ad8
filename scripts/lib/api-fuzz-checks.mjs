// How `npm run fuzz:api` (scripts/api-fuzz.mjs) judges what it saw: the five categories of issue 32,
// and the document look-ups they need. Pure functions over plain records:
//
//   { source, kind: 'valid' | 'invalid' | 'unchanged' | 'method', method, path (the document's template),
//     url (what was sent), name, status, contentType, allow, bodyBytes }
//
// A "valid" request is one the tool built from the document's schemas as a request the document
// allows; an "invalid" one is a tool's fuzz variation meant to be refused (a required field left out,
// a number or length just past its limit); an "unchanged" one is a variation that came out the same
// as its operation's valid request (Portman derives variations from every `oneOf` branch, and one
// for a field the valid body does not hold changes nothing), so it is neither; a "method" request is one of the script's own: a method
// the document does not list for the path.

/**
 * What a Postman request sends, as one string: path, query, body and headers (the session cookie,
 * Origin and the per-request client address aside, which the run sets on every request). Two
 * requests with the same signature are the same request.
 */
export function requestSignature(request) {
  const url = request.url ?? {};
  const path = Array.isArray(url.path) ? url.path.join('/') : String(url.path ?? url.raw ?? '');
  const query = (url.query ?? []).filter((q) => !q.disabled).map((q) => [q.key, q.value]);
  const ignored = new Set(['cookie', 'origin', 'x-forwarded-for']);
  const headers = (request.header ?? [])
    .filter((h) => !h.disabled && !ignored.has(String(h.key).toLowerCase()))
    .map((h) => [String(h.key).toLowerCase(), h.value])
    .sort(([a], [b]) => a.localeCompare(b));
  const body = request.body ?? {};
  const content = body[body.mode] ?? null;
  const fields = Array.isArray(content)
    ? content.filter((f) => !f.disabled).map((f) => [f.key, f.type ?? 'text', f.value ?? f.src ?? null])
    : typeof content === 'string'
      ? canonicalJson(content)
      : content;
  return JSON.stringify([request.method, path, query, headers, body.mode ?? null, fields]);
}

/** A JSON text with its keys sorted and no spacing (the same value written another way is the same); other text as it is. */
function canonicalJson(text) {
  const sorted = (value) =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sorted(value[key])]),
          )
        : value;
  try {
    return JSON.stringify(sorted(JSON.parse(text)));
  } catch {
    return text;
  }
}

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const OPERATION_KEYS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The statuses that say "the request is wrong", whatever state the data is in. */
const REFUSALS = new Set([400, 405, 415, 422]);

export const CATEGORIES = [
  { key: 'validRefused', title: '1. valid by the document, refused by the server' },
  { key: 'invalidAccepted', title: '2. invalid by the document, accepted by the server' },
  { key: 'undocumented', title: '3. status or content type the document does not give' },
  { key: 'wrongMethodAnswer', title: '4. unsupported method not answered 405 with the right Allow' },
  { key: 'serverError', title: '5. 5xx answers' },
];

/** Every operation in the document: { method (upper case), path, operation }. */
export function operationsOf(document) {
  const list = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [key, operation] of Object.entries(item)) {
      if (OPERATION_KEYS.has(key)) list.push({ method: key.toUpperCase(), path, operation });
    }
  }
  return list;
}

/** Public: the operation (or, failing that, the document) asks for no security, or allows none (`{}`). */
export function isPublic(document, operation) {
  const security = operation.security ?? document.security ?? [];
  return security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
}

/** The methods the document lists for a path, with HEAD wherever GET is (the server answers HEAD for GET). */
export function documentedMethods(document, path) {
  const methods = Object.keys(document.paths[path] ?? {})
    .filter((key) => OPERATION_KEYS.has(key))
    .map((key) => key.toUpperCase());
  if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
  return methods.sort();
}

/** `/api/valuations/{id}` as the fixed path the script's own requests use (ids 1, other parameters "x1"). */
export const concretePath = (path) => path.replace(/\{(\w+)\}/g, (_, name) => (name === 'id' ? '1' : 'x1'));

/** The document's response for a status: exact, then its range (`4XX`), then `default`. */
function documentedResponse(operation, status) {
  const responses = operation.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

const mediaTypeOf = (contentType) => (contentType ?? '').split(';')[0].trim().toLowerCase();

function mediaTypeMatches(documented, actual) {
  const [type, subtype] = documented.toLowerCase().split('/');
  const [actualType, actualSubtype] = actual.split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}

/**
 * Why an answer to a documented operation is not what its document says (null when it is): a status
 * the operation does not list, or a content type its status does not list.
 */
export function undocumentedReason(operation, record) {
  const response = documentedResponse(operation, record.status);
  if (!response) {
    const listed = Object.keys(operation.responses ?? {}).join(', ');
    return `status ${record.status} is not documented (documented: ${listed})`;
  }
  const documented = Object.keys(response.content ?? {});
  const actual = mediaTypeOf(record.contentType);
  if (!actual) {
    // HEAD has no body, and a body-less answer needs no content type.
    if (documented.length === 0 || record.method === 'HEAD' || record.bodyBytes === 0) return null;
    return `no content type, documented: ${documented.join(', ')}`;
  }
  if (documented.length === 0) return `content type ${actual} where the document gives no body for ${record.status}`;
  if (!documented.some((type) => mediaTypeMatches(type, actual))) {
    return `content type ${actual} is not documented for ${record.status} (documented: ${documented.join(', ')})`;
  }
  return null;
}

/** Why an answer to an unsupported method is wrong (null when it is 405 with exactly the right Allow). */
export function wrongMethodReason(expectedAllow, record) {
  const allow = (record.allow ?? '')
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean)
    .sort();
  const expected = expectedAllow.join(', ');
  if (record.status !== 405) return `answered ${record.status}, expected 405 with Allow: ${expected}`;
  if (allow.join(', ') !== expected) return `Allow: ${record.allow ?? '(none)'}, expected ${expected}`;
  return null;
}

/**
 * Sorts every record into the five categories. `operationFor(record)` gives the document's
 * operation for a tool's record; `expectedAllow` the Allow a method record should get. A record may
 * land in more than one category (a 500 to a valid request is also an undocumented status).
 */
export function classify(records, { operationFor, expectedAllowFor }) {
  const found = Object.fromEntries(CATEGORIES.map(({ key }) => [key, []]));
  const add = (key, record, reason) =>
    found[key].push({
      source: record.source,
      name: record.name,
      method: record.method,
      url: record.url,
      status: record.status,
      reason,
    });
  for (const record of records) {
    if (record.error) continue; // counted apart: no answer at all
    if (record.status >= 500) add('serverError', record, `${record.status} answer`);
    if (record.kind === 'method') {
      const reason = wrongMethodReason(expectedAllowFor(record), record);
      if (reason) add('wrongMethodAnswer', record, reason);
      continue;
    }
    if (record.kind === 'valid' && REFUSALS.has(record.status)) {
      add(
        'validRefused',
        record,
        `a request the document allows was refused with ${record.status}${record.message ? `: ${record.message}` : ''}`,
      );
    }
    if (record.kind === 'invalid' && record.status >= 200 && record.status < 300) {
      add(
        'invalidAccepted',
        record,
        `${record.name.replace(/^.*?\[fuzz\]/, '[fuzz]')} was accepted with ${record.status}`,
      );
    }
    const operation = operationFor(record);
    const reason = operation
      ? undocumentedReason(operation, record)
      : `no operation ${record.method} ${record.path} in the document`;
    if (reason) add('undocumented', record, reason);
  }
  return found;
}
