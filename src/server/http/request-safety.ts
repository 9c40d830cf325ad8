import type { FastifyInstance } from 'fastify';
import { kitMessages } from '~/shared/schema-kit';
import { AppError } from './app-error';
import { registerJsonBodyParser } from './json-body';

/**
 * The safety net of issue 8, item 4: whatever a route's schema says, a request whose body, query
 * string or path holds a NUL character or a lone surrogate (in a value or a key) is refused with 400
 * and the field's path before validation or the handler runs. PostgreSQL cannot store either, and
 * a route that forgot the shared text builders (src/shared/schema-kit.ts) would otherwise answer
 * 500. Control characters other than NUL are the schemas' business: some fields allow tab and
 * newline.
 */

// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|\p{Cs}/u; // NUL, or a surrogate that is not half of a pair

type Refusal = { path: string; message: string };

/** Bodies already checked by the JSON parser, so the hook does not walk them twice. */
const checkedBodies = new WeakSet<object>();

/** The first unstorable string in a parsed value, keys included; depth is bounded by the parser. */
export function findUnstorable(value: unknown, path: (string | number)[] = [], depth = 0): Refusal | undefined {
  if (typeof value === 'string') return refusal(value, path);
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = refusal(key, [...path, key]);
    if (keyProblem) return keyProblem;
    const found = findUnstorable(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

function refusal(text: string, path: (string | number)[]): Refusal | undefined {
  if (!UNSTORABLE.test(text)) return undefined;
  const message = text.includes('\u0000') ? kitMessages.unsafeCharacters : kitMessages.brokenCharacters;
  // The path names the field; a key is shown without the very characters being refused.
  const shown = path.map((p) => String(p).replace(new RegExp(UNSTORABLE.source, 'gu'), '?')).join('.');
  return { path: shown, message };
}

/** Throws a 400 AppError naming the field when `value` holds NUL or a lone surrogate. */
export function assertStorable(value: unknown, part: 'body' | 'query' | 'params'): void {
  const found = findUnstorable(value);
  if (!found) return;
  throw new AppError('INVALID_INPUT', found.message, {
    issues: [found],
    detail: `unstorable character in ${part}${found.path ? ` at ${found.path}` : ''}`,
  });
}

/**
 * Registers the JSON parser (depth and size limits, character check) and the hook that checks path
 * parameters, the query string and bodies from other parsers. Call before any route.
 */
export function registerRequestSafety(app: FastifyInstance) {
  registerJsonBodyParser(app, {
    check(parsed) {
      assertStorable(parsed, 'body');
      if (typeof parsed === 'object' && parsed !== null) checkedBodies.add(parsed);
    },
  });
  app.addHook('preValidation', async (request) => {
    assertStorable(request.params, 'params');
    assertStorable(request.query, 'query');
    const body = request.body;
    if (body !== undefined && !(typeof body === 'object' && body !== null && checkedBodies.has(body))) {
      assertStorable(body, 'body');
    }
  });
}
