/**
 * Database errors, for the error handler and the log (issue 8, items 4 and 5).
 *
 * Drizzle wraps the driver's error (pg's or PGlite's `DatabaseError`, which holds the SQLSTATE
 * `code`) in a `DrizzleQueryError` whose message ends with every query parameter: a password hash,
 * a name, an e-mail. PGlite's error also carries `params`, and PostgreSQL's `detail` repeats the
 * failing row ("Failing row contains (…)"). So errors are logged through `serializeError`, which
 * keeps what an engineer needs (SQL text, SQLSTATE, constraint, table, the server's message) and
 * drops parameter values. It is the one `err` serializer, so it also keeps HTTP and mail clients'
 * credentials out of the log (issue 32; see loggableField below).
 */

export type DatabaseRefusal = { status: 400 | 409; message: string };

export const databaseMessages = {
  dataException: 'Some of what you sent is too long, out of range or in the wrong form. Check it and try again.',
  tooLarge: 'Some of what you sent is too long. Shorten it and try again.',
  duplicate: 'That already exists: something else has these details.',
  missingReference: 'That refers to something that no longer exists. Reload the page and try again.',
  unavailable: 'Our service is briefly unavailable. Please try again in a few seconds.',
} as const;

/** Seconds a caller refused because the database is unreachable is asked to wait (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The SQLSTATE of a database error, looked for along the `cause` chain; undefined otherwise. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 5 && typeof current === 'object' && current !== null; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The answer for a database error caused by the input, or undefined for one that is ours (a
 * not-null or check violation means our validation missed a rule: that stays a logged 500).
 * Class 22 is "data exception": a value too long (22001), out of range (22003), of the wrong
 * syntax (22P02), with a NUL (22021) or a bad escape (22P05), and so on.
 */
export function databaseRefusal(error: unknown): DatabaseRefusal | undefined {
  const code = sqlState(error);
  if (!code) return undefined;
  if (code.startsWith('22')) return { status: 400, message: databaseMessages.dataException };
  if (code === '54000') return { status: 400, message: databaseMessages.tooLarge }; // e.g. index row too big
  if (code === '23505') return { status: 409, message: databaseMessages.duplicate };
  if (code === '23503') return { status: 409, message: databaseMessages.missingReference };
  return undefined;
}

/**
 * SQLSTATEs of a database that is going away or not back yet: 57P01 admin shutdown (a terminated
 * backend, a fast or immediate stop), 57P02 crash shutdown, 57P03 cannot connect now (starting
 * up, in recovery), 53300 too many connections; class 08 is "connection exception".
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Node's socket errors on the way to the server. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * pg's own errors carry no code, only these messages: the connection ended mid-query, the pool
 * waited past its connection time-out, or a client already broken was asked again.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
];

/**
 * Whether the error means the database cannot be reached right now (a restart, a failover, cut
 * connections, a pool exhausted past its time-out): nothing the caller did, and it passes, so the
 * answer is 503 with Retry-After rather than a 500. Looked for along the `cause` chain, as Drizzle
 * wraps the driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let i = 0; i < 5 && typeof current === 'object' && current !== null; i++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNREACHABLE_CODES.has(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Properties that may hold values from the query: never logged. */
const DROPPED = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery', 'raw', 'cause']);

/**
 * Issue 32: an HTTP or mail client's error carries the exchange itself. axios (under the `twilio`
 * package) puts the request as sent in `config` (the `Authorization` header with the account SID
 * and auth token, the body) and `request` (the raw header text), the answer in `response`; others
 * use `options`, `headers`, `auth`, `agent`, `socket`. None is logged: only plain values (a code, a
 * status, a provider's error number) and errors are, and the HTTP status is lifted out of these
 * objects (`response.status`, `options.status`), as is our AppError's `options.detail`.
 */
const LIFTED = ['status', 'statusCode', 'detail'] as const;
/** Dropped whatever their type: nodemailer's `response`, say, is the mail server's reply as text, naming the recipient. */
const EXCHANGE = new Set(['config', 'request', 'response', 'options', 'headers', 'auth', 'body', 'data']);

