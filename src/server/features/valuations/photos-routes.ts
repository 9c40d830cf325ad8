import multipart from '@fastify/multipart';
import { fileAnswer, filesField } from '~/server/http/api-content';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '~/server/db/client';
import { carValuations, valuationEvents, type ValuationEventType } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { createRateLimit } from '~/server/http/rate-limit';
import type { FileStore } from '~/server/storage/file-store';
import { apiErrorSchema } from '~/shared/api-error';
import { isPhotoShot, photoShotMessages as shotMessages, photoShots, type PhotoShot } from '~/shared/photo-shots';
import {
  VALUATION_PHOTO_MAX_BYTES,
  VALUATION_PHOTOS_MAX,
  valuationPhotoMessages as m,
  valuationPhotoParamsSchema,
  valuationPhotoQuerySchema,
  valuationPhotosSchema,
} from '~/shared/valuation-photos';
import {
  findPhotoEntry,
  parsePhotoEntry,
  photoIds,
  photoList,
  processPhoto,
  removePhotoFiles,
  sendPhoto,
  storePhoto,
} from './photos';
import { SELLER_LINK_DAYS_AFTER_CLOSE, valuationForSecret } from './seller-secrets';

export type PhotoRoutesDeps = {
  db: Db;
  files: FileStore;
  clock: () => Date;
  /** Pixel-flood limit (default 50 megapixels); tests lower it. */
  maxInputPixels?: number;
  /** How long the seller's secrets work after the request closes (SELLER_LINK_DAYS_AFTER_CLOSE). */
  sellerLinkDaysAfterClose?: number;
  /**
   * The seller's cookie (features/seller-portal), for the same calls from their own page under
   * /api/your-valuation/photos, where the cookie, not a token, says whose photos they are.
   */
  sellerCookie?: (request: FastifyRequest) => string | undefined;
  /** Photo calls per client address and window; default PHOTO_CALLS_LIMIT. */
  callsLimit?: { limit: number; windowMs: number };
};

/**
 * Per client address: generous for a seller (opening the area with 20 photos makes 21 calls), but
 * it caps what one address can make the server re-encode or try tokens against.
 */
export const PHOTO_CALLS_LIMIT = { limit: 300, windowMs: 10 * 60_000 };

/** One request carries at most this much: every photo at its limit, plus the multipart framing. */
export const PHOTO_REQUEST_MAX_BYTES = VALUATION_PHOTOS_MAX * VALUATION_PHOTO_MAX_BYTES + 1024 * 1024;

const idParams = valuationPhotoParamsSchema.pick({ id: true });
const uploadBody = z.object({
  shot: z
    .enum(photoShots)
    .optional()
    .describe(
      'The guided shot the photo was taken for (issue 35), sent before the file; then exactly one photo, which takes the place of any earlier photo of that shot',
    ),
  photos: filesField('Photos of the car (JPEG, PNG, WebP or HEIC; at least one non-empty)', {
    maxFiles: VALUATION_PHOTOS_MAX,
    maxFileBytes: VALUATION_PHOTO_MAX_BYTES,
    maxRequestBytes: PHOTO_REQUEST_MAX_BYTES,
  }).min(1),
});
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const notFound = () => new AppError('NOT_FOUND', m.notFound);
const tooMany = () => new AppError('INVALID_INPUT', m.tooMany, { issues: [{ path: 'photos', message: m.tooMany }] });
const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', m.tooLarge, { issues: [{ path: 'photos', message: m.tooLarge }] });
const onlyPhotos = () =>
  new AppError('INVALID_INPUT', m.onlyPhotos, { issues: [{ path: 'photos', message: m.onlyPhotos }] });
const requestTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', m.requestTooLarge);
const shotRefusal = (message: string) =>
  new AppError('INVALID_INPUT', message, { issues: [{ path: 'shot', message }] });

/**
 * The seller's photo calls after submit (issue 10). Access is `public` for the app's access control
 * because the caller has no session: the upload token that `POST /api/valuations` handed out
 * (`Authorization: Bearer <token>`, only its SHA-256 stored) is the access check, done first in
 * every handler. No token, a wrong one or another valuation's all answer 404, as an unknown id does,
 * so a caller without the token learns nothing, not even that the valuation exists.
 *
 * Registered in its own encapsulated plugin: the multipart parser and its limits exist only here.
 */
