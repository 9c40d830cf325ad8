import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RegisteredRoute } from '~/server/auth/access';
import { escapeRegExp } from '~/server/lib/escape-regexp';

/**
 * 405 Method Not Allowed with `Allow` (RFC 9110 section 15.5.6): a path we serve, asked with a
 * method it does not take (GET on the sign-in, PUT on a valuation), is told which methods it takes
 * rather than "no such endpoint", so a client generated from the API document learns its mistake.
 *
 * Fastify only matches a method's own routes, so the question "which methods would match this
 * path?" is answered here from the routes the app registered (`app.registeredRoutes`), each route
 * pattern compiled once into a regular expression. The pages' catch-all (`/*`) is left out: it
 * would make every path "allow GET".
 */

type CompiledRoute = { method: string; pattern: RegExp; rank: string };

const compiled = new WeakMap<readonly RegisteredRoute[], { seen: number; list: CompiledRoute[] }>();

/** `/api/valuations/:id/photos/:photoPath` → /^\/api\/valuations\/[^/]+\/photos\/[^/]+$/ */
function compile(url: string): RegExp {
  const parts = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)));
  return new RegExp(`^${parts.join('/')}$`);
}

/**
 * How specific a pattern is, as the router sees it: segment by segment, a fixed word ("s") beats a
 * parameter ("p"), so `/api/valuations/active` outranks `/api/valuations/:id` for the path
 * `/api/valuations/active`. Compared as strings, the higher rank is the more specific.
 */
const rankOf = (url: string) =>
  url
    .split('/')
    .map((part) => (part.startsWith(':') ? 'p' : 's'))
    .join('');

function compiledRoutes(routes: readonly RegisteredRoute[]): CompiledRoute[] {
  const known = compiled.get(routes);
  // The list grows while the app registers routes; after that it is fixed, and compiled once.
  if (known?.seen === routes.length) return known.list;
  const list = routes
    .filter((r) => !r.url.includes('*'))
    .map((r) => ({ method: r.method, pattern: compile(r.url), rank: rankOf(r.url) }));
  compiled.set(routes, { seen: routes.length, list });
  return list;
}

/**
 * The methods this path takes (its query ignored), sorted. Only the most specific patterns that
 * match count: `/api/valuations/active` is the active list, which takes GET, not a valuation whose
 * id is "active" (ids are numbers), so DELETE there is not allowed.
 */
export function allowedMethods(routes: readonly RegisteredRoute[], url: string): string[] {
  const path = url.split('?')[0]!;
  const matching = compiledRoutes(routes).filter((r) => r.pattern.test(path));
  const best = matching.reduce((top, r) => (r.rank > top ? r.rank : top), '');
  return [...new Set(matching.filter((r) => r.rank === best).map((r) => r.method))].sort();
}

export const methodNotAllowedMessage = (method: string, allowed: readonly string[]) =>
  `${method} is not allowed here. Use ${allowed.join(', ')}.`;

/** Answers 405 with `Allow` when the path takes other methods; false when no route has the path at all. */
export function sendMethodNotAllowed(
  reply: FastifyReply,
  routes: readonly RegisteredRoute[],
  method: string,
  url: string,
): boolean {
  const allowed = allowedMethods(routes, url);
  if (allowed.length === 0 || allowed.includes(method)) return false;
  reply
    .status(405)
    .header('Allow', allowed.join(', '))
    .send({ message: methodNotAllowedMessage(method, allowed) });
  return true;
}

/**
 * The router sends `DELETE /api/valuations/active` to `DELETE /api/valuations/:id` (no static
 * DELETE route there), which would answer 401 or 400. Before access control and validation, a
 * request routed to a parametric API route at a path a more specific route owns is answered 405.
 */
export function registerMethodNotAllowed(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const pattern = request.routeOptions.url;
    if (!pattern?.startsWith('/api/') || !pattern.includes('/:')) return;
    if (sendMethodNotAllowed(reply, app.registeredRoutes, request.method, request.url)) return reply;
  });
}
