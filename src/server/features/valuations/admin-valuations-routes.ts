import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '~/server/http/api-content';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import type { FileStore } from '~/server/storage/file-store';
import {
  adminValuationMessages,
  valuationDeletionSummarySchema,
  valuationIdParamsSchema,
  valuationListItemSchema,
  valuationListQuerySchema,
  valuationListResponseSchema,
  valuationStatsSchema,
  valuationStatusChangeSchema,
} from '~/shared/admin-valuations';
import { AppError } from '~/server/http/app-error';
import { noStoreByDefault } from '~/server/http/security-headers';
import {
  adminValuationPhotoParamsSchema,
  adminValuationPhotoQuerySchema,
  valuationDetailSchema,
} from '~/shared/admin-valuation-detail';
import { apiErrorSchema } from '~/shared/api-error';
import { valuationFlagsSchema } from '~/shared/plausibility';
import { offerRequestSchema, offerSchema } from '~/shared/valuation-offer';
import type { Outbox } from '../messages';
import { plausibilityFlagsById } from '../plausibility';
import { adminPhotoEntry, valuationDetail } from './admin-valuation-detail';
import { listOffers, sendOffer } from './offers';
import { sendPhoto } from './photos';
import {
  deleteArchivedValuation,
  listValuations,
  setArchived,
  setStatus,
  listItemOf,
  withdrawMarketingConsent,
} from './admin-valuations-service';
import type { DailyTallies } from './daily-tallies';
import { createValuationStats } from './stats';
import { countValuationDeletion } from './valuation-deletion';
import type { ContentChanges } from '~/server/render/content-changes';

