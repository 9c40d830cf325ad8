import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { healthRoutes } from './features/health/health-routes';
import { buildSiteConfig } from './features/site/site-config';
import { registerErrorHandling } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { loggerOptions } from './logger';
import { registerPageRoutes, type RenderSource } from './render/page-routes';

export type AppDeps = {
  config: AppConfig;
  database: Database;
  /** Server rendering of pages; tests of the JSON API can leave it out. */
  renderSource?: RenderSource;
  /** Built browser files to serve (dist/client); absent in development and API tests. */
  staticRoot?: string;
  /** Where log lines go (tests capture them); standard output when absent. */
  logStream?: DestinationStream;
  /** Extra plugins registered before the page routes (Vite's dev middleware). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
};

const ONE_YEAR = 31_536_000;

/**
 * The whole HTTP application, without listening (main.ts listens; tests use
 * app.inject). Registration order: outside plugins, then our error handling,
 * then routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: { ...loggerOptions(config), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // Closing waits for in-flight requests but drops idle keep-alive sockets.
    forceCloseConnections: 'idle',
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurityHeaders(app, { https: config.secureCookies, dev: config.env === 'development' });
  await app.register(compress, { global: true, threshold: 1024 });
  registerErrorHandling(app);

  await app.register(healthRoutes, { ping: () => database.ping() });

  if (deps.beforeRoutes) await deps.beforeRoutes(app);
  if (deps.staticRoot) await registerBuiltAssets(app, deps.staticRoot);
  if (deps.renderSource) {
    registerPageRoutes(app, { source: deps.renderSource, site: buildSiteConfig(config) });
  }
  return app;
}

/**
 * Files from the client build. Hashed files under /assets never change, so
 * browsers may keep them for a year; the rest (favicon and the like) for an hour.
 */
async function registerBuiltAssets(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The HTML template and Vite's manifest are for the server only.
    allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith('/.vite/'),
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600');
    },
  });
}
