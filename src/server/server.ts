import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app';
import { ensureFirstAdmin } from './auth/first-admin';
import { createPasswordHasher } from './auth/passwords';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { missingBusinessDetails } from './features/site/site-config';
import { projectRoot } from './project-root';
import { distDir, productionRenderSource } from './render/production-source';

/**
 * Starts the server: database, migrations, listen, and a graceful stop on
 * SIGTERM/SIGINT. main.ts (production) and dev.ts (development) call it.
 */
export async function startServer(options: {
  config: AppConfig;
  makeDeps?: (config: AppConfig, database: Database) => Promise<Omit<AppDeps, 'config' | 'database'>>;
}): Promise<FastifyInstance> {
  const { config } = options;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database);
    const extra = options.makeDeps
      ? await options.makeDeps(config, database)
      : { renderSource: await productionRenderSource(projectRoot), staticRoot: distDir(projectRoot).client };
    const passwordHasher = createPasswordHasher();
    app = await buildApp({ config, database, passwordHasher, ...extra });
    warnAboutMissingDetails(app, config);
    await ensureFirstAdmin({ db: database.db, hasher: passwordHasher, firstAdmin: config.firstAdmin, log: app.log });
    app.addHook('onClose', async () => database.close());
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { engine: database.engine, dataDir: database.engine === 'pglite' ? config.dataDir : undefined },
      `Serving on ${config.publicBaseUrl}`,
    );
    stopGracefullyOnSignals(app);
    return app;
  } catch (error) {
    if (app) await app.close();
    else await database.close();
    throw error;
  }
}

function warnAboutMissingDetails(app: FastifyInstance, config: AppConfig) {
  const missing = missingBusinessDetails(config);
  if (missing.length > 0) {
    app.log.warn(
      `Business details not set, so the site leaves them out: ${missing.join(', ')}. Set them before launch (see README).`,
    );
  }
}

function stopGracefullyOnSignals(app: FastifyInstance) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests, then stopping`);
    const force = setTimeout(() => {
      app.log.error('Still busy after 10 s: stopping anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'Error while stopping');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Loads config; a bad value ends the process with one clear line per problem. */
export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
