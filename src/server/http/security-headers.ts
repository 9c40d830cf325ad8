import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sessionCookieName } from '~/server/auth/access';
import { isAdminPath } from '~/shared/paths';

/**
 * Browser features the site never uses, turned off for every page and any
 * frame in it. Microphone is off too for now: when the back office gets
 * click-to-call through the browser (Twilio Voice), admin pages will need
 * `microphone=(self)`, and only those. Only features Chromium recognises are
 * listed: an unknown name makes it warn on the console of every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Whether this response belongs to a session: the request had a valid one, or the reply sets or clears the cookie. */
function touchesSession(request: FastifyRequest, reply: FastifyReply, cookieName: string): boolean {
  if (request.auth) return true;
  const setCookie = reply.getHeader('set-cookie');
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)];
  return cookies.some((cookie) => cookie.startsWith(`${cookieName}=`));
}

/** Where Maps Embed API frames come from (https://www.google.com/maps/embed/v1/...). */
export const MAPS_EMBED_ORIGIN = 'https://www.google.com';

/**
 * frame-src: our own origin (the e-mail preview on the Messages screen), and Google's on admin
 * pages only when GOOGLE_MAPS_EMBED_KEY is set (the Location tab's directions frame). Public pages
 * never frame Google.
 */
function frameSources(admin: boolean, mapsEmbed: boolean) {
  return mapsEmbed && admin ? ["'self'", MAPS_EMBED_ORIGIN] : ["'self'"];
}

type HeaderSet = Record<string, string>;

/**
 * The headers helmet sets with these options, worked out once. helmet's middleware only sets
 * fixed values, so running it per request (as @fastify/helmet does, rebuilding and re-validating
 * the whole policy each time) cost a fifth of a kept page's time for the same bytes every time.
 */
function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: HeaderSet = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * helmet's headers with our CSP (DESIGN section 5): only our own origin, plus the Google
 * Maps embed frame on admin pages when the Embed key is set (frameSources). helmet's defaults are
 * tightened to `base-uri 'none'` and `frame-ancestors 'none'` (ASVS 3.4.3, 3.4.6).
 * The only inline script is the public pages' loader, allowed by its hash; server data travels as
 * JSON <script> blocks. A kept public page allows its own cut-down stylesheet
 * (publicPolicyWithStyles, render/critical-css.ts).
 *
 * Also: `X-Frame-Options: DENY` (as frame-ancestors 'none', for old browsers),
 * a Permissions-Policy, and `Cache-Control: no-store` on every response that
 * belongs to a signed-in session (ASVS 14.3.2), POSTs and refusals included,
 * whatever the route set: no shared or browser cache keeps personal data.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    https: boolean;
    dev: boolean;
    /** GOOGLE_MAPS_EMBED_KEY is set. */
    mapsEmbed?: boolean;
    /** Hashes ('sha256-…') of the stylesheets the public pages carry inline. */
    inlineStyleHashes?: string[] | undefined;
    /** Hashes of the scripts the public pages carry inline (their loader). */
    inlineScriptHashes?: string[] | undefined;
  },
) {
  const headersFor = (admin: boolean, inlineStyleHashes = options.inlineStyleHashes): HeaderSet => ({
    ...helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(admin, { ...options, inlineStyleHashes }),
      },
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    }),
    'Permissions-Policy': PERMISSIONS_POLICY,
  });
  const publicHeaders = headersFor(false);
  const adminHeaders = headersFor(true);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isAdminPath(request.url.split('?')[0]!) ? adminHeaders : publicHeaders);
    done();
  });

  return {
    /** The public pages' headers, for answers Fastify sends without running hooks (a malformed address). */
    publicHeaders,
    /** The public pages' policy, with these inline styles in place of the whole stylesheet's (a kept page's own). */
    publicPolicyWithStyles: (styleHashes: string[]) =>
      headersFor(false, styleHashes)['Content-Security-Policy'] ?? publicHeaders['Content-Security-Policy']!,
  };
}

type PolicyOptions = {
  https: boolean;
  dev: boolean;
  mapsEmbed?: boolean;
  inlineStyleHashes?: string[] | undefined;
  inlineScriptHashes?: string[] | undefined;
};

function contentSecurityPolicy(admin: boolean, options: PolicyOptions) {
  const quoted = (hashes: string[] | undefined) => (hashes ?? []).map((hash) => `'${hash}'`);
  const directives: Record<string, string[] | null> = {
    'default-src': ["'self'"],
    // Our files, and on public pages their loader inline (render/production-source.ts), by hash.
    'script-src': ["'self'", ...(admin ? [] : quoted(options.inlineScriptHashes))],
    // Our files, and the public pages' own stylesheet inline (render/production-source.ts), by hash.
    'style-src': ["'self'", ...quoted(options.inlineStyleHashes)],
    // React and Radix set positions through element.style, which CSP allows; this
    // covers style attributes in server-rendered markup.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    // Our own origin: the Messages screen previews an e-mail's HTML from /api/admin/messages/{id}/html,
    // which carries its own sandboxing policy.
    'frame-src': frameSources(admin, options.mapsEmbed ?? false),
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
  return directives;
}

/**
 * `Cache-Control: no-store` on every response that belongs to a session, unless the route
 * already said no-store in its own words (e.g. "no-store, private" on staff's photo route).
 * Register after access control: its cookie plugin writes Set-Cookie in an
 * onSend hook, which must run before this one reads it.
 */
export function registerSessionNoStore(app: FastifyInstance, options: { https: boolean }) {
  const cookieName = sessionCookieName(options.https);
  app.addHook('onSend', async (request, reply) => {
    if (/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) return;
    if (touchesSession(request, reply, cookieName)) reply.header('Cache-Control', 'no-store');
  });
}

/**
 * `Cache-Control: no-store` on every answer of a feature's routes (an encapsulated plugin) that
 * does not set its own: staff's lists and submissions are never kept, while a public list says
 * `no-cache` itself.
 */
export function noStoreByDefault(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}