export type AdminValuationsRoutesDeps = {
  db: Db;
  /** Offers go out through it, in the transaction that stores them. */
  outbox: Outbox;
  /** The private file store: a deleted valuation's photos and attachments are removed from it. */
  files: FileStore;
  clock: () => Date;
  /** The requests received per UK day, shared with the 24-hour promise's figures. */
  tallies: DailyTallies;
  /** A deleted request is in every process's kept counts: each forgets them (stats.ts). */
  content: ContentChanges;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * The back office's valuation calls (issue 11): the dashboard's and the archive's lists, the
 * dashboard's stats, and archive, restore and permanent delete. Admins only.
 *
 * `/api/valuations/active` and `/archived` sit beside the seller's `GET /api/valuations/:id`
 * (photos-routes.ts); Fastify's router prefers the static segments, so neither is taken for an id.
 */
export const adminValuationsRoutes: FastifyPluginAsyncZod<AdminValuationsRoutesDeps> = async (app, deps) => {
  const stats = createValuationStats(deps.db, { tallies: deps.tallies });
  deps.content.subscribe('valuations', () => stats.invalidate());
  noStoreByDefault(app);

  for (const [list, archived, summary] of [
    ['active', false, 'List active valuations'],
    ['archived', true, 'List archived valuations'],
  ] as const) {
    app.get(
      `/api/valuations/${list}`,
      {
        config: admin,
        schema: {
          summary,
          querystring: valuationListQuerySchema,
          response: { 200: valuationListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const viewerUserId = requireAuth(request).user.id;
        // The page, its count, its owners and its plausibility flags (issue 37): one statement.
        return listValuations(deps.db, archived, request.query, { now: deps.clock(), viewerUserId });
      },
    );
  }

  app.get(
    '/api/admin/valuations/stats',
    { config: admin, schema: { summary: 'Get valuation counts', response: { 200: valuationStatsSchema, ...errors } } },
    async () => stats.get(deps.clock()),
  );

  for (const [action, archive, summary] of [
    ['archive', true, 'Archive a valuation'],
    ['unarchive', false, 'Restore an archived valuation'],
  ] as const) {
    app.post(
      `/api/valuations/:id/${action}`,
      {
        config: admin,
        schema: {
          summary,
          params: valuationIdParamsSchema,
          response: { 200: valuationListItemSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const actorUserId = requireAuth(request).user.id;
        const { id } = request.params;
        const row = await setArchived(deps.db, { id, actorUserId, now: deps.clock(), archive });
        request.log.info({ valuationId: id, by: actorUserId }, archive ? 'valuation archived' : 'valuation restored');
        return listItemOf(deps.db, row);
      },
    );
  }

  app.patch(
    '/api/valuations/:id/status',
    {
      config: admin,
      schema: {
        summary: 'Move a valuation to another stage',
        description:
          'Through the valuation lifecycle: 409 with the reason when the stage cannot follow the current one ' +
          '(an offer, its acceptance and going back to new have their own ways). `lost` needs `lostReason`.',
        params: valuationIdParamsSchema,
        body: valuationStatusChangeSchema,
        response: { 200: valuationListItemSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const actorUserId = requireAuth(request).user.id;
      const { id } = request.params;
      const { status, lostReason } = request.body;
      const row = await setStatus(deps.db, { id, actorUserId, now: deps.clock(), status, lostReason });
      request.log.info({ valuationId: id, by: actorUserId, status: row.status }, 'valuation status set');
      return listItemOf(deps.db, row);
    },
  );

  // The seller asked us to stop marketing to them: staff record it (they can never opt anyone in).
  app.post(
    '/api/valuations/:id/withdraw-marketing-consent',
    {
      config: admin,
      schema: {
        summary: 'Record that the seller withdrew marketing consent',
        params: valuationIdParamsSchema,
        response: { 200: z.object({ marketingConsentAt: z.null() }), ...errors },
      },
    },
    async (request) => {
      const actorUserId = requireAuth(request).user.id;
      const { id } = request.params;
      const answer = await withdrawMarketingConsent(deps.db, { id, actorUserId, now: deps.clock() });
      request.log.info({ valuationId: id, by: actorUserId }, 'marketing consent withdrawal recorded');
      return answer;
    },
  );

  app.delete(
    '/api/valuations/:id',
    {
      config: admin,
      schema: {
        summary: 'Delete a valuation',
        params: valuationIdParamsSchema,
        response: { 204: z.null(), 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { removeFiles } = await deleteArchivedValuation(deps.db, deps.files, id);
      await deps.content.changed('valuations'); // its count is in every process's stats snapshot
      request.log.info({ valuationId: id, by: requireAuth(request).user.id }, 'valuation deleted');
      await removeFiles().catch((error: unknown) =>
        request.log.error({ err: error, valuationId: id }, 'could not remove a deleted valuation’s files'),
      );
      return reply.status(204).send(null);
    },
  );

  // What the delete dialog lists before staff confirm (issue 31).
  app.get(
    '/api/admin/valuations/:id/deletion-summary',
    {
      config: admin,
      schema: {
        summary: 'Summarise what deleting a valuation removes',
        params: valuationIdParamsSchema,
        response: { 200: valuationDeletionSummarySchema, ...errors },
      },
    },
    async (request) => {
      const summary = await countValuationDeletion(deps.db, request.params.id);
      if (!summary) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
      return summary;
    },
  );

  app.get(
    '/api/admin/valuations/:id',
    {
      config: admin,
      schema: {
        summary: 'Get a valuation',
        params: valuationIdParamsSchema,
        response: { 200: valuationDetailSchema, ...errors },
      },
    },
    async (request) => {
      const detail = await valuationDetail(deps.db, {
        id: request.params.id,
        viewerUserId: requireAuth(request).user.id,
        now: deps.clock(),
      });
      if (!detail) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
      return detail;
    },
  );

  app.get(
    '/api/admin/valuations/:id/flags',
    {
      config: admin,
      schema: {
        summary: 'Get a valuation’s plausibility flags with the other requests they link to',
        description:
          'The lists word each row’s flags without their links (issue 37); a row’s checks, when opened, ask ' +
          'here for the other requests each flag is about (the request’s page has them already).',
        params: valuationIdParamsSchema,
        response: { 200: valuationFlagsSchema, ...errors },
      },
    },
    async (request) => {
      const flags = await plausibilityFlagsById(deps.db, request.params.id, deps.clock());
      if (!flags) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
      return { flags };
    },
  );

  app.post(
    '/api/valuations/:id/offer',
    {
      config: admin,
      schema: {
        summary: 'Make an offer',
        params: valuationIdParamsSchema,
        body: offerRequestSchema,
        response: { 201: offerSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { offerAmount, notes, sendMethod, validityDays } = request.body;
      const actorUserId = requireAuth(request).user.id;
      const now = deps.clock();
      const offerId = await sendOffer(deps.db, deps.outbox, {
        valuationId: id,
        actorUserId,
        now,
        amountPence: offerAmount,
        notes,
        sendMethod,
        validityDays,
      });
      request.log.info({ valuationId: id, offerId, by: actorUserId, sendMethod, validityDays }, 'offer sent');
      const offer = (await listOffers(deps.db, id, now)).find((o) => o.id === offerId)!;
      return reply.status(201).send(offer);
    },
  );

  // The seller's photos for staff: the same private files the seller's token opens, never cached.
  app.get(
    '/api/admin/valuations/:id/photos/:photoPath',
    {
      config: admin,
      schema: {
        summary: 'Get a photo of the car (staff)',
        params: adminValuationPhotoParamsSchema,
        querystring: adminValuationPhotoQuerySchema,
        response: { 200: fileAnswer('The photo, as a JPEG', ['image/jpeg']), ...errors },
      },
    },
    async (request, reply) => {
      const { id, photoPath } = request.params;
      return sendPhoto(reply, deps.files, await adminPhotoEntry(deps.db, id, photoPath), request.query.size);
    },
  );
};
