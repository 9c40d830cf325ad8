import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { fileAnswer } from '~/server/http/api-content';
import { AppError } from '~/server/http/app-error';
import { valuationIdParamsSchema } from '~/shared/admin-valuations';
import { apiErrorSchema } from '~/shared/api-error';
import { handoverRequestSchema, handoverViewSchema, paymentRequestSchema } from '~/shared/handover-schemas';
import { sellerPortalMessages } from '~/shared/seller-portal-basics';
import type { Outbox } from '../messages';
import { createSellerGuard } from '../valuations';
import {
  handoverView,
  receiptPdf,
  recordHandover,
  recordPayment,
  type HandoverDeps,
  type ReceiptSite,
} from './handover-service';

export type HandoverRoutesDeps = {
  db: Db;
  outbox: Outbox;
  clock: () => Date;
  site: ReceiptSite;
  promotionAt: HandoverDeps['promotionAt'];
  /** The seller's cookie (features/seller-portal): whose receipt the seller's call is about. */
  sellerCookie: (request: FastifyRequest) => string | undefined;
  linkDaysAfterClose: number;
  /** The seller's receipt downloads per client address and window; default RECEIPT_CALLS_LIMIT. */
  callsLimit?: { limit: number; windowMs: number };
};

/** Per client address: a receipt opened a few times, and guesses at cookies counted with them. */
export const RECEIPT_CALLS_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };
const receiptAnswer = fileAnswer('The purchase receipt, as a PDF', ['application/pdf']);

/**
 * Collection day's handover and payment (issue 36): staff's phone screen reads and records them;
 * the receipt is theirs and the seller's to download. Never cached: they carry a sale's money.
 */
export const handoverRoutes: FastifyPluginAsyncZod<HandoverRoutesDeps> = async (app, deps) => {
  const service: HandoverDeps = { db: deps.db, outbox: deps.outbox, site: deps.site, promotionAt: deps.promotionAt };
  const sellerValuation = createSellerGuard({
    ...deps,
    bucket: 'seller-receipt',
    calls: deps.callsLimit ?? RECEIPT_CALLS_LIMIT,
    tooMany: sellerPortalMessages.tooMany,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store, private');
  });

  app.get(
    '/api/admin/valuations/:id/handover',
    {
      config: admin,
      schema: {
        summary: 'What the driver needs at the door: the car, the seller, the price and its split',
        params: valuationIdParamsSchema,
        response: { 200: handoverViewSchema, ...adminErrors },
      },
    },
    async (request) => handoverView(deps.db, request.params.id, deps.clock()),
  );

  app.post(
    '/api/admin/valuations/:id/handover',
    {
      config: admin,
      schema: {
        summary: 'Record the handover: the car as declared (collected) or not (we do not buy it)',
        params: valuationIdParamsSchema,
        body: handoverRequestSchema,
        response: { 200: handoverViewSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      const now = deps.clock();
      await recordHandover(service, { valuationId: id, request: request.body, userId, now });
      request.log.info({ valuationId: id, by: userId, condition: request.body.condition }, 'handover recorded');
      return handoverView(deps.db, id, now);
    },
  );

  app.post(
    '/api/admin/valuations/:id/payment',
    {
      config: admin,
      schema: {
        summary: 'Record the Faster Payments that pay for the car, and complete the sale',
        params: valuationIdParamsSchema,
        body: paymentRequestSchema,
        response: { 200: handoverViewSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      const now = deps.clock();
      await recordPayment(service, { valuationId: id, request: request.body, userId, now });
      request.log.info({ valuationId: id, by: userId }, 'payment recorded');
      return handoverView(deps.db, id, now);
    },
  );

  app.get(
    '/api/admin/valuations/:id/receipt',
    {
      config: admin,
      schema: {
        summary: 'The purchase receipt of a completed sale (PDF)',
        params: valuationIdParamsSchema,
        response: { 200: receiptAnswer, ...adminErrors },
      },
    },
    async (request, reply) => {
      const receipt = await receiptPdf(deps.db, deps.site, request.params.id);
      if (!receipt) throw new AppError('NOT_FOUND', 'There is no receipt: this sale is not paid.');
      return sendReceipt(reply, receipt);
    },
  );

  app.get(
    '/api/your-valuation/receipt',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The purchase receipt of the seller’s sale (PDF)',
        response: { 200: receiptAnswer, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request);
      const receipt = await receiptPdf(deps.db, deps.site, valuationId);
      if (!receipt) throw new AppError('NOT_FOUND', 'There is no receipt yet: we send it once we have paid you.');
      return sendReceipt(reply, receipt);
    },
  );
};

function sendReceipt(reply: FastifyReply, receipt: { filename: string; pdf: Buffer }) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${receipt.filename}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .send(receipt.pdf);
}
