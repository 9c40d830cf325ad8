import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/api-error';

/**
 * What anyone may learn: up or not. No version: it would tell an attacker which known flaws to try
 * (staff see it in the admin-only API document, /api/openapi.json).
 */
const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
});

/** Liveness and readiness in one: 200 only after a real query succeeds. */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  const options = {
    config: { access: 'public' as const },
    // 503 is also the overload refusal (http/overload.ts), which tells a load balancer to send traffic elsewhere.
    schema: {
      summary: 'Check the server and database are up',
      response: { 200: healthSchema, 503: z.union([healthSchema, apiErrorSchema]) },
    },
  };
  app.get('/api/health', options, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await ping();
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });
};
