import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '~/server/http/app-error';
import { apiErrorSchema } from '~/shared/api-error';
import { vehicleInfoFailureSchema, vehicleInfoMessages, vehicleInfoResultSchema } from '~/shared/vehicle-info';
import { checkLookupRegistration, lookupRegistrationParam } from '~/shared/vehicle-lookup';
import type { VehicleInfo } from './vehicle-info-service';

const failure = vehicleInfoFailureSchema;

/**
 * `GET /api/dvla-info/{registration}` (admins): SPEC's government vehicle-info result for the
 * valuation's DVLA tab, or `{ success: false, error }` with 400 (not a UK registration, checked
 * and normalised as the seller's lookup does), 404, 502 or 503. Sign-in refusals (401, 403) come
 * from the access check, in the API's usual error shape.
 */
export const vehicleInfoRoutes: FastifyPluginAsyncZod<{ info: VehicleInfo }> = async (app, { info }) => {
  app.get(
    '/api/dvla-info/:registration',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Get a vehicle's DVLA information",
        // Checked in the handler, so a bad registration gets the same `{ success: false }` answer.
        params: z.object({ registration: lookupRegistrationParam }),
        response: {
          200: vehicleInfoResultSchema,
          // Or the error handler's own, for a malformed address or a busy server.
          400: z.union([failure, apiErrorSchema]),
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: failure,
          502: failure,
          503: z.union([failure, apiErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      try {
        const { registration, problem } = checkLookupRegistration(request.params.registration);
        if (problem) throw new AppError('INVALID_INPUT', problem);
        if (!info.configured) throw new AppError('NOT_CONFIGURED', vehicleInfoMessages.notConfigured);
        const outcome = await info.lookup(registration);
        if (!outcome.found) throw new AppError('NOT_FOUND', vehicleInfoMessages.notFound);
        return outcome.result;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.info(
          { code: error.code, detail: error.options.detail },
          `vehicle information refused: ${error.code}`,
        );
        if (error.options.headers) reply.headers(error.options.headers);
        const status = error.statusCode as 400 | 404 | 502 | 503;
        return reply.code(status).send({ success: false, error: error.message, code: error.code });
      }
    },
  );
};
