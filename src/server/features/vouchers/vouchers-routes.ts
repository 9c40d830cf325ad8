import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { apiErrorSchema } from '~/shared/api-error';
import {
  markVoucherSentSchema,
  voucherIdParamsSchema,
  voucherListItemSchema,
  voucherListQuerySchema,
  voucherListSchema,
} from '~/shared/voucher-schemas';
import type { Outbox } from '../messages';
import { listVouchers, markVoucherSent } from './vouchers-service';

export type VoucherRoutesDeps = { db: Db; outbox: Outbox; clock: () => Date };

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/** The launch vouchers owed and sent (issue 36), for staff only; never cached (codes are money). */
export const voucherRoutes: FastifyPluginAsyncZod<VoucherRoutesDeps> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store, private');
  });

  app.get(
    '/api/admin/vouchers',
    {
      config: admin,
      schema: {
        summary: 'Launch vouchers owed (soonest due first) or sent (newest first)',
        querystring: voucherListQuerySchema,
        response: { 200: voucherListSchema, ...adminErrors },
      },
    },
    async (request) => listVouchers(deps.db, request.query, deps.clock()),
  );

  app.post(
    '/api/admin/vouchers/:id/sent',
    {
      config: admin,
      schema: {
        summary: 'Mark a voucher as sent with its code, and e-mail the seller the code',
        params: voucherIdParamsSchema,
        body: markVoucherSentSchema,
        response: { 200: voucherListItemSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      const voucher = await markVoucherSent(deps, { id, code: request.body.code, userId, now: deps.clock() });
      request.log.info({ voucherId: id, by: userId }, 'voucher marked as sent');
      return voucher;
    },
  );
};