export const photoRoutes: FastifyPluginAsyncZod<PhotoRoutesDeps> = async (app, deps) => {
  await app.register(multipart, {
    // busboy enforces these while the body streams in: no file is ever held whole beyond 5MB.
    limits: {
      fileSize: VALUATION_PHOTO_MAX_BYTES,
      files: VALUATION_PHOTOS_MAX,
      fields: 1, // `shot`
      parts: VALUATION_PHOTOS_MAX + 2,
      fieldNameSize: 100,
      headerPairs: 10,
    },
    throwFileSizeLimit: true,
  });

  const calls = createRateLimit(deps.db, deps.clock, {
    bucket: 'valuation-photos',
    ...(deps.callsLimit ?? PHOTO_CALLS_LIMIT),
    message: 'Too many photo requests from your connection. Please wait a few minutes and try again.',
  });
  // Counted before the token is checked, so guessing tokens counts too.
  app.addHook('onRequest', async (request) => calls.take(request.ip));

  const daysAfterClose = deps.sellerLinkDaysAfterClose ?? SELLER_LINK_DAYS_AFTER_CLOSE;

  /** The valuation's photo list, once `secret` has been checked to open it (or to open one, without `id`). */
  async function opened(secret: string | undefined, id?: string) {
    const access = await valuationForSecret(deps.db, secret, { now: deps.clock(), daysAfterClose, valuationId: id });
    if (!access) throw notFound();
    const [row] = await deps.db
      .select({ id: carValuations.id, photoPaths: carValuations.photoPaths })
      .from(carValuations)
      .where(eq(carValuations.id, access.valuationId));
    if (!row) throw notFound();
    return row;
  }

  /**
   * The valuation the token opens, or 404. The token is one of the seller's secrets (the first, or
   * any from a later link), so it works while the request is open and for a while after it closes.
   */
  const authorized = (request: FastifyRequest, id: string) => opened(bearerToken(request.headers.authorization), id);
  /** From the seller's own page: the valuation their cookie opens, or 404. */
  const sellerAuthorized = (request: FastifyRequest) => opened(deps.sellerCookie?.(request));

  /**
   * Changes the valuation's photo list with its row locked, so two calls at once (two uploads that
   * together pass 20, an upload beside a removal) see each other's result.
   */
  async function changePhotoPaths<T>(
    id: string,
    event: ValuationEventType,
    change: (current: string[]) => { next: string[]; result: T; data: Record<string, unknown> },
  ) {
    return deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ photoPaths: carValuations.photoPaths })
        .from(carValuations)
        .where(eq(carValuations.id, id))
        .for('update');
      if (!row) throw notFound();
      const { next, result, data } = change(row.photoPaths);
      const now = deps.clock();
      await tx.update(carValuations).set({ photoPaths: next, updatedAt: now }).where(eq(carValuations.id, id));
      // The admin timeline shows the seller's photo changes (no actor: the seller has no account).
      await tx.insert(valuationEvents).values({ valuationId: id, type: event, data, createdAt: now });
      return result;
    });
  }

  app.get(
    '/api/valuations/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: "List a valuation's photos (seller)",
        params: idParams,
        response: { 200: valuationPhotosSchema, ...errors },
      },
    },
    async (request) => listAnswer(await authorized(request, request.params.id)),
  );

  const listAnswer = (row: { photoPaths: string[] }) => photosAnswer(row.photoPaths);

  app.post(
    '/api/valuations/:id/photos',
    {
      config: { access: 'public' },
      bodyLimit: PHOTO_REQUEST_MAX_BYTES,
      schema: {
        summary: 'Upload photos of the car',
        params: idParams,
        consumes: ['multipart/form-data'],
        documentedBody: uploadBody,
        response: { 201: valuationPhotosSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => upload(request, reply, await authorized(request, request.params.id)),
  );

  /** Stores the photos of a multipart request for the opened valuation; 201 with its photos. */
  async function upload(request: FastifyRequest, reply: FastifyReply, valuation: { id: string; photoPaths: string[] }) {
    const { id } = valuation;
    const existing = valuation.photoPaths.length;
    if (!request.isMultipart()) throw onlyPhotos();
    if (Number(request.headers['content-length'] ?? 0) > PHOTO_REQUEST_MAX_BYTES) throw requestTooLarge();
    // Without a Content-Length the body is counted as it streams; past the cap the connection is cut.
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > PHOTO_REQUEST_MAX_BYTES) request.raw.destroy(requestTooLarge());
    };
    request.raw.on('data', count);

    const stored: string[] = [];
    // A guided shot (issue 35) comes as a field before its one photo, which replaces the shot's last.
    let shot: PhotoShot | null = null;
    const ofShot = (entries: readonly string[]) =>
      shot ? entries.filter((entry) => parsePhotoEntry(entry)?.shot === shot) : [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field' && part.fieldname === 'shot' && shot === null && stored.length === 0) {
          if (!isPhotoShot(part.value)) throw shotRefusal(shotMessages.unknownShot);
          shot = part.value;
          continue;
        }
        if (part.type !== 'file' || part.fieldname !== 'photos') throw onlyPhotos();
        if (shot && stored.length > 0) throw shotRefusal(shotMessages.oneFilePerShot);
        // Counted before the file is read: the 21st photo is refused without taking its bytes.
        if (existing - ofShot(valuation.photoPaths).length + stored.length >= VALUATION_PHOTOS_MAX) throw tooMany();
        const bytes = await part.toBuffer();
        if (bytes.length === 0) continue; // an empty file input
        const photo = await processPhoto(bytes, { maxInputPixels: deps.maxInputPixels });
        stored.push(await storePhoto(deps.files, photo, shot));
      }
      if (stored.length === 0) {
        throw new AppError('INVALID_INPUT', m.noPhotos, { issues: [{ path: 'photos', message: m.noPhotos }] });
      }
      // Counted again with the row locked: two uploads at once must not pass 20 together.
      const { all, replaced } = await changePhotoPaths(id, 'photos_added', (current) => {
        const replaced = ofShot(current);
        const kept = current.filter((entry) => !replaced.includes(entry));
        if (kept.length + stored.length > VALUATION_PHOTOS_MAX) throw tooMany();
        const next = [...kept, ...stored];
        const data = { added: stored.length, total: next.length, ...(shot ? { shot, replaced: replaced.length } : {}) };
        return { next, result: { all: next, replaced }, data };
      });
      request.log.info({ valuationId: id, added: stored.length, shot }, 'valuation photos stored');
      // After the commit, as for a removal: a failure leaves an orphan file, never a broken entry.
      await removePhotoFiles(deps.files, replaced).catch((cleanup: unknown) =>
        request.log.error({ err: cleanup, valuationId: id }, 'could not remove a replaced photo'),
      );
      return reply.status(201).send(photosAnswer(all));
    } catch (error) {
      await removePhotoFiles(deps.files, stored).catch((cleanup: unknown) =>
        request.log.error({ err: cleanup, valuationId: id }, 'could not remove refused photos'),
      );
      throw uploadError(error);
    } finally {
      request.raw.off('data', count);
    }
  }

  app.delete(
    '/api/valuations/:id/photos/:photoPath',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Remove a photo of the car',
        params: valuationPhotoParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) =>
      remove(request, reply, (await authorized(request, request.params.id)).id, request.params.photoPath),
  );

  /** Removes one photo of the opened valuation; 204. */
  async function remove(request: FastifyRequest, reply: FastifyReply, id: string, photoPath: string) {
    const removed = await changePhotoPaths(id, 'photo_removed', (current) => {
      const entry = current.find((e) => parsePhotoEntry(e)?.id === photoPath);
      if (entry === undefined) throw new AppError('NOT_FOUND', m.photoNotFound);
      const next = current.filter((e) => e !== entry);
      return { next, result: entry, data: { total: next.length } };
    });
    // After the commit: a failed removal leaves an orphan file, never an entry without its file.
    await removePhotoFiles(deps.files, [removed]).catch((error: unknown) =>
      request.log.error({ err: error, valuationId: id }, 'could not remove a deleted photo'),
    );
    return reply.status(204).send(null);
  }

  app.get(
    '/api/valuations/:id/photos/:photoPath',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Get a photo of the car (seller)',
        params: valuationPhotoParamsSchema,
        querystring: valuationPhotoQuerySchema,
        response: { 200: fileAnswer('The photo, as a JPEG', ['image/jpeg']), ...errors },
      },
    },
    async (request, reply) => {
      const { id, photoPath } = request.params;
      const row = await authorized(request, id);
      return sendPhoto(reply, deps.files, findPhotoEntry(row.photoPaths, photoPath), request.query.size);
    },
  );

  // The same four calls from the seller's own page (issue 34): the cookie says whose photos.
  const sellerPhotoParams = valuationPhotoParamsSchema.pick({ photoPath: true });
  app.get(
    '/api/your-valuation/photos',
    {
      config: { access: 'public' },
      schema: { summary: 'List the photos (seller’s page)', response: { 200: valuationPhotosSchema, ...errors } },
    },
    async (request) => listAnswer(await sellerAuthorized(request)),
  );
  app.post(
    '/api/your-valuation/photos',
    {
      config: { access: 'public' },
      bodyLimit: PHOTO_REQUEST_MAX_BYTES,
      schema: {
        summary: 'Upload photos of the car (seller’s page)',
        consumes: ['multipart/form-data'],
        documentedBody: uploadBody,
        response: { 201: valuationPhotosSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => upload(request, reply, await sellerAuthorized(request)),
  );
  app.delete(
    '/api/your-valuation/photos/:photoPath',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Remove a photo of the car (seller’s page)',
        params: sellerPhotoParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => remove(request, reply, (await sellerAuthorized(request)).id, request.params.photoPath),
  );
  app.get(
    '/api/your-valuation/photos/:photoPath',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Get a photo of the car (seller’s page)',
        params: sellerPhotoParams,
        querystring: valuationPhotoQuerySchema,
        response: { 200: fileAnswer('The photo, as a JPEG', ['image/jpeg']), ...errors },
      },
    },
    async (request, reply) => {
      const row = await sellerAuthorized(request);
      return sendPhoto(reply, deps.files, findPhotoEntry(row.photoPaths, request.params.photoPath), request.query.size);
    },
  );
};

/** The photos as the seller's calls answer them: SPEC's ids, and each with its guided shot. */
function photosAnswer(entries: readonly string[]) {
  return { photoPaths: photoIds(entries), photos: photoList(entries) };
}

/** The token of `Authorization: Bearer <token>` (base64url, as POST /api/valuations hands it out). */
function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer ([A-Za-z0-9_-]{16,200})$/.exec(header ?? '')?.[1];
}

/** @fastify/multipart's limit errors, in SPEC's words; anything else unchanged. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return tooMany();
  if (code === 'FST_FIELDS_LIMIT') return onlyPhotos();
  return error;
}
