import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * JSON bodies (issue 8, item 11). Fastify's own parser (secure-json-parse: prototype poisoning is
 * still refused) runs only after two cheap checks: the size, which Fastify enforces while reading
 * (the server's `bodyLimit`, a few KB; a route that needs more sets its own `bodyLimit`), and the
 * nesting depth, by one linear scan of the raw text. A megabyte of `[[[[…` would otherwise keep
 * the event loop busy for tens of milliseconds per request.
 */

/** Deeper than any body we accept: forms are two or three levels. */
export const MAX_JSON_DEPTH = 32;

/** The server-wide body limit: sign-in, users and forms need far less; uploads set their own. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

export const bodyMessages = {
  tooDeep: `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  tooLarge: 'The request is too large.',
  notJson: 'The request is not valid JSON.',
  notObject: 'The request must be a JSON object.',
  unknownField: 'This field is not part of the form. Remove it and try again.',
} as const;

/** True when `[` and `{` outside strings nest deeper than `maxDepth`. Linear, no allocation. */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with the depth check, then the default parser, then `check` on the
 * parsed value (which may throw to refuse it).
 */
export function registerJsonBodyParser(app: FastifyInstance, options: { check?: (parsed: unknown) => void } = {}) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // No bodyLimit here: the parser then uses the route's, or the server's default.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new AppError('INVALID_INPUT', bodyMessages.tooDeep, { detail: 'json too deep' }), undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      try {
        options.check?.(parsed);
      } catch (refusal) {
        return done(refusal as Error, undefined);
      }
      done(null, parsed);
    });
  });
}
