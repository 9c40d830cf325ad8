import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { fileAnswer, filesField } from '~/server/http/api-content';
import { AppError } from '~/server/http/app-error';
import type { FileStore } from '~/server/storage/file-store';
import { valuationIdParamsSchema } from '~/shared/admin-valuations';
import { apiErrorSchema } from '~/shared/api-error';
import { formatPounds } from '~/shared/offer-basics';
import {
  acceptRevisionSchema,
  adminRevisionChangeSchema,
  adminRevisionPhotoParamsSchema,
  adminRevisionsSchema,
  declineRevisionSchema,
  proposeRevisionSchema,
  REVISION_PHOTO_MAX_BYTES,
  revisionMessages as m,
  revisionParamsSchema,
  revisionPhotoQuerySchema,
  revisionPhotoUploadedSchema,
  sellerRevisionPhotoParamsSchema,
} from '~/shared/price-revision-schemas';
import { sellerPortalMessages } from '~/shared/seller-portal-basics';
import type { Outbox } from '../messages';
import { createSellerGuard } from '../valuations';
import {
  processRevisionPhoto,
  removeRevisionPhotoFiles,
  sendRevisionPhoto,
  storeRevisionPhoto,
} from './revision-photos';
import {
  acceptRevision,
  adminRevisions,
  declineRevision,
  proposeRevision,
  recordRevisionPhoto,
  revisionPhotoOf,
  withdrawRevision,
  type RevisionDeps,
} from './revisions-service';

export type RevisionsRoutesDeps = {
  db: Db;
  files: FileStore;
  outbox: Outbox;
  clock: () => Date;
  staffNotifyEmails: readonly string[];
  /** The seller's cookie (features/seller-portal): whose request the seller's calls are about. */
  sellerCookie: (request: FastifyRequest) => string | undefined;
  linkDaysAfterClose: number;
  /** The seller's calls per client address and window; default REVISION_CALLS_LIMIT. */
  callsLimit?: { limit: number; windowMs: number };
  /** Pixel-flood limit for photos (tests lower it). */
  maxInputPixels?: number;
};

/** Per client address: a page's thumbnails opened a few times, two answers, and guesses counted too. */
export const REVISION_CALLS_LIMIT = { limit: 300, windowMs: 10 * 60_000 };
/** One request carries one photo at its limit, plus the multipart framing. */
export const REVISION_PHOTO_REQUEST_MAX_BYTES = REVISION_PHOTO_MAX_BYTES + 64 * 1024;

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const sellerErrors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const admin = { access: 'admin' as const };
const photoIssue = (message: string) => ({ issues: [{ path: 'photo', message }] });
const photoBody = z.object({
  photo: filesField('A photo of the difference: one JPEG, PNG or WebP image', {
    maxFiles: 1,
    maxFileBytes: REVISION_PHOTO_MAX_BYTES,
    maxRequestBytes: REVISION_PHOTO_REQUEST_MAX_BYTES,
  }).min(1),
});
const photoAnswer = fileAnswer('The photo (JPEG)', ['image/jpeg']);

/**
 * Price revisions (issue 37). Staff's calls are admin-only: the card's state, the photos (uploaded
 * one by one as the form fills), the proposal and its withdrawal. The seller's are `public` for the
 * app's access control with the seller's cookie as the check, done first: a wrong, stale or missing
 * one answers as a request that does not exist (404). Photos are private and never cached.
 *
 * Registered in its own encapsulated plugin: the multipart parser and its limits exist only here.
 */
