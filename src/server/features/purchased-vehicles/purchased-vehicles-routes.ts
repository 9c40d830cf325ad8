import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '~/server/db/client';
import { filesField } from '~/server/http/api-content';
import { AppError } from '~/server/http/app-error';
import { noStoreByDefault } from '~/server/http/security-headers';
import type { PageDataRegistry } from '~/server/render/page-data';
import type { PublicUploads } from '~/server/storage/public-uploads';
import { apiErrorSchema } from '~/shared/api-error';
import {
  adminPurchasedVehicleSchema,
  adminVehicleListQuerySchema,
  adminVehicleListSchema,
  PURCHASED_VEHICLE_PHOTO_MAX_BYTES,
  PURCHASED_VEHICLE_PHOTOS_MAX,
  purchasedVehicleDetailsSchema,
  purchasedVehiclePhotoMessages as pm,
  purchasedVehicleUpdateSchema,
  publicVehicleListQuerySchema,
  publicVehicleListSchema,
  vehiclePhotoParamsSchema,
} from '~/shared/purchased-vehicles';
import { idParamsSchema } from '~/shared/schema-kit';
import {
  addVehiclePhotos,
  createVehicle,
  deleteVehicle,
  listAdminVehicles,
  photoRoom,
  removeVehiclePhoto,
  toAdminVehicle,
  updateVehicle,
} from './purchased-vehicles-service';
import { registerRecentlyPurchasedPageData } from './purchased-vehicles-page-data';
import {
  processVehiclePhoto,
  removeVehiclePhotoFiles,
  storeVehiclePhotos,
  type ProcessedVehiclePhoto,
} from './vehicle-photos';
import type { ContentChanges } from '~/server/render/content-changes';
import type { VisibleVehiclesSource } from './visible-vehicles';

export type PurchasedVehiclesRoutesDeps = {
  db: Db;
  uploads: PublicUploads;
  clock: () => Date;
  /** The public list as pages show it. */
  visible: VisibleVehiclesSource;
  /** Told of every change here: it forgets the public list and the kept pages, here and elsewhere. */
  content: ContentChanges;
  pageData: PageDataRegistry;
  /** Pixel-flood limit (default 50 megapixels); tests lower it. */
  maxInputPixels?: number;
};

/** The add form's text fields (13 at most) and its photos, with room for the multipart framing. */
const MAX_FIELDS = 20;
export const VEHICLE_REQUEST_MAX_BYTES = PURCHASED_VEHICLE_PHOTOS_MAX * PURCHASED_VEHICLE_PHOTO_MAX_BYTES + 1024 * 1024;
/** The photos field of the multipart forms, as the API document shows it (the vehicle's photos in all, too). */
const vehiclePhotosField = filesField('Photos of the vehicle, in all at most the maximum per vehicle', {
  maxFiles: PURCHASED_VEHICLE_PHOTOS_MAX,
  maxFileBytes: PURCHASED_VEHICLE_PHOTO_MAX_BYTES,
  maxRequestBytes: VEHICLE_REQUEST_MAX_BYTES,
});

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const uploadErrors = { ...errors, 413: apiErrorSchema, 415: apiErrorSchema };
const admin = { access: 'admin' as const };

const tooMany = () => new AppError('INVALID_INPUT', pm.tooMany, { issues: [{ path: 'photos', message: pm.tooMany }] });
const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', pm.tooLarge, { issues: [{ path: 'photos', message: pm.tooLarge }] });
const notMultipart = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the vehicle as a form with its photos (multipart/form-data).');

/**
 * Recently purchased vehicles (issue 13): staff's list, form, edit and photos (admins only), and
 * the public list. The public pages get the same list through their page-data loaders.
 *
 * Registered in its own encapsulated plugin: the multipart parser and its limits exist only here.
 */
