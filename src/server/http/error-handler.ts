import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseMessages,
  databaseRefusal,
  isDatabaseUnavailable,
  sqlState,
} from '~/server/db/database-errors';
import type { ApiErrorBody } from '~/shared/api-error';
import { AppError } from './app-error';
import { bodyMessages } from './json-body';
import { sendMethodNotAllowed } from './method-not-allowed';

type ApiIssue = NonNullable<ApiErrorBody['issues']>[number];

export const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again in a moment.';

type ZodValidationItem = { keyword: string; instancePath: string; message?: string; params: { keys?: string[] } };

/**
 * One issue per field. Two shapes no field's schema can word get ours: a body that is not an
 * object (`[]`, `"text"`, `null`), and fields a strict schema does not take (one issue each).
 */
function plainIssues(v: ZodValidationItem): ApiIssue[] {
  const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (v.keyword === 'invalid_type' && path === '') return [{ path, message: bodyMessages.notObject }];
  if (v.keyword === 'unrecognized_keys' && v.params.keys?.length) {
    return v.params.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: bodyMessages.unknownField }));
  }
  return [{ path, message: v.message ?? 'Invalid value' }];
}

function validationBody(error: FastifyError): ApiErrorBody {
  const issues = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.flatMap((v) => plainIssues(v as unknown as ZodValidationItem))
    : [{ path: '', message: error.message }];
  return { message: issues[0]?.message ?? 'Invalid request', issues };
}

/** Fastify's own refusals whose wording we replace with a plain one. */
const plainFastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: bodyMessages.tooLarge,
  // Also what a body with "__proto__" or "constructor.prototype" gets (the parser refuses those).
  FST_ERR_CTP_INVALID_JSON_BODY: bodyMessages.notJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: bodyMessages.notJson,
};

export const addressMessages = {
  tooLong: 'That address is too long.',
  invalid: 'That address is not valid.',
} as const;

/**
 * Fastify's refusals of an address before any route is chosen (`frameworkErrors`): a path part
 * longer than the router takes (414) or broken %-encoding (400). Left to Fastify, they answer
 * in its own words and shape (`error`, `code`, `statusCode`), echoing the address.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'request refused: bad address');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: addressMessages.tooLong });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ message: addressMessages.invalid });
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: GENERIC_SERVER_ERROR, requestId: request.id });
}

/**
 * One error handler for the whole API (DESIGN section 5): 400 with field
 * issues for bad input, the status our AppError codes map to, Fastify's own
 * 4xx as they are, database errors the input caused (a value too long or out
 * of range, a duplicate) as 400 or 409 with a plain message, a database that
 * cannot be reached as 503 with Retry-After and a plain message, and for anything
 * else a 500 whose body holds only a request id: the stack goes to the log,
 * never to the caller. Errors are logged through the `err` serializer of
 * logger.ts, which leaves query parameters out.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      request.log.info({ issues: error.validation.length }, 'request refused: invalid input');
      return reply.status(400).send(validationBody(error));
    }
    if (error instanceof AppError) {
      request.log.info({ code: error.code, detail: error.options.detail }, `request refused: ${error.code}`);
      if (error.options.headers) reply.headers(error.options.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
      } satisfies ApiErrorBody);
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      // Logged with the error (SQL and SQLSTATE, no values): a schema may be missing a limit.
      request.log.warn({ err: error, sqlState: sqlState(error) }, 'request refused by the database');
      return reply.status(refusal.status).send({ message: refusal.message } satisfies ApiErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // Cut connections, a restart or failover, a pool waiting past its time-out: it passes.
      request.log.warn({ err: error, sqlState: sqlState(error) }, 'request refused: database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store');
      return reply.status(503).send({ message: databaseMessages.unavailable } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = plainFastifyMessages[error.code] ?? error.message;
      request.log.info({ code: error.code }, `request refused: ${error.message}`);
      return reply.status(status).send({ message } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: GENERIC_SERVER_ERROR, requestId: request.id } satisfies ApiErrorBody);
  });

  // Only /api paths and non-GET methods reach this: pages have their own catch-all route. A path
  // that takes other methods is a 405 with Allow, not a 404.
  app.setNotFoundHandler((request, reply) => {
    if (sendMethodNotAllowed(reply, app.registeredRoutes ?? [], request.method, request.url)) return;
    reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
}
