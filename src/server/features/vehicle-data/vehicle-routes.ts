import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/api-error';
import { AppError } from '~/server/http/app-error';
import type { RateLimit } from '~/server/http/rate-limit';
import {
  checkLookupRegistration,
  lookupRegistrationParam,
  vehicleLookupFailureSchema,
  vehicleLookupMessages,
  vehicleLookupResultSchema,
} from '~/shared/vehicle-lookup';
import type { VehicleInfo } from './vehicle-info-service';
import { vehicleInfoRoutes } from './vehicle-info-routes';
import type { VehicleLookup } from './vehicle-lookup-service';

export type VehicleRoutesDeps = { lookup: VehicleLookup; rateLimit: RateLimit; info: VehicleInfo };

const failure = vehicleLookupFailureSchema;

/**
 * `GET /api/vehicle/{registration}` (public): SPEC's vehicle lookup result, or
 * `{ success: false, message }` with 400, 404, 429, 502 or 503. Every refusal has that shape, so
 * the wizard reads one kind of answer.
 */
export const vehicleRoutes: FastifyPluginAsyncZod<VehicleRoutesDeps> = async (app, deps) => {
  // The admin's DVLA tab: DVLA's record and DVSA's MOT history together.
  await app.register(vehicleInfoRoutes, { info: deps.info });

  app.get(
    '/api/vehicle/:registration',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Look up a vehicle by registration',
        // Checked in the handler, so a bad registration gets the same `{ success: false }` answer.
        params: z.object({ registration: lookupRegistrationParam }),
        response: {
          200: vehicleLookupResultSchema,
          // Or the error handler's own, for a malformed address or a busy server.
          400: z.union([failure, apiErrorSchema]),
          404: failure,
          429: failure,
          502: failure,
          503: z.union([failure, apiErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      try {
        await deps.rateLimit.take(request.ip);
        const { registration, problem } = checkLookupRegistration(request.params.registration);
        if (problem) throw new AppError('INVALID_INPUT', problem);
        if (!deps.lookup.configured) throw new AppError('NOT_CONFIGURED', vehicleLookupMessages.notConfigured);
        const outcome = await deps.lookup.lookup(registration);
        if (!outcome.found) throw new AppError('NOT_FOUND', vehicleLookupMessages.notFound);
        return outcome.result;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.info({ code: error.code, detail: error.options.detail }, `vehicle lookup refused: ${error.code}`);
        if (error.options.headers) reply.headers(error.options.headers);
        const status = error.statusCode as 400 | 404 | 429 | 502 | 503;
        return reply.code(status).send({ success: false, message: error.message, code: error.code });
      }
    },
  );
};
