import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { noStoreByDefault } from '~/server/http/security-headers';
import { valuationIdParamsSchema, valuationListItemSchema } from '~/shared/admin-valuations';
import { apiErrorSchema } from '~/shared/api-error';
import {
  contactLogSchema,
  ownerChangeSchema,
  pipelineDetailSchema,
  promiseStatsSchema,
  staffListSchema,
} from '~/shared/staff-pipeline';
import type { Outbox } from '../messages';
import type { DailyTallies } from '../valuations';
import { changeOwner, listStaff, logContact, pipelineDetail } from './pipeline-service';
import { promiseStats } from './promise-stats';

export type PipelineRoutesDeps = {
  db: Db;
  outbox: Outbox;
  clock: () => Date;
  /** The requests received per UK day (features/valuations), shared with the dashboard's stats. */
  tallies: DailyTallies;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/** The staff pipeline (issue 37): owners, logged contacts and the 24-hour promise. Staff only. */
export const pipelineRoutes: FastifyPluginAsyncZod<PipelineRoutesDeps> = async (app, deps) => {
  noStoreByDefault(app);

  app.get(
    '/api/admin/staff',
    {
      config: admin,
      schema: { summary: 'List the staff a request can be given to', response: { 200: staffListSchema, ...errors } },
    },
    async () => ({ staff: await listStaff(deps.db) }),
  );

  app.get(
    '/api/admin/valuations/promise',
    {
      config: admin,
      schema: {
        summary: 'Get the 24-hour promise figures',
        description: 'Kept over the last 30 days, by week, and the requests still waiting.',
        response: { 200: promiseStatsSchema, ...errors },
      },
    },
    async () => promiseStats(deps.db, deps.tallies, deps.clock()),
  );

  app.get(
    '/api/admin/valuations/:id/pipeline',
    {
      config: admin,
      schema: {
        summary: "A request's owner, its promise and the contacts logged",
        params: valuationIdParamsSchema,
        response: { 200: pipelineDetailSchema, ...errors },
      },
    },
    async (request) => pipelineDetail(deps.db, request.params.id, deps.clock()),
  );

  app.put(
    '/api/admin/valuations/:id/owner',
    {
      config: admin,
      schema: {
        summary: 'Give a request to a member of staff, or to nobody',
        description:
          'The new owner is e-mailed when someone else gave it to them. The same owner again changes nothing.',
        params: valuationIdParamsSchema,
        body: ownerChangeSchema,
        response: { 200: valuationListItemSchema, ...errors },
      },
    },
    async (request) => {
      const actorUserId = requireAuth(request).user.id;
      const { id } = request.params;
      const item = await changeOwner(deps.db, deps.outbox, {
        id,
        toUserId: request.body.userId,
        actorUserId,
        now: deps.clock(),
      });
      request.log.info({ valuationId: id, by: actorUserId, owner: request.body.userId }, 'valuation owner set');
      return item;
    },
  );

  app.post(
    '/api/admin/valuations/:id/claim',
    {
      config: admin,
      schema: {
        summary: 'Take a request as your own',
        params: valuationIdParamsSchema,
        response: { 200: valuationListItemSchema, ...errors },
      },
    },
    async (request) => {
      const actorUserId = requireAuth(request).user.id;
      const { id } = request.params;
      const item = await changeOwner(deps.db, deps.outbox, {
        id,
        toUserId: actorUserId,
        actorUserId,
        now: deps.clock(),
      });
      request.log.info({ valuationId: id, by: actorUserId }, 'valuation claimed');
      return item;
    },
  );

  app.post(
    '/api/admin/valuations/:id/contacts',
    {
      config: admin,
      schema: {
        summary: 'Log a contact with the seller, and how',
        description:
          'The first contact (or offer) answers the request for the 24-hour promise; a new request moves to ' +
          '"Contacted" through the lifecycle.',
        params: valuationIdParamsSchema,
        body: contactLogSchema,
        response: { 200: valuationListItemSchema, ...errors },
      },
    },
    async (request) => {
      const actorUserId = requireAuth(request).user.id;
      const { id } = request.params;
      const { channel, note } = request.body;
      const item = await logContact(deps.db, { id, channel, note, actorUserId, now: deps.clock() });
      request.log.info({ valuationId: id, by: actorUserId, channel }, 'contact logged');
      return item;
    },
  );
};