export const purchasedVehiclesRoutes: FastifyPluginAsyncZod<PurchasedVehiclesRoutesDeps> = async (app, deps) => {
  await app.register(multipart, {
    // busboy enforces these while the body streams in: no photo is held whole beyond 10MB.
    limits: {
      fileSize: PURCHASED_VEHICLE_PHOTO_MAX_BYTES,
      files: PURCHASED_VEHICLE_PHOTOS_MAX,
      fields: MAX_FIELDS,
      parts: PURCHASED_VEHICLE_PHOTOS_MAX + MAX_FIELDS,
      fieldNameSize: 100,
      fieldSize: 10_000,
      headerPairs: 10,
    },
    throwFileSizeLimit: true,
  });
  noStoreByDefault(app);

  registerRecentlyPurchasedPageData(deps.pageData, deps.visible);
  const changed = () => deps.content.changed('vehicles');

  /**
   * Reads a multipart body: its text fields and its `photos` (at most `room` of them), in memory.
   * Nothing is decoded or written yet: the caller checks the fields first.
   */
  async function readUpload(request: FastifyRequest, room: number, options: { fields: boolean }) {
    if (!request.isMultipart()) throw notMultipart();
    const fields: Record<string, string> = {};
    const photos: Buffer[] = [];
    try {
      for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
        if (part.type === 'file') {
          if (part.fieldname !== 'photos') throw unexpectedPart(part.fieldname);
          // Counted before the file is read: a photo past the limit is refused without taking its bytes.
          if (photos.length >= room) throw tooMany();
          const bytes = await part.toBuffer();
          if (bytes.length > 0) photos.push(bytes); // an empty file input sends an empty part
        } else {
          if (!options.fields || part.fieldname in fields) throw unexpectedPart(part.fieldname);
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (error) {
      throw uploadError(error);
    }
    return { fields, photos };
  }

  /** Checks and re-encodes each photo (by content); the first bad one refuses the whole request. */
  async function processPhotos(photos: Buffer[]) {
    const processed = [];
    for (const bytes of photos)
      processed.push(await processVehiclePhoto(bytes, { maxInputPixels: deps.maxInputPixels }));
    return processed;
  }

  /** Writes the photos' files, runs `save`, and removes the files again if `save` fails. */
  async function withStoredPhotos<T>(
    request: FastifyRequest,
    processed: ProcessedVehiclePhoto[],
    save: (entries: string[]) => Promise<T>,
  ): Promise<T> {
    const entries = await storeVehiclePhotos(deps.uploads, processed);
    try {
      return await save(entries);
    } catch (error) {
      await removeVehiclePhotoFiles(deps.uploads, entries).catch((cleanup: unknown) =>
        request.log.error({ err: cleanup }, 'could not remove the photos of a refused vehicle change'),
      );
      throw error;
    }
  }

  /** After a commit: a failed removal leaves an orphan file, never a vehicle without its files. */
  function removeFilesLater(request: FastifyRequest, entries: string[]) {
    return removeVehiclePhotoFiles(deps.uploads, entries).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not remove a purchased vehicle’s photo files'),
    );
  }

  app.get(
    '/api/purchased-vehicles',
    {
      config: { access: 'public' },
      schema: {
        summary: 'List purchased vehicles',
        querystring: publicVehicleListQuerySchema,
        response: { 200: publicVehicleListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { version: _version, ...list } = await deps.visible.page(request.query);
      reply.header('Cache-Control', 'no-cache');
      return list;
    },
  );

  app.get(
    '/api/admin/purchased-vehicles',
    {
      config: admin,
      schema: {
        summary: 'List purchased vehicles (staff)',
        querystring: adminVehicleListQuerySchema,
        response: { 200: adminVehicleListSchema, ...errors },
      },
    },
    async (request) => listAdminVehicles(deps.db, request.query),
  );

  app.post(
    '/api/admin/purchased-vehicles',
    {
      config: admin,
      bodyLimit: VEHICLE_REQUEST_MAX_BYTES,
      schema: {
        summary: 'Add a purchased vehicle',
        consumes: ['multipart/form-data'],
        documentedBody: purchasedVehicleDetailsSchema.extend({ photos: vehiclePhotosField.optional() }),
        response: { 201: adminPurchasedVehicleSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { fields, photos } = await readUpload(request, PURCHASED_VEHICLE_PHOTOS_MAX, { fields: true });
      const details = purchasedVehicleDetailsSchema.safeParse(fields);
      if (!details.success) throw invalidFields(details.error);
      const processed = await processPhotos(photos);
      const row = await withStoredPhotos(request, processed, (entries) =>
        createVehicle(deps.db, details.data, entries, deps.clock()),
      );
      await changed();
      request.log.info({ vehicleId: row.id, photos: processed.length }, 'purchased vehicle added');
      return reply.status(201).send(toAdminVehicle(row));
    },
  );

  app.put(
    '/api/admin/purchased-vehicles/:id',
    {
      config: admin,
      schema: {
        summary: 'Update a purchased vehicle',
        params: idParamsSchema,
        body: purchasedVehicleUpdateSchema,
        response: { 200: adminPurchasedVehicleSchema, ...errors },
      },
    },
    async (request) => {
      const row = await updateVehicle(deps.db, request.params.id, request.body, deps.clock());
      await changed();
      return toAdminVehicle(row);
    },
  );

  app.delete(
    '/api/admin/purchased-vehicles/:id',
    {
      config: admin,
      schema: { summary: 'Delete a purchased vehicle', params: idParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const entries = await deleteVehicle(deps.db, request.params.id);
      await changed();
      await removeFilesLater(request, entries);
      request.log.info({ vehicleId: request.params.id }, 'purchased vehicle deleted');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/purchased-vehicles/:id/photos',
    {
      config: admin,
      bodyLimit: VEHICLE_REQUEST_MAX_BYTES,
      schema: {
        summary: 'Add photos of a purchased vehicle',
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        documentedBody: z.object({ photos: vehiclePhotosField.min(1) }),
        response: { 201: adminPurchasedVehicleSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { photos } = await readUpload(request, await photoRoom(deps.db, id), { fields: false });
      if (photos.length === 0) {
        throw new AppError('INVALID_INPUT', 'Choose at least one photo.', {
          issues: [{ path: 'photos', message: 'Choose at least one photo.' }],
        });
      }
      const processed = await processPhotos(photos);
      // Counted again with the row locked: two uploads at once must not pass 3 together.
      const row = await withStoredPhotos(request, processed, (entries) =>
        addVehiclePhotos(deps.db, id, entries, deps.clock()),
      );
      await changed();
      return reply.status(201).send(toAdminVehicle(row));
    },
  );

  app.delete(
    '/api/admin/purchased-vehicles/:id/photos/:photoId',
    {
      config: admin,
      schema: {
        summary: 'Remove a photo of a purchased vehicle',
        params: vehiclePhotoParamsSchema,
        response: { 200: adminPurchasedVehicleSchema, ...errors },
      },
    },
    async (request) => {
      const { vehicle, removed } = await removeVehiclePhoto(
        deps.db,
        request.params.id,
        request.params.photoId,
        deps.clock(),
      );
      await changed();
      await removeFilesLater(request, [removed]);
      return toAdminVehicle(vehicle);
    },
  );
};

function unexpectedPart(name: string) {
  return new AppError('INVALID_INPUT', `Unexpected form field: ${name.slice(0, 100)}`, {
    issues: [{ path: name.slice(0, 100), message: 'This field is not part of the vehicle form.' }],
  });
}

/** The form's field issues, in the shape every 400 has (DESIGN 5). */
function invalidFields(error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return new AppError('INVALID_INPUT', issues[0]?.message ?? 'Invalid vehicle', { issues });
}

/** @fastify/multipart's limit errors, in SPEC's words; anything else unchanged. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return tooMany();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('INVALID_INPUT', 'This form has too many fields.');
  }
  return error;
}
