import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '~/server/auth/access';
import { apiErrorSchema } from '~/shared/api-error';
import {
  adminUserSchema,
  createUserInputSchema,
  updateUserInputSchema,
  userIdParamsSchema,
} from '~/shared/auth-schemas';
import type { SessionStore } from '~/server/auth/sessions';
import { createUser, deleteUser, listUsers, toAdminUser, updateUser, type UsersDeps } from './users-service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};
const admin = { access: 'admin' as const };

/** Managing admin accounts (/api/admin/users). Admins only. */
export const usersRoutes: FastifyPluginAsyncZod<UsersDeps & { sessions: Pick<SessionStore, 'forgetUser'> }> = async (
  app,
  deps,
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/api/admin/users',
    {
      config: admin,
      schema: { summary: 'List staff accounts', response: { 200: z.array(adminUserSchema), ...errors } },
    },
    async () => (await listUsers(deps.db)).map(toAdminUser),
  );

  app.post(
    '/api/admin/users',
    {
      config: admin,
      schema: {
        summary: 'Create a staff account',
        body: createUserInputSchema,
        response: { 201: adminUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createUser(deps, request.body);
      request.log.info({ userId: created.id, by: requireAuth(request).user.id }, 'admin user created');
      return reply.status(201).send(toAdminUser(created));
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: admin,
      schema: {
        summary: 'Update a staff account',
        params: userIdParamsSchema,
        body: updateUserInputSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireAuth(request).user;
      const updated = await updateUser(deps.db, actor.id, request.params.id, request.body);
      deps.sessions.forgetUser(updated.id); // their next request is judged on the new account
      request.log.info({ userId: updated.id, by: actor.id }, 'admin user updated');
      return toAdminUser(updated);
    },
  );

  app.delete(
    '/api/admin/users/:id',
    {
      config: admin,
      schema: { summary: 'Delete a staff account', params: userIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const actor = requireAuth(request).user;
      await deleteUser(deps.db, actor.id, request.params.id);
      deps.sessions.forgetUser(request.params.id);
      request.log.info({ userId: request.params.id, by: actor.id }, 'admin user deleted');
      return reply.status(204).send(null);
    },
  );
};
