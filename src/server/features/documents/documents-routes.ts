import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { fileAnswer, filesField } from '~/server/http/api-content';
import { AppError } from '~/server/http/app-error';
import { processDocument } from '~/server/media/uploaded-document';
import type { FileStore } from '~/server/storage/file-store';
import { apiErrorSchema } from '~/shared/api-error';
import { DOCUMENT_MAX_BYTES, documentFileMessages } from '~/shared/document-files';
import {
  adminDocumentParamsSchema,
  adminDocumentsSchema,
  documentFileName,
  documentFileQuerySchema,
  documentKindParamsSchema,
  documentMessages as m,
  documentParamsSchema,
  keysCountSchema,
  rejectDocumentSchema,
  sellerDocumentsSchema,
} from '~/shared/documents';
import { valuationIdParamsSchema } from '~/shared/admin-valuations';
import type { Outbox } from '../messages';
import { createSellerGuard } from '../valuations';
import {
  adminDocumentsFor,
  declareKeys,
  documentOf,
  recordUpload,
  rejectDocument,
  removeDocumentFiles,
  requestDocuments,
  sellerDocumentsFor,
  storeDocumentFiles,
  verifyDocument,
} from './documents-service';

export type DocumentRoutesDeps = {
  db: Db;
  files: FileStore;
  outbox: Outbox;
  clock: () => Date;
  staffNotifyEmails: readonly string[];
  /** The seller's cookie (features/seller-portal): whose request the seller's calls are about. */
  sellerCookie: (request: FastifyRequest) => string | undefined;
  linkDaysAfterClose: number;
  /** The seller's calls per client address and window; default DOCUMENT_CALLS_LIMIT. */
  callsLimit?: { limit: number; windowMs: number };
  /** Pixel-flood limit for images (tests lower it). */
  maxInputPixels?: number;
};

/** Per client address: a checklist of five, each sent a couple of times, and the page's reads. */
export const DOCUMENT_CALLS_LIMIT = { limit: 120, windowMs: 10 * 60_000 };
/** One request carries one file at its limit, plus the multipart framing. */
export const DOCUMENT_REQUEST_MAX_BYTES = DOCUMENT_MAX_BYTES + 64 * 1024;

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };
const fileIssue = (message: string) => ({ issues: [{ path: 'file', message }] });
const uploadBody = z.object({
  file: filesField('The document: one PDF, JPEG or PNG file', {
    maxFiles: 1,
    maxFileBytes: DOCUMENT_MAX_BYTES,
    maxRequestBytes: DOCUMENT_REQUEST_MAX_BYTES,
  }).min(1),
});

/**
 * The seller's documents (issue 35). The seller's calls are `public` for the app's access control
 * and the seller's cookie is the check, done first: a wrong, stale or missing one answers as a
 * request that does not exist (404). Staff's calls are admin-only. Files are private: sent only
 * through these calls, never cached, a PDF as a download (browsers' PDF viewers run in our origin).
 *
 * Registered in its own encapsulated plugin: the multipart parser and its limits exist only here.
 */
