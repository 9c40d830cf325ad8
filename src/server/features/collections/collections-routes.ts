import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { carValuations } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { apiErrorSchema } from '~/shared/api-error';
import { valuationIdParamsSchema } from '~/shared/admin-valuations';
import { sellerCollectionSchema, slotChoiceSchema } from '~/shared/collection-schemas';
import type { DistanceBand } from '~/shared/distance';
import { sellerPortalMessages } from '~/shared/seller-portal-basics';
import type { Outbox } from '../messages';
import { createSellerGuard } from '../valuations';
import { bookCollection, cancelCollection } from './bookings';
import { sellerCollection } from './seller-collection';

export type CollectionRoutesDeps = {
  db: Db;
  outbox: Outbox;
  clock: () => Date;
  staffNotifyEmails: readonly string[];
  /** The distance band of a postcode from the collection base (features/distance), null if unknown. */
  bandOf: (postcode: string) => Promise<DistanceBand | null>;
  sellerCookie: (request: FastifyRequest) => string | undefined;
  linkDaysAfterClose: number;
  /** The seller's calls per client address and window; default COLLECTION_CALLS_LIMIT. */
  callsLimit?: { limit: number; windowMs: number };
};

/** Per client address: looking at the days, booking, moving once or twice. */
export const COLLECTION_CALLS_LIMIT = { limit: 120, windowMs: 10 * 60_000 };

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * Collection day's booking calls (issue 36). The seller's are `public` for the app's access control
 * and their cookie is the check, done first (404 otherwise); staff's are admin-only. Every answer
 * is the seller's view of collection day, or staff's of the request's booking.
 */
export const collectionRoutes: FastifyPluginAsyncZod<CollectionRoutesDeps> = async (app, deps) => {
  const sellerValuation = createSellerGuard({
    ...deps,
    bucket: 'seller-collection',
    calls: deps.callsLimit ?? COLLECTION_CALLS_LIMIT,
    tooMany: sellerPortalMessages.tooMany,
  });
  const bookingDeps = { db: deps.db, outbox: deps.outbox, staffNotifyEmails: deps.staffNotifyEmails };

  async function valuationOf(id: string) {
    const [valuation] = await deps.db.select().from(carValuations).where(eq(carValuations.id, id));
    if (!valuation) throw new AppError('NOT_FOUND', sellerPortalMessages.notFound);
    return valuation;
  }
  async function viewOf(id: string) {
    const valuation = await valuationOf(id);
    return sellerCollection(deps.db, valuation, () => deps.bandOf(valuation.postcode), deps.clock());
  }

  app.get(
    '/api/your-valuation/collection',
    {
      config: { access: 'public' },
      schema: { summary: 'Collection day (seller)', response: { 200: sellerCollectionSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return viewOf(await sellerValuation(request));
    },
  );

  app.put(
    '/api/your-valuation/collection',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Book or move the collection (seller)',
        body: slotChoiceSchema,
        response: { 200: sellerCollectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const id = await sellerValuation(request);
      const valuation = await valuationOf(id);
      const band = await deps.bandOf(valuation.postcode);
      const booking = await bookCollection(bookingDeps, {
        valuationId: id,
        ...request.body,
        actor: { kind: 'seller' },
        band,
        now: deps.clock(),
      });
      request.log.info({ valuationId: id, bookingId: booking.id }, 'collection booked by the seller');
      return viewOf(id);
    },
  );

  app.delete(
    '/api/your-valuation/collection',
    {
      config: { access: 'public' },
      schema: { summary: 'Cancel the collection (seller)', response: { 200: sellerCollectionSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const id = await sellerValuation(request);
      await cancelCollection(bookingDeps, { valuationId: id, actor: { kind: 'seller' }, now: deps.clock() });
      request.log.info({ valuationId: id }, 'collection cancelled by the seller');
      return viewOf(id);
    },
  );

  app.put(
    '/api/admin/valuations/:id/collection',
    {
      config: admin,
      schema: {
        summary: 'Book or move the collection for a request (any future day with room)',
        params: valuationIdParamsSchema,
        body: slotChoiceSchema,
        response: { 200: sellerCollectionSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      const valuation = await valuationOf(id);
      await bookCollection(bookingDeps, {
        valuationId: id,
        ...request.body,
        actor: { kind: 'staff', userId },
        band: await deps.bandOf(valuation.postcode),
        now: deps.clock(),
      });
      return viewOf(id);
    },
  );

  app.delete(
    '/api/admin/valuations/:id/collection',
    {
      config: admin,
      schema: {
        summary: 'Cancel the collection of a request',
        params: valuationIdParamsSchema,
        response: { 200: sellerCollectionSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { id } = request.params;
      await cancelCollection(bookingDeps, { valuationId: id, actor: { kind: 'staff', userId }, now: deps.clock() });
      return viewOf(id);
    },
  );
};
