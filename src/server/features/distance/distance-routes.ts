import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '~/server/http/app-error';
import { apiErrorSchema } from '~/shared/api-error';
import { distanceResultSchema } from '~/shared/distance-schema';
import { postcodePatterns } from '~/shared/valuation-fields';
import { directionsTo } from './directions';
import { checkDistancePostcode, type DistanceLookup } from './distance-service';

export type DistanceRoutesDeps = {
  lookup: DistanceLookup;
  /** GOOGLE_MAPS_EMBED_KEY: answers then carry a Maps Embed directions frame's address. */
  embedKey: string | undefined;
};

/**
 * `GET /api/distance/{postcode}` (admins): SPEC's distance result from the collection base, with
 * 200 for every answer the route service (or the estimate) gave, OK or not, and 502/503 with the
 * same shape (status ERROR) when the route service failed. A postcode that cannot be looked up
 * gets 400 with the API's usual error body. Every answer carries `directions` (directions.ts).
 */
export const distanceRoutes: FastifyPluginAsyncZod<DistanceRoutesDeps> = async (app, deps) => {
  app.get(
    '/api/distance/:postcode',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Get the distance to a postcode',
        // Checked in the handler, so the message says what is wrong with it.
        params: z.object({
          postcode: z.string().max(40).meta({
            pattern: postcodePatterns.fullOrDistrict,
            description:
              'A full UK postcode or a postcode district, such as LN11 0LQ or LN11 (any capitals and spacing).',
          }),
        }),
        response: {
          200: distanceResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          502: distanceResultSchema,
          503: distanceResultSchema,
        },
      },
    },
    async (request, reply) => {
      const { postcode, problem } = checkDistancePostcode(request.params.postcode);
      if (problem) throw new AppError('INVALID_INPUT', problem);
      const { result, httpStatus } = await deps.lookup.lookup(postcode);
      const directions = directionsTo(result.origin, result.postcode, deps.embedKey);
      return reply.code(httpStatus).send({ ...result, directions });
    },
  );
};