export const revisionsRoutes: FastifyPluginAsyncZod<RevisionsRoutesDeps> = async (app, deps) => {
  await app.register(multipart, {
    // busboy enforces these while the body streams in: a photo past its limit is cut off, not held.
    limits: {
      fileSize: REVISION_PHOTO_MAX_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      fieldNameSize: 100,
      headerPairs: 10,
    },
    throwFileSizeLimit: true,
  });
  const service: RevisionDeps = { db: deps.db, outbox: deps.outbox, staffNotifyEmails: deps.staffNotifyEmails };
  const sellerValuation = createSellerGuard({
    ...deps,
    bucket: 'seller-revisions',
    calls: deps.callsLimit ?? REVISION_CALLS_LIMIT,
    tooMany: sellerPortalMessages.tooMany,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store, private').header('Referrer-Policy', 'no-referrer');
  });
  const cardAfter = async (valuationId: string, message: string) => ({
    revisions: await adminRevisions(deps.db, valuationId, deps.clock()),
    message,
  });

  app.get(
    '/api/admin/valuations/:id/revisions',
    {
      config: admin,
      schema: {
        summary: "A request's agreed price and its price revisions",
        params: valuationIdParamsSchema,
        response: { 200: adminRevisionsSchema, ...adminErrors },
      },
    },
    async (request) => adminRevisions(deps.db, request.params.id, deps.clock()),
  );

  app.post(
    '/api/admin/valuations/:id/revision-photos',
    {
      config: admin,
      bodyLimit: REVISION_PHOTO_REQUEST_MAX_BYTES,
      schema: {
        summary: 'Upload a photo for a price revision',
        params: valuationIdParamsSchema,
        consumes: ['multipart/form-data'],
        documentedBody: photoBody,
        response: {
          201: revisionPhotoUploadedSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      const bytes = await onePhoto(request);
      const processed = await processRevisionPhoto(bytes, { maxInputPixels: deps.maxInputPixels });
      const keys = await storeRevisionPhoto(deps.files, processed);
      try {
        const photoId = await recordRevisionPhoto(deps.db, { valuationId: id, keys, userId, now: deps.clock() });
        request.log.info({ valuationId: id, photoId, by: userId }, 'revision photo stored');
        return reply.status(201).send({ id: photoId });
      } catch (error) {
        await removeRevisionPhotoFiles(deps.files, [keys]).catch((cleanup: unknown) =>
          request.log.error({ err: cleanup, valuationId: id }, 'could not remove a refused revision photo'),
        );
        throw error;
      }
    },
  );

  app.get(
    '/api/admin/valuations/:id/revision-photos/:photoId',
    {
      config: admin,
      schema: {
        summary: 'A price revision photo, or its thumbnail',
        params: adminRevisionPhotoParamsSchema,
        querystring: revisionPhotoQuerySchema,
        response: { 200: photoAnswer, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id, photoId } = request.params;
      const photo = await revisionPhotoOf(deps.db, id, photoId, { attachedOnly: false });
      return sendRevisionPhoto(reply, deps.files, photo, request.query.size);
    },
  );

  app.post(
    '/api/admin/valuations/:id/revisions',
    {
      config: admin,
      schema: {
        summary: 'Propose a revised price, item by item with photos',
        params: valuationIdParamsSchema,
        body: proposeRevisionSchema,
        response: { 201: adminRevisionChangeSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      const revisionId = await proposeRevision(service, {
        valuationId: id,
        userId,
        items: request.body.items,
        now: deps.clock(),
      });
      request.log.info({ valuationId: id, revisionId, by: userId }, 'price revision proposed');
      return reply.status(201).send(await cardAfter(id, m.proposed));
    },
  );

  app.post(
    '/api/admin/valuations/:id/revisions/:revisionId/withdraw',
    {
      config: admin,
      schema: {
        summary: 'Withdraw a revised price before the seller answers',
        params: revisionParamsSchema,
        response: { 200: adminRevisionChangeSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id, revisionId } = request.params;
      await withdrawRevision(service, { valuationId: id, revisionId, userId, now: deps.clock() });
      request.log.info({ valuationId: id, revisionId, by: userId }, 'price revision withdrawn');
      return cardAfter(id, m.withdrawn);
    },
  );

  app.post(
    '/api/your-valuation/revision/accept',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Accept the revised price (seller)',
        body: acceptRevisionSchema,
        response: { 200: z.object({ message: z.string() }), ...sellerErrors },
      },
    },
    async (request) => {
      const valuationId = await sellerValuation(request);
      const pricePence = await acceptRevision(service, {
        valuationId,
        revisionId: request.body.revisionId,
        now: deps.clock(),
        clientAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      request.log.info({ valuationId, revisionId: request.body.revisionId }, 'revised price accepted by the seller');
      return { message: m.accepted(formatPounds(pricePence)) };
    },
  );

  app.post(
    '/api/your-valuation/revision/decline',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Decline the revised price at no cost (seller)',
        body: declineRevisionSchema,
        response: { 200: z.object({ message: z.string() }), ...sellerErrors },
      },
    },
    async (request) => {
      const valuationId = await sellerValuation(request);
      const { revisionId, reason } = request.body;
      await declineRevision(service, { valuationId, revisionId, reason, now: deps.clock() });
      request.log.info({ valuationId, revisionId }, 'revised price declined by the seller');
      return { message: m.declined };
    },
  );

  app.get(
    '/api/your-valuation/revision-photos/:photoId',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A photo a revised price rests on (seller)',
        params: sellerRevisionPhotoParamsSchema,
        querystring: revisionPhotoQuerySchema,
        response: { 200: photoAnswer, ...sellerErrors },
      },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request);
      // Only photos a revision rests on: not one staff uploaded and never used.
      const photo = await revisionPhotoOf(deps.db, valuationId, request.params.photoId, { attachedOnly: true });
      return sendRevisionPhoto(reply, deps.files, photo, request.query.size);
    },
  );
};

/** The one photo of a multipart request, with @fastify/multipart's limits in our words. */
async function onePhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('INVALID_INPUT', m.photoRequired, photoIssue(m.photoRequired));
  if (Number(request.headers['content-length'] ?? 0) > REVISION_PHOTO_REQUEST_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', m.photoTooLarge, photoIssue(m.photoTooLarge));
  }
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'photo') {
        throw new AppError('INVALID_INPUT', m.onePhoto, photoIssue(m.onePhoto));
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (!file) throw new AppError('INVALID_INPUT', m.photoRequired, photoIssue(m.photoRequired));
  if (file.length === 0) throw new AppError('INVALID_INPUT', m.photoEmpty, photoIssue(m.photoEmpty));
  return file;
}

function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', m.photoTooLarge, photoIssue(m.photoTooLarge));
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('INVALID_INPUT', m.onePhoto, photoIssue(m.onePhoto));
  }
  return error;
}