export const documentRoutes: FastifyPluginAsyncZod<DocumentRoutesDeps> = async (app, deps) => {
  await app.register(multipart, {
    // busboy enforces these while the body streams in: a file past 10 MB is cut off, not held.
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 10 },
    throwFileSizeLimit: true,
  });
  const sellerValuation = createSellerGuard({
    ...deps,
    bucket: 'seller-documents',
    calls: deps.callsLimit ?? DOCUMENT_CALLS_LIMIT,
    tooMany: m.tooMany,
  });
  const serviceDeps = {
    db: deps.db,
    files: deps.files,
    outbox: deps.outbox,
    staffNotifyEmails: deps.staffNotifyEmails,
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store, private').header('Referrer-Policy', 'no-referrer');
  });

  app.get(
    '/api/your-valuation/documents',
    {
      config: { access: 'public' },
      schema: { summary: 'List the documents (seller)', response: { 200: sellerDocumentsSchema, ...errors } },
    },
    async (request) => sellerDocumentsFor(deps.db, await sellerValuation(request)),
  );

  app.post(
    '/api/your-valuation/documents/:kind',
    {
      config: { access: 'public' },
      bodyLimit: DOCUMENT_REQUEST_MAX_BYTES,
      schema: {
        summary: 'Upload a document (seller)',
        params: documentKindParamsSchema,
        consumes: ['multipart/form-data'],
        documentedBody: uploadBody,
        response: { 201: sellerDocumentsSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request);
      const bytes = await oneFile(request);
      const processed = await processDocument(bytes, { maxInputPixels: deps.maxInputPixels });
      const keys = await storeDocumentFiles(deps.files, processed);
      const now = deps.clock();
      try {
        const { replaced, documentId } = await recordUpload(serviceDeps, {
          valuationId,
          kind: request.params.kind,
          processed,
          now,
          keys,
        });
        request.log.info({ valuationId, documentId, kind: request.params.kind }, 'seller document stored');
        if (replaced) {
          await removeDocumentFiles(deps.files, [replaced]).catch((error: unknown) =>
            request.log.error({ err: error, valuationId }, 'could not remove a replaced document'),
          );
        }
      } catch (error) {
        await removeDocumentFiles(deps.files, [keys]).catch((cleanup: unknown) =>
          request.log.error({ err: cleanup, valuationId }, 'could not remove a refused document'),
        );
        throw error;
      }
      return reply.status(201).send(await sellerDocumentsFor(deps.db, valuationId));
    },
  );

  app.put(
    '/api/your-valuation/documents/keys',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Say how many keys come with the car (seller)',
        body: keysCountSchema,
        response: { 200: sellerDocumentsSchema, ...errors },
      },
    },
    async (request) => {
      const valuationId = await sellerValuation(request);
      await declareKeys(deps.db, { valuationId, count: request.body.count, now: deps.clock() });
      return sellerDocumentsFor(deps.db, valuationId);
    },
  );

  app.get(
    '/api/your-valuation/documents/:documentId/file',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Get a document (seller)',
        params: documentParamsSchema,
        querystring: documentFileQuerySchema,
        response: { 200: fileAnswer('The document or its preview', ['application/pdf', 'image/jpeg']), ...errors },
      },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request);
      const document = await documentOf(deps.db, valuationId, request.params.documentId);
      return sendDocument(reply, deps.files, document, request.query.size);
    },
  );

  app.get(
    '/api/admin/valuations/:id/documents',
    {
      config: admin,
      schema: {
        summary: "List a valuation's documents",
        params: valuationIdParamsSchema,
        response: { 200: adminDocumentsSchema, ...adminErrors },
      },
    },
    async (request) => adminDocumentsFor(deps.db, request.params.id),
  );

  app.get(
    '/api/admin/valuations/:id/documents/:documentId/file',
    {
      config: admin,
      schema: {
        summary: 'Get a document or its preview',
        params: adminDocumentParamsSchema,
        querystring: documentFileQuerySchema,
        response: {
          200: fileAnswer('The document or its preview', ['application/pdf', 'image/jpeg']),
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const document = await documentOf(deps.db, request.params.id, request.params.documentId);
      return sendDocument(reply, deps.files, document, request.query.size);
    },
  );

  app.post(
    '/api/admin/valuations/:id/documents/:documentId/verify',
    {
      config: admin,
      schema: {
        summary: 'Mark a document as checked',
        params: adminDocumentParamsSchema,
        response: { 200: adminDocumentsSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id, documentId } = request.params;
      await verifyDocument(deps.db, { valuationId: id, documentId, userId, now: deps.clock() });
      request.log.info({ valuationId: id, documentId, by: userId }, 'document verified');
      return adminDocumentsFor(deps.db, id);
    },
  );

  app.post(
    '/api/admin/valuations/:id/documents/:documentId/reject',
    {
      config: admin,
      schema: {
        summary: 'Turn a document down, with the reason the seller sees',
        params: adminDocumentParamsSchema,
        body: rejectDocumentSchema,
        response: { 200: adminDocumentsSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id, documentId } = request.params;
      await rejectDocument(serviceDeps, {
        valuationId: id,
        documentId,
        userId,
        now: deps.clock(),
        reason: request.body.reason,
      });
      request.log.info({ valuationId: id, documentId, by: userId }, 'document rejected');
      return adminDocumentsFor(deps.db, id);
    },
  );

  app.post(
    '/api/admin/valuations/:id/documents/request',
    {
      config: admin,
      schema: {
        summary: 'Ask the seller for their documents now',
        params: valuationIdParamsSchema,
        response: { 200: adminDocumentsSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      await requestDocuments(serviceDeps, { valuationId: id, userId, now: deps.clock() });
      request.log.info({ valuationId: id, by: userId }, 'documents requested');
      return adminDocumentsFor(deps.db, id);
    },
  );
};

/** The one file of a multipart request, with @fastify/multipart's limits in the seller's words. */
async function oneFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('INVALID_INPUT', m.noFile, fileIssue(m.noFile));
  }
  if (Number(request.headers['content-length'] ?? 0) > DOCUMENT_REQUEST_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', documentFileMessages.tooLarge, fileIssue(documentFileMessages.tooLarge));
  }
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file')
        throw new AppError('INVALID_INPUT', m.noFile, fileIssue(m.noFile));
      file = await part.toBuffer();
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (!file) throw new AppError('INVALID_INPUT', m.noFile, fileIssue(m.noFile));
  if (file.length === 0) {
    throw new AppError('INVALID_INPUT', documentFileMessages.empty, fileIssue(documentFileMessages.empty));
  }
  return file;
}

function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', documentFileMessages.tooLarge, fileIssue(documentFileMessages.tooLarge));
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('INVALID_INPUT', m.oneFile, fileIssue(m.oneFile));
  }
  return error;
}

/**
 * Sends the document or its preview: private, never cached, never sniffed. The preview (a JPEG we
 * made) shows inline; the file itself comes as a download, so a PDF never opens in our origin.
 */
async function sendDocument(
  reply: FastifyReply,
  files: FileStore,
  document: { kind: Parameters<typeof documentFileName>[0]; mediaType: string; fileKey: string; previewKey: string },
  size: 'preview' | 'file',
) {
  const preview = size === 'preview';
  const bytes = await files.read(preview ? document.previewKey : document.fileKey);
  return reply
    .header('Content-Type', preview ? 'image/jpeg' : document.mediaType)
    .header('Cache-Control', 'no-store, private')
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Disposition',
      preview ? 'inline' : `attachment; filename="${documentFileName(document.kind, document.mediaType)}"`,
    )
    .send(bytes);
}
