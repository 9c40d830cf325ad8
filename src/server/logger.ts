import type { FastifyRequest } from 'fastify';
import type { LogFn, LoggerOptions } from 'pino';
import type { AppConfig } from './config';
import { serializeError, withoutCredentials } from './db/database-errors';

/**
 * Never log secrets or personal data (ASVS 16.2.5): cookies, auth headers and
 * anything that looks like a password are replaced before a line is written.
 */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-twilio-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  'password',
  'body.password',
  // An HTTP client's error as axios (under `twilio`) builds it: the request as sent and the answer.
  // serializeError already drops them; these catch an error logged under another key, or nested.
  ...['err', 'error', 'err.cause', 'error.cause'].flatMap((at) => [`${at}.config`, `${at}.request`, `${at}.response`]),
  '*.config.headers.Authorization',
  '*.config.headers.authorization',
  '*.config.auth',
  '*.headers.Authorization',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
  '*.headers["X-Goog-Api-Key"]',
  '*.auth.pass',
  '*.auth.password',
];

/** Path parameters that hold personal data (a registration, a postcode): left out of the logged URL. */
const PERSONAL_PATH_PARAMS = new Set(['registration', 'postcode']);

/**
 * Query parameters whose values say nothing about a person (paging, filters, sizes). Any other's
 * value (a search for a name, an e-mail, a number) is left out of the logged URL: issue 17.
 */
const PLAIN_QUERY_PARAMS = new Set([
  'page',
  'pageSize',
  'status',
  'channel',
  'days',
  'limit',
  'size',
  'includeContactDetails',
  'download',
]);

const CENSOR = '[redacted]';

/**
 * The request's URL as the log shows it: personal path parameters and query values replaced
 * (`/api/vehicle/[redacted]`, `/api/valuations/active?q=[redacted]&page=2`). The route's pattern tells
 * which path segment is which parameter; a path no route matched is kept as it is.
 */
export function loggableUrl(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const at = request.url.indexOf('?');
  const path = at === -1 ? request.url : request.url.slice(0, at);
  const segments = path.split('/');
  const pattern = request.routeOptions?.url?.split('/');
  if (pattern?.length === segments.length) {
    pattern.forEach((part, i) => {
      if (part.startsWith(':') && PERSONAL_PATH_PARAMS.has(part.slice(1))) segments[i] = CENSOR;
    });
  }
  if (at === -1) return segments.join('/');
  const query = [...new URLSearchParams(request.url.slice(at + 1))].map(
    ([key, value]) => `${encodeURIComponent(key)}=${PLAIN_QUERY_PARAMS.has(key) ? encodeURIComponent(value) : CENSOR}`,
  );
  return `${segments.join('/')}?${query.join('&')}`;
}

/** Fastify's own `req` serializer, with the URL made safe to log (and safe on any object logged as `req`). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? loggableUrl(request) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const EMAIL_ADDRESS = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+\.[a-z]{2,}/gi;
/** Nine digits or more, spaced or not, with or without a leading +: a phone number, not an error code. */
const PHONE_NUMBER = /\+?\d(?:[\s-]?\d){8,}/g;

/**
 * A provider's free text for the log (a mail server's reply, Twilio's error message) without the
 * e-mail addresses and phone numbers such text often names: "550 5.1.1 <jo@example.com>:
 * Recipient address rejected", "The 'To' number +447911123456 is not valid" (issue 17).
 */
export function withoutContactDetails(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[e-mail]').replace(PHONE_NUMBER, '[phone number]');
}

/**
 * A line's own text fields (a provider's `detail` or `reason`) without credentials a client may
 * have written into them: a URL's password or query string, an Authorization value (issue 32).
 * The object is copied when something changes: it is the caller's.
 */
function withoutCredentialsIn(object: Record<string, unknown>): Record<string, unknown> {
  let out = object;
  for (const [key, value] of Object.entries(object)) {
    if (typeof value !== 'string') continue;
    const clean = withoutCredentials(value);
    if (clean === value) continue;
    if (out === object) out = { ...object };
    out[key] = clean;
  }
  return out;
}

export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'env'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: CENSOR },
    formatters: { log: withoutCredentialsIn },
    hooks: {
      // The message too: `request refused: ${error.message}` and the like.
      logMethod(args, method) {
        const clean = args.map((arg: unknown) => (typeof arg === 'string' ? withoutCredentials(arg) : arg));
        method.apply(this, clean as Parameters<LogFn>);
      },
    },
    // Database errors without their query parameters (a password hash, personal data): issue 8.
    serializers: { err: serializeError, req: serializeRequest },
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
