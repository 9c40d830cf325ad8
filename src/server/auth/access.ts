import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '~/server/http/app-error';
import { authMessages } from '~/shared/auth-schemas';
import type { ActiveSession, SessionStore } from './sessions';

/**
 * Who may call what, enforced on the server for every route (DESIGN section 5).
 *
 * Every /api route declares `config.access`: 'public', 'signedIn' or 'admin';
 * registering one without it fails at start-up, so none can be forgotten. The
 * check runs before the body is read: anonymous callers get 401, signed-in
 * non-admins 403, and an admin who must still replace a generated password gets
 * 403 PASSWORD_CHANGE_REQUIRED everywhere except the auth routes.
 */
export type Access = 'public' | 'signedIn' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** For provider webhooks that are verified by signature instead (Twilio). */
    allowCrossSite?: boolean;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
  }
}

export type RegisteredRoute = { method: string; url: string; access: Access | undefined };

export function sessionCookieName(secure: boolean) {
  // `__Host-` binds the cookie to this exact host, https only, path / (ASVS 3.3.3).
  return secure ? '__Host-sid' : 'sid';
}

export type SessionCookies = {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
};

export function sessionCookies(secure: boolean): SessionCookies {
  const name = sessionCookieName(secure);
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    read: (request) => request.cookies[name],
    set: (reply, token) => void reply.setCookie(name, token, options),
    clear: (reply) => void reply.clearCookie(name, options),
  };
}

export async function registerAccessControl(
  app: FastifyInstance,
  options: { sessions: SessionStore; cookies: SessionCookies; routes: RegisteredRoute[] },
) {
  const { sessions, cookies, routes } = options;
  await app.register(cookie);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, access });
    if (route.url.startsWith('/api') && !access) {
      throw new Error(`Route ${methods.join(',')} ${route.url} must declare config.access`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access ?? 'public';
    if (access === 'public') return;
    const token = cookies.read(request);
    const session = token ? await sessions.find(token) : null;
    if (!session) {
      if (token) cookies.clear(reply);
      throw new AppError('UNAUTHENTICATED', authMessages.signInRequired);
    }
    request.auth = session;
    if (access === 'admin') {
      if (!session.user.isAdmin) throw new AppError('FORBIDDEN', authMessages.adminRequired);
      if (session.user.mustChangePassword) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', authMessages.passwordChangeRequired);
      }
    }
  });
}

/** The signed-in session of a guarded route (the hook above guarantees it). */
export function requireAuth(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', authMessages.signInRequired);
  return request.auth;
}
