import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * helmet with our CSP (DESIGN section 5): only our own origin, plus the Google
 * Maps embed frame for the admin directions tab. helmet's defaults are
 * tightened to `base-uri 'none'` and `frame-ancestors 'none'` (ASVS 3.4.3, 3.4.6).
 * Pages carry no inline scripts: server data travels as JSON <script> blocks.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean; dev: boolean }) {
  const directives: Record<string, string[] | null> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // React and Radix set positions through element.style, which CSP allows; this
    // covers style attributes in server-rendered markup.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': ['https://www.google.com'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'upgrade-insecure-requests': options.https ? [] : null,
  };
  if (options.dev) {
    // Vite's dev client injects an inline preamble and talks to its HMR socket.
    directives['script-src'] = ["'self'", "'unsafe-inline'"];
    directives['style-src'] = ["'self'", "'unsafe-inline'"];
    directives['connect-src'] = ["'self'", 'ws:', 'wss:'];
  }
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