const isErrorLike = (value: unknown): value is Error =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

const isPlain = (value: unknown): value is string | number | boolean | bigint | null =>
  value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value);

const CENSOR = '[redacted]';
/** `scheme://user:password@host`: the credentials. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi;
/** A URL's query string: where keys go when a provider takes them there (`?key=…`). */
const URL_QUERY = /\b(https?:\/\/[^\s?#"'<>]*)\?[^\s#"'<>]*/gi;
/** An Authorization header's value, should a client put one into a message (long enough not to be a word). */
const AUTHORIZATION = /\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]{16,}/g;

/**
 * Text from an error (a message, a stack, a field) without the credentials clients sometimes write
 * into it: a URL's user and password or query string, an Authorization value.
 */
export function withoutCredentials(text: string): string {
  return text
    .replace(URL_CREDENTIALS, `$1${CENSOR}@`)
    .replace(URL_QUERY, `$1?${CENSOR}`)
    .replace(AUTHORIZATION, `$1 ${CENSOR}`);
}

/** Drizzle's message is `Failed query: <sql>\nparams: <values>`: keep the SQL, drop the values. */
function withoutParams(text: string): string {
  const at = text.indexOf('\nparams: ');
  return at === -1 ? text : text.slice(0, at);
}

function safeStack(error: Error, message: string): string | undefined {
  const stack = error.stack;
  if (typeof stack !== 'string') return undefined;
  if (message !== error.message && stack.includes(error.message)) return stack.replace(error.message, message);
  const at = stack.indexOf('\nparams: ');
  if (at === -1) return stack;
  const frames = stack.indexOf('\n    at ', at);
  return stack.slice(0, at) + (frames === -1 ? '' : stack.slice(frames));
}

export type SerializedError = {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError | unknown;
  [key: string]: unknown;
};

/** A field's value as logged: plain values (text without credentials), errors serialized, nothing else. */
function loggableField(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return withoutCredentials(value);
  if (isPlain(value)) return value;
  if (isErrorLike(value)) return depth < 5 ? serializeError(value, depth + 1) : withoutCredentials(value.message);
  if (Array.isArray(value) && value.length > 0 && value.every(isErrorLike)) {
    return value.map((item) => loggableField(item, depth)); // AggregateError's `errors`
  }
  return undefined;
}

/** The status (and our own `detail`) an HTTP client's `response` or an error's `options` holds. */
function liftFrom(out: SerializedError, holder: unknown) {
  if (typeof holder !== 'object' || holder === null) return;
  for (const key of LIFTED) {
    const value = (holder as Record<string, unknown>)[key];
    if (out[key] === undefined && isPlain(value)) out[key] = loggableField(value, 0);
  }
}

/**
 * pino's `err` serializer, made safe: the `cause` chain is kept (each with its own type, message,
 * stack and plain fields such as `code` and `status`); parameter values and row details of
 * database errors, and the requests, answers and settings of HTTP and mail clients, are not.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  const hasParams = 'params' in error || 'query' in error;
  const message = hasParams ? withoutParams(error.message) : error.message;
  const out: SerializedError = {
    type: error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name,
    message: withoutCredentials(message),
  };
  const stack = hasParams ? safeStack(error, message) : error.stack;
  if (stack !== undefined) out.stack = withoutCredentials(stack);
  for (const key in error) {
    if (DROPPED.has(key) || EXCHANGE.has(key) || key in out) continue;
    const value = loggableField((error as unknown as Record<string, unknown>)[key], depth);
    if (value !== undefined) out[key] = value;
  }
  const fields = error as unknown as Record<string, unknown>;
  liftFrom(out, fields.response);
  liftFrom(out, fields.options);
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined) out.cause = depth < 5 ? serializeError(cause, depth + 1) : withoutCredentials(String(cause));
  return out;
}
