import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '~/server/db/client';
import type { FileStore } from '~/server/storage/file-store';
import {
  claimIdempotencyKey,
  idempotencyHeadersSchema,
  idempotencyKeyHeader,
  saveIdempotentAnswer,
} from '~/server/http/idempotency';
import { createRateLimit } from '~/server/http/rate-limit';
import { noStoreByDefault } from '~/server/http/security-headers';
import { apiErrorSchema } from '~/shared/api-error';
import {
  idempotencyMessages,
  valuationCreatedSchema,
  valuationRequestSchema,
  type ValuationCreated,
} from '~/shared/valuation';
import type { Outbox } from '../messages';
import { photoRoutes } from './photos-routes';
import { createValuation, storedAnswerFields } from './valuations-service';

export type ValuationsRoutesDeps = {
  db: Db;
  outbox: Outbox;
  clock: () => Date;
  /** STAFF_NOTIFY_EMAIL (config.staffNotifyEmails): each gets the "new valuation" e-mail. */
  staffNotifyEmails: readonly string[];
  /** Submissions per client address and window; default 10 per 10 minutes. */
  submitLimit?: { limit: number; windowMs: number };
  /** The private file store (DATA_DIR/files): sellers' photos go there. */
  files: FileStore;
  /** Pixel-flood limit for photos (default 50 megapixels); tests lower it. */
  maxInputPixels?: number;
  /** Photo calls per client address and window; default PHOTO_CALLS_LIMIT. */
  photoCallsLimit?: { limit: number; windowMs: number };
  /** SELLER_LINK_DAYS_AFTER_CLOSE: the upload token is one of the seller's secrets and ages with them. */
  sellerLinkDaysAfterClose?: number;
  /** Reads the seller's cookie, for the photo calls from their own page (features/seller-portal). */
  sellerCookie?: (request: FastifyRequest) => string | undefined;
};

export const VALUATION_SUBMIT_LIMIT = { limit: 10, windowMs: 10 * 60_000 };
export const VALUATIONS_SCOPE = 'POST /api/valuations';

const errors = { 400: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };

/** The seller's side of valuations (issue 10): submitting a request, then its photos. */
export const valuationsRoutes: FastifyPluginAsyncZod<ValuationsRoutesDeps> = async (app, deps) => {
  // The answers hold the seller's upload token and photo list: no cache keeps them (ASVS 14.3.2).
  // Added first, so the photo routes below inherit it.
  noStoreByDefault(app);
  // Its own encapsulated plugin: multipart parsing and upload limits exist only for the photo routes.
  await app.register(photoRoutes, {
    db: deps.db,
    files: deps.files,
    clock: deps.clock,
    ...(deps.maxInputPixels ? { maxInputPixels: deps.maxInputPixels } : {}),
    ...(deps.photoCallsLimit ? { callsLimit: deps.photoCallsLimit } : {}),
    ...(deps.sellerLinkDaysAfterClose ? { sellerLinkDaysAfterClose: deps.sellerLinkDaysAfterClose } : {}),
    ...(deps.sellerCookie ? { sellerCookie: deps.sellerCookie } : {}),
  });

  const submissions = createRateLimit(deps.db, deps.clock, {
    bucket: 'valuation-submit',
    ...(deps.submitLimit ?? VALUATION_SUBMIT_LIMIT),
    message: 'Too many valuation requests from your connection. Please wait a few minutes and try again.',
  });

  app.post(
    '/api/valuations',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Request a valuation',
        headers: idempotencyHeadersSchema,
        body: valuationRequestSchema,
        response: { 201: valuationCreatedSchema, ...errors },
      },
      // Counted before the body is checked, so bad requests count too.
      onRequest: async (request) => submissions.take(request.ip),
    },
    async (request, reply) => {
      const key = idempotencyKeyHeader(request.headers['idempotency-key']);
      const answer = await deps.db.transaction(async (tx): Promise<Answer> => {
        const claim = key && { scope: VALUATIONS_SCOPE, key, request: request.body, now: deps.clock() };
        if (claim) {
          const outcome = await claimIdempotencyKey(tx, claim);
          if (outcome.kind === 'replay') return whole(tx, outcome.answer as Answer);
          if (outcome.kind === 'mismatch') return refusal(422, idempotencyMessages.keyReused);
          if (outcome.kind === 'in-progress') return refusal(409, idempotencyMessages.inProgress);
        }
        const created: Answer = { status: 201, body: await createValuation(tx, deps, request.body) };
        if (claim) await saveIdempotentAnswer(tx, claim, created);
        return created;
      });
      if (answer.status === 201) request.log.info({ valuationId: answer.body.id }, 'valuation request stored');
      return reply.status(answer.status).send(answer.body);
    },
  );
};

/** What the route answers, and what a replay of the same request answers again. */
type Answer = { status: 201; body: ValuationCreated } | { status: 409 | 422; body: { message: string } };

function refusal(status: 409 | 422, message: string): Answer {
  return { status, body: { message } };
}

/**
 * A 201 stored before valuations had references, or before they had an indicative price (keys last
 * 24 hours), lacks them: they are read from the row, so a seller retrying across that upgrade gets
 * a whole answer instead of a 500 on every try.
 */
async function whole(tx: Db, answer: Answer): Promise<Answer> {
  if (answer.status !== 201 || (answer.body.reference && answer.body.indicativePrice !== undefined)) return answer;
  const stored = await storedAnswerFields(tx, answer.body.id);
  return stored ? { status: 201, body: { ...answer.body, ...stored } } : answer;
}
