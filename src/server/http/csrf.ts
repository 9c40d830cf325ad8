import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths served whatever Host the request names (see registerHostCheck). */
const ANY_HOST_PATHS = new Set(['/api/health']);

export const MISDIRECTED_MESSAGE = 'This site is not served at that address.';

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

/** Whether a Host header names one of our origins (scheme defaults: `host:443` is `host` on https). */
export function hostMatches(host: string, origins: readonly string[]): boolean {
  if (!host || /[/\\@?#\s]/.test(host)) return false;
  return origins.some((origin) => {
    const { protocol } = new URL(origin);
    try {
      return new URL(`${protocol}//${host}`).origin === origin;
    } catch {
      return false;
    }
  });
}

/**
 * Serves only the Host names of our own origins (config.siteOrigins: PUBLIC_BASE_URL's,
 * or the loopback names on PORT): anything else gets 421 Misdirected Request,
 * so a DNS-rebinding page, which reaches us under its own name, gets nothing.
 * Behind a trusted proxy, X-Forwarded-Host counts as the Host (Fastify's request.host).
 *
 * /api/health answers on any Host: load balancers call it by address, and it
 * holds nothing but "ok" and the version.
 */
export function registerHostCheck(app: FastifyInstance, options: { origins: readonly string[] }) {
  // Every request asks, almost always with one of a few names: those are remembered (never others,
  // so made-up names cannot fill memory).
  const known = new Set<string>();
  app.addHook('onRequest', async (request, reply) => {
    if (known.has(request.host)) return;
    if (hostMatches(request.host, options.origins)) {
      if (known.size < 100) known.add(request.host);
      return;
    }
    if (ANY_HOST_PATHS.has(request.url.split('?')[0]!)) return;
    request.log.info({ host: request.host }, 'request refused: unknown Host');
    return reply.status(421).header('Connection', 'close').send({ message: MISDIRECTED_MESSAGE });
  });
}

/**
 * Refuses cross-site unsafe requests (ASVS 3.5.1, OWASP's Fetch Metadata rule):
 * a POST/PUT/PATCH/DELETE marked `Sec-Fetch-Site: cross-site` or `same-site`
 * is refused; without that header (older browsers), an `Origin` or `Referer`
 * that is not one of our origins is refused. Our origins come from the
 * configuration (PUBLIC_BASE_URL), never from the request's Host header, which
 * a DNS-rebinding page controls. Requests with none of these headers are not
 * from a browser page, so they cannot carry a victim's cookie by accident.
 * Sign-in is covered too. GET never changes anything, so it needs no check.
 */
export function registerCsrfProtection(app: FastifyInstance, options: { origins: readonly string[] }) {
  const ours = new Set(options.origins);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.allowCrossSite) return;
    const site = request.headers['sec-fetch-site'];
    if (site) {
      if (site === 'same-origin' || site === 'none') return;
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.', { detail: `sec-fetch-site=${site}` });
    }
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin && !ours.has(origin)) {
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.', { detail: `origin=${origin}` });
    }
  });
}
