import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '~/server/http/api-content';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { valuationIdParamsSchema } from '~/shared/admin-valuations';
import { apiErrorSchema } from '~/shared/api-error';
import {
  dealerForwardRequestSchema,
  dealerForwardResponseSchema,
  dealerReportPreviewQuerySchema,
} from '~/shared/dealer-forward';
import type { Outbox } from '../messages';
import { forwardToDealer } from './dealer-forward-service';
import type { DealerReports } from './dealer-report';

export type DealerForwardRoutesDeps = {
  db: Db;
  outbox: Outbox;
  reports: DealerReports;
  clock: () => Date;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * Forward to Dealer (issue 11), admins only: `GET /api/valuations/:id/preview-pdf` shows the
 * report staff are about to send (opened in a new tab), `POST /api/valuations/:id/send-to-dealer`
 * queues it to the dealer by e-mail (202: accepted for sending; the Messages screen and the
 * timeline follow its delivery).
 */
export const dealerForwardRoutes: FastifyPluginAsyncZod<DealerForwardRoutesDeps> = async (app, deps) => {
  app.get(
    '/api/valuations/:id/preview-pdf',
    {
      config: admin,
      schema: {
        summary: 'Preview the dealer report',
        params: valuationIdParamsSchema,
        querystring: dealerReportPreviewQuerySchema,
        response: { 200: fileAnswer('The dealer report, as a PDF', ['application/pdf']), ...errors },
      },
    },
    async (request, reply) => {
      const { includeContactDetails } = request.query;
      const report = await deps.reports.render(request.params.id, { includeContactDetails });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${report.filename}"`)
        .header('Cache-Control', 'no-store, private')
        .send(report.pdf);
    },
  );

  app.post(
    '/api/valuations/:id/send-to-dealer',
    {
      config: admin,
      schema: {
        summary: 'Send a valuation to a dealer',
        params: valuationIdParamsSchema,
        body: dealerForwardRequestSchema,
        response: { 202: dealerForwardResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const actorUserId = requireAuth(request).user.id;
      const body = request.body;
      const queued = await forwardToDealer(deps.db, deps.outbox, deps.reports, {
        ...body,
        valuationId: id,
        actorUserId,
        now: deps.clock(),
      });
      // The dealer's address stays out of the log; the timeline has it.
      request.log.info(
        { valuationId: id, by: actorUserId, messageId: queued.messageId, withContact: body.includeContactDetails },
        'valuation forwarded to a dealer',
      );
      return reply.status(202).send(queued);
    },
  );
};
