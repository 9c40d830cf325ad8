import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { apiErrorSchema } from '~/shared/api-error';
import { valuationIdParamsSchema } from '~/shared/admin-valuations';
import { confirmFinanceSchema, financeSettlementSchema } from '~/shared/finance-settlement-schemas';
import { confirmFinance, financeFor } from './finance-service';

export type FinanceRoutesDeps = { db: Db; clock: () => Date };

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * The finance settlement of a request (issue 36), for staff only: what the seller declared, the
 * lender, figure and letter's last day as staff confirm them, the equity against our offer and the
 * warnings for collection day. Never cached: it carries what a seller owes.
 */
export const financeRoutes: FastifyPluginAsyncZod<FinanceRoutesDeps> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store, private');
  });

  app.get(
    '/api/admin/valuations/:id/finance',
    {
      config: admin,
      schema: {
        summary: "A request's finance settlement, equity and warnings",
        params: valuationIdParamsSchema,
        response: { 200: financeSettlementSchema, ...adminErrors },
      },
    },
    async (request) => financeFor(deps.db, request.params.id, deps.clock()),
  );

  app.put(
    '/api/admin/valuations/:id/finance',
    {
      config: admin,
      schema: {
        summary: 'Confirm the finance settlement from the settlement letter',
        params: valuationIdParamsSchema,
        body: confirmFinanceSchema,
        response: { 200: financeSettlementSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      const { lender, settlement, validUntil } = request.body;
      const now = deps.clock();
      await confirmFinance(deps.db, { valuationId: id, lender, settlementPence: settlement, validUntil, userId, now });
      request.log.info({ valuationId: id, by: userId }, 'finance settlement confirmed');
      return financeFor(deps.db, id, now);
    },
  );
};
