import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Refuses cross-site unsafe requests (ASVS 3.5.1, OWASP's Fetch Metadata rule):
 * a POST/PUT/PATCH/DELETE marked `Sec-Fetch-Site: cross-site` or `same-site`
 * is refused; without that header (older browsers), an `Origin` or `Referer`
 * that is not ours is refused. Requests with none of them are not from a
 * browser page, so they cannot carry a victim's cookie by accident. Sign-in is
 * covered too. GET never changes anything, so it needs no check.
 */
export function registerCsrfProtection(app: FastifyInstance, options: { publicBaseUrl: string }) {
  const ourOrigin = new URL(options.publicBaseUrl).origin;

  const isOurs = (request: FastifyRequest, origin: string) =>
    origin === ourOrigin || origin === `${request.protocol}://${request.host}`;

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.allowCrossSite) return;
    const site = request.headers['sec-fetch-site'];
    if (site) {
      if (site === 'same-origin' || site === 'none') return;
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.', { detail: `sec-fetch-site=${site}` });
    }
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin && !isOurs(request, origin)) {
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.', { detail: `origin=${origin}` });
    }
  });
}
