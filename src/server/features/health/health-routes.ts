import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/api-error';

/**
 * What anyone may learn: up or not. No version: it would tell an attacker which known flaws to try
 * (staff see it in the admin-only API document, /api/openapi.json).
 */
const healthSchema = z.object({
  status: z.enum(['ok', 'error', 'stopping']),
  database: z.enum(['ok', 'unreachable']),
});

export type HealthDeps = {
  ping: () => Promise<void>;
  /** True once the process has been told to stop and is draining (server.ts, SHUTDOWN_DRAIN_SECONDS). */
  stopping?: () => boolean;
};

/**
 * Liveness and readiness in one: 200 only after a real query succeeds, and 503 "stopping" while the
 * process drains before it stops, so a load balancer's check takes it out of rotation first.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, { ping, stopping }) => {
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
    if (stopping?.()) return reply.status(503).send({ status: 'stopping', database: 'ok' });
    try {
      await ping();
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });
};
