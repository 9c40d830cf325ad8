import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '~/server/db/client';
import { carValuations } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { apiErrorSchema } from '~/shared/api-error';
import {
  damageMarkerChangeSchema,
  damageMarkerInputSchema,
  damageMarkerParamsSchema,
  damageMarkerSchema,
  damageMarkersSchema,
} from '~/shared/damage-markers';
import { sellerPortalMessages } from '~/shared/seller-portal-basics';
import { eq } from 'drizzle-orm';
import { createSellerGuard, damageMarkersOf, photoIds } from '../valuations';
import { addDamageMarker, changeDamageMarker, markersEditable, removeDamageMarker } from './damage-markers';

export type DamageRoutesDeps = {
  db: Db;
  clock: () => Date;
  /** The seller's cookie (features/seller-portal): whose request the calls are about. */
  sellerCookie: (request: FastifyRequest) => string | undefined;
  linkDaysAfterClose: number;
  /** Calls per client address and window; default DAMAGE_CALLS_LIMIT. */
  callsLimit?: { limit: number; windowMs: number };
};

/** Per client address: placing, moving and describing a dozen marks is a few dozen calls. */
export const DAMAGE_CALLS_LIMIT = { limit: 300, windowMs: 10 * 60_000 };

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/**
 * The seller's damage markers from their own page (issue 35). As every seller's call, access is
 * `public` for the app's access control and the seller's cookie is the check, done first: a wrong,
 * stale or missing one answers as a request that does not exist (404). Staff read the markers in
 * the valuation's detail.
 */
export const damageRoutes: FastifyPluginAsyncZod<DamageRoutesDeps> = async (app, deps) => {
  const guard = createSellerGuard({
    ...deps,
    bucket: 'damage-markers',
    calls: deps.callsLimit ?? DAMAGE_CALLS_LIMIT,
    tooMany: sellerPortalMessages.tooMany,
  });

  /** The request the seller's cookie opens now, or 404; the answer is never kept anywhere. */
  async function sellerValuation(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return guard(request);
  }

  app.get(
    '/api/your-valuation/damage',
    {
      config: { access: 'public' },
      schema: { summary: 'List the damage markers (seller)', response: { 200: damageMarkersSchema, ...errors } },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request, reply);
      const [valuation] = await deps.db
        .select({ status: carValuations.status, photoPaths: carValuations.photoPaths })
        .from(carValuations)
        .where(eq(carValuations.id, valuationId));
      if (!valuation) throw new AppError('NOT_FOUND', sellerPortalMessages.notFound);
      return {
        markers: await damageMarkersOf(deps.db, valuationId, photoIds(valuation.photoPaths)),
        editable: markersEditable(valuation.status),
      };
    },
  );

  app.post(
    '/api/your-valuation/damage',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Mark damage on the car diagram (seller)',
        body: damageMarkerInputSchema,
        response: { 201: damageMarkerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request, reply);
      const marker = await addDamageMarker(deps.db, { valuationId, marker: request.body, now: deps.clock() });
      request.log.info({ valuationId, markerId: marker.id }, 'damage marked');
      return reply.status(201).send(marker);
    },
  );

  app.patch(
    '/api/your-valuation/damage/:markerId',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Move or change a damage marker (seller)',
        params: damageMarkerParamsSchema,
        body: damageMarkerChangeSchema,
        response: { 200: damageMarkerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request, reply);
      return changeDamageMarker(deps.db, {
        valuationId,
        markerId: request.params.markerId,
        fields: request.body,
        now: deps.clock(),
      });
    },
  );

  app.delete(
    '/api/your-valuation/damage/:markerId',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Remove a damage marker (seller)',
        params: damageMarkerParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const valuationId = await sellerValuation(request, reply);
      await removeDamageMarker(deps.db, { valuationId, markerId: request.params.markerId, now: deps.clock() });
      return reply.status(204).send(null);
    },
  );
};
