import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { noStoreByDefault } from '~/server/http/security-headers';
import { apiErrorSchema } from '~/shared/api-error';
import { boardQuerySchema, boardSchema } from '~/shared/board';
import { loadBoard } from './board-service';

export type BoardRoutesDeps = { db: Db; clock: () => Date };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * The board (issue 37): the open requests by stage, for staff only. Moving a card uses the calls
 * that move a request elsewhere (the status and the contact log), so the lifecycle's rules and the
 * timeline stay in one place.
 */
export const boardRoutes: FastifyPluginAsyncZod<BoardRoutesDeps> = async (app, deps) => {
  noStoreByDefault(app);

  app.get(
    '/api/admin/valuations/board',
    {
      config: admin,
      schema: {
        summary: 'The open valuations by stage (the board)',
        description:
          'For each open stage, its count (capped like the list’s) and its newest cards. With `stage` and ' +
          '`after` (the last card shown), the next cards of that column only. `owner` and `q` filter as the ' +
          'active list does.',
        querystring: boardQuerySchema,
        response: { 200: boardSchema, ...errors },
      },
    },
    async (request) =>
      loadBoard(deps.db, request.query, { now: deps.clock(), viewerUserId: requireAuth(request).user.id }),
  );
};
