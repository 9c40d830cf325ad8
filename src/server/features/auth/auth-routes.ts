import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, type SessionCookies } from '~/server/auth/access';
import { apiErrorSchema } from '~/shared/api-error';
import { changePasswordInputSchema, loginInputSchema, sessionUserSchema } from '~/shared/auth-schemas';
import { changePassword, signIn, toSessionUser, type AuthDeps } from './auth-service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};

/** Sign-in, sign-out, the current user and password change (/api/auth). */
export const authRoutes: FastifyPluginAsyncZod<AuthDeps & { cookies: SessionCookies }> = async (app, deps) => {
  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { summary: 'Sign in', body: loginInputSchema, response: { 200: sessionUserSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { user, token } = await signIn(deps, request.body, request.ip);
      // Rotation: whatever session the browser had before is ended (ASVS 7.2.4).
      const previous = deps.cookies.read(request);
      if (previous) await deps.sessions.destroy(previous);
      deps.cookies.set(reply, token);
      request.log.info({ userId: user.id }, 'sign-in succeeded');
      return toSessionUser(user);
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { summary: 'Sign out', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const token = deps.cookies.read(request);
      if (token) await deps.sessions.destroy(token);
      deps.cookies.clear(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/user',
    {
      config: { access: 'signedIn' },
      schema: { summary: 'Get the signed-in user', response: { 200: sessionUserSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return toSessionUser(requireAuth(request).user);
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { access: 'signedIn' },
      schema: {
        summary: 'Change your password',
        body: changePasswordInputSchema,
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await changePassword(deps, requireAuth(request), request.body, request.ip);
      request.log.info({ userId: updated.id }, 'password changed; other sessions ended');
      return toSessionUser(updated);
    },
  );
};
