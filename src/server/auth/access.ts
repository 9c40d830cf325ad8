import cookie from '@fastify/cookie';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { AppError } from '~/server/http/app-error';
import { authMessages } from '~/shared/auth-schemas';
import type { ActiveSession, SessionStore } from './sessions';

/**
 * Who may call what, enforced on the server for every route (DESIGN section 5).
 *
 * Every route (API, pages, files) declares `config.access`: 'public',
 * 'signedIn' or 'admin'; registering one without it fails at start-up, naming
 * the route, so none can be forgotten. Outside plugins' routes get theirs from
 * registerWithAccess. The
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

export type RegisteredRoute = { method: string; url: string; access: Access };

const pluginAccess = Symbol('access of the routes of a plugin we do not write');
type ScopeWithAccess = FastifyInstance & { [pluginAccess]?: Access };

/**
 * Registers an outside plugin whose routes cannot carry our `config` (such as
 * @fastify/static) with one access for every route it adds. The plugin runs in
 * its own scope, so routes registered elsewhere still have to declare theirs.
 */
export async function registerWithAccess<Options extends FastifyPluginOptions>(
  app: FastifyInstance,
  access: Access,
  plugin: FastifyPluginCallback<Options> | FastifyPluginAsync<Options>,
  options: Options,
): Promise<void> {
  await app.register(async (scope) => {
    (scope as ScopeWithAccess)[pluginAccess] = access;
    await scope.register(plugin, options);
  });
}

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

  app.addHook('onRoute', function (route) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access ?? (this as ScopeWithAccess)[pluginAccess];
    if (!access) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} must declare config.access ('public', 'signedIn' or 'admin')`,
      );
    }
    // Routes of a plugin registered with registerWithAccess get its access in their config.
    route.config = { ...route.config, access };
    for (const method of methods) routes.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request, reply) => {
    // Every route declares access (above); only the not-found handler has none.
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
