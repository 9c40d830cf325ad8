import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app';
import { testClock } from './lib/test-clock';
import { ensureFirstAdmin } from './auth/first-admin';
import { createLoginThrottle } from './auth/login-throttle';
import { createPasswordHasher } from './auth/passwords';
import { createSessionStore } from './auth/sessions';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { maintainPglite, PGLITE_MAINTENANCE_EVERY_MS } from './db/pglite-maintenance';
import { deleteExpiredVisitRecords } from './features/analytics';
import { deleteExpiredDistanceLookups } from './features/distance';
import { createOutboxWorker, OUTBOX_CHANNEL, transportsFor } from './features/messages';
import { createRecordingEraser } from './features/calls';
import { createRetention } from './features/retention';
import { closeLapsedRevisions, REVISION_LAPSES_EVERY_MS } from './features/revisions';
import { deleteExpiredVehicleLookups } from './features/vehicle-data';
import { missingBusinessDetails } from './features/site/site-config';
import { deleteExpiredIdempotencyKeys } from './http/idempotency';
import { deleteOldRateLimitCounters } from './http/rate-limit';
import { createJobRunner } from './jobs/runner';
import { sendPromiseAlerts } from './features/pipeline';
import { DATABASE_MAINTENANCE_JOB, OUTBOX_JOB, RETENTION_JOB, serverJobs } from './jobs/server-jobs';
import { projectRoot } from './project-root';
import { distDir, productionRenderSource } from './render/production-source';
import { storesFor } from './storage/stores';

/** On SIGTERM, requests still arriving get this long to arrive whole before their connection is closed. */
export const SHUTDOWN_GRACE_MS = 3_000;
/** If stopping still has not finished by then (a stuck handler or job), the process exits with code 1. */
const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * Starts the server: database, migrations, background jobs, listen, and a
 * graceful stop on SIGTERM/SIGINT. main.ts (production) and dev.ts (development) call it.
 */
export async function startServer(options: {
  config: AppConfig;
  makeDeps?: (config: AppConfig, database: Database) => Promise<Omit<AppDeps, 'config' | 'database'>>;
}): Promise<FastifyInstance> {
  const { config } = options;
  // One set of stores (one S3 client) for the app and the jobs; a bucket that cannot be used stops
  // the start here, before anything is opened, rather than failing the first upload.
  const stores = await storesFor(config);
  await stores.check();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database);
    const extra = options.makeDeps
      ? await options.makeDeps(config, database)
      : { renderSource: await productionRenderSource(projectRoot), staticRoot: distDir(projectRoot).client };
    const passwordHasher = createPasswordHasher();
    const clock = config.testClockFile ? testClock(config.testClockFile) : () => new Date();
    app = await buildApp({
      config,
      database,
      passwordHasher,
      clock,
      files: stores.files,
      uploads: stores.uploads,
      ...extra,
    });
    if (config.testClockFile)
      app.log.warn('TEST_CLOCK_FILE is set: the clock is moved by a test. Never set it in production.');
    warnAboutMissingDetails(app, config);
    await ensureFirstAdmin({
      db: database.db,
      hasher: passwordHasher,
      firstAdmin: config.firstAdmin,
      log: app.log,
      dataDir: config.dataDir,
      tradingName: config.site.SITE_TRADING_NAME,
    });

    const transports = transportsFor(config.messaging);
    const outbox = createOutboxWorker({
      db: database.db,
      transports,
      files: stores.files,
      clock,
      log: app.log.child({ job: OUTBOX_JOB }),
    });
    const promiseOutbox = app.outbox;
    // PGlite forgets its tables' counters when it closes: the maintenance job's first run does every table.
    let maintainedSinceStart = false;
    const jobs = createJobRunner({
      jobs: serverJobs({
        outbox,
        clock,
        expiredRecords: [
          { name: 'idempotency keys', deleteExpired: (now) => deleteExpiredIdempotencyKeys(database.db, now) },
          {
            name: 'request-limit windows',
            // Windows are at most an hour long; anything older has no use.
            deleteExpired: (now) => deleteOldRateLimitCounters(database.db, new Date(now.getTime() - 60 * 60_000)),
          },
          { name: 'cached vehicle lookups', deleteExpired: (now) => deleteExpiredVehicleLookups(database.db, now) },
          { name: 'cached distances', deleteExpired: (now) => deleteExpiredDistanceLookups(database.db, now) },
          // Raw page views past their retention, yesterday's visitor hashes and salts (features/analytics).
          // The daily retention run deletes old raw views too; this keeps the salts' end prompt.
          {
            name: 'visit records',
            deleteExpired: (now, signal) =>
              deleteExpiredVisitRecords(database.db, now, config.retention.visitRecordsDays, signal).then(() => {}),
          },
        ],
        sessions: createSessionStore(database.db, clock),
        throttle: createLoginThrottle(database.db, clock),
        // The 24-hour promise: the owner warned at 20 hours, everyone told at 24 (once, across processes).
        promiseAlerts: {
          everyMs: config.promiseAlertsEveryMs,
          run: (now, signal) =>
            sendPromiseAlerts(
              { db: database.db, outbox: promiseOutbox, staffNotifyEmails: config.staffNotifyEmails },
              now,
              signal,
            ),
        },
        // A revised price the seller left unanswered lapses: closed, on the timeline, staff told.
        revisionLapses: {
          everyMs: REVISION_LAPSES_EVERY_MS,
          run: (now, signal) =>
            closeLapsedRevisions(
              { db: database.db, outbox: promiseOutbox, staffNotifyEmails: config.staffNotifyEmails },
              now,
              signal,
            ),
        },
        // PGlite has no autovacuum: its tables are vacuumed and analysed by this job instead.
        databaseMaintenance:
          database.engine === 'pglite'
            ? {
                everyMs: PGLITE_MAINTENANCE_EVERY_MS,
                run: async (signal) => {
                  const done = await maintainPglite(database.db, signal, { afterStart: !maintainedSinceStart });
                  maintainedSinceStart = true;
                  if (done.length > 0)
                    app?.log.info({ job: DATABASE_MAINTENANCE_JOB, tables: done }, 'database maintenance');
                },
              }
            : undefined,
        // Once a UK day, across every process: what is past its period (RETENTION_* settings) goes.
        retention: createRetention({
          db: database.db,
          files: stores.files,
          periods: config.retention,
          // Recordings older than their period are deleted at Twilio too, when calls are set up.
          recordings: config.calls.twilio ? createRecordingEraser(config.calls.twilio) : undefined,
          clock,
          log: app.log.child({ job: RETENTION_JOB }),
        }),
      }),
      log: app.log,
    });
    // Held messages go out once their channel is configured (this start-up has the new settings).
    await outbox.releaseHeld();
    // Queued messages are sent at once, not at the next poll: NOTIFY arrives when their transaction commits.
    const stopListening = await database
      .listen(OUTBOX_CHANNEL, () => {
        outbox.wake();
        jobs.runOnce(OUTBOX_JOB).catch(() => {}); // refused only once jobs have stopped
      })
      .catch((error: unknown) => {
        app?.log.warn({ err: error }, 'outbox: cannot LISTEN for new messages; polling only');
        return async () => {};
      });
    // Other processes' changes to reviews and vehicles reach this one's kept lists and pages at once.
    const stopHearingChanges = await app.contentChanges.listen().catch((error: unknown) => {
      app?.log.warn({ err: error }, "pages: cannot LISTEN for other processes' changes; re-checking each second");
      return async () => {};
    });
    // Staff sessions are kept for seconds only while this process hears every change to them.
    const stopHearingSessions = await app.sessions.listen(database).catch((error: unknown) => {
      app?.log.warn({ err: error }, 'sessions: cannot LISTEN for changes; each request reads its session');
      return async () => {};
    });
    // Runs once the server has stopped taking requests: a running job finishes, then the database closes.
    app.addHook('onClose', async () => {
      await app?.visits.close(); // the page views still waiting, before the database closes
      await stopHearingChanges();
      await stopHearingSessions();
      await stopListening();
      await jobs.stop();
      await Promise.all([transports.email?.close(), transports.sms?.close()]);
      await database.close();
    });
    const connections = trackConnections(app);
    await app.listen({ port: config.port, host: config.host });
    jobs.start();
    app.log.info(
      { engine: database.engine, dataDir: database.engine === 'pglite' ? config.dataDir : undefined },
      `Serving on ${config.publicBaseUrl}`,
    );
    stopGracefullyOnSignals(app, connections, config.http.shutdownDrainMs);
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

type Connections = ReturnType<typeof trackConnections>;

/** Every open connection, with the request it is on, so shutdown can tell stalled ones from busy ones. */
function trackConnections(app: FastifyInstance) {
  const open = new Map<Socket, { req: IncomingMessage; res: ServerResponse } | null>();
  app.server.on('connection', (socket: Socket) => {
    open.set(socket, null);
    socket.once('close', () => open.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (open.has(req.socket)) open.set(req.socket, { req, res });
  });
  return {
    /**
     * Closes every connection except those whose request has arrived whole and
     * is still being answered: a request whose headers or body are still
     * trickling in is stalled, and an idle one has nothing to lose.
     */
    closeAllButAnswering() {
      for (const [socket, current] of open) {
        const answering = current !== null && current.req.complete && !current.res.writableEnded;
        if (!answering) socket.destroy();
      }
    },
  };
}

/**
 * First drains for `drainMs` (SHUTDOWN_DRAIN_SECONDS): still serving, with /api/health answering
 * 503 so a load balancer stops sending new requests here. Then stops taking new connections and
 * closes keep-alive ones as soon as they are idle; requests still arriving get SHUTDOWN_GRACE_MS,
 * then every connection is closed except those being answered, which finish (a request whose body
 * has arrived is genuine). Then background jobs finish, the database closes, and the process exits 0.
 */
function stopGracefullyOnSignals(app: FastifyInstance, connections: Connections, drainMs: number) {
  const stop = (signal: NodeJS.Signals) => {
    if (app.lifecycle.stopping) return;
    app.lifecycle.stopping = true;
    // The hard limit counts from the signal and covers the drain as well as the stop itself.
    const force = setTimeout(() => {
      app.log.error(`Still busy after ${(drainMs + SHUTDOWN_LIMIT_MS) / 1000} s: stopping anyway`);
      process.exit(1);
    }, drainMs + SHUTDOWN_LIMIT_MS);
    force.unref();
    if (drainMs > 0) {
      app.log.info(`${signal} received: health checks now fail; still serving for ${drainMs / 1000} s`);
      setTimeout(() => closeGracefully(app, connections), drainMs);
    } else {
      app.log.info(`${signal} received: finishing in-flight requests, then stopping`);
      closeGracefully(app, connections);
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

function closeGracefully(app: FastifyInstance, connections: Connections) {
  // Keep-alive connections close as soon as they fall idle between requests (Node closes only
  // those idle at the moment the server closes; busy ones would otherwise linger until the cut-off).
  setInterval(() => app.server.closeIdleConnections(), 100).unref();
  const cutOff = setTimeout(() => {
    app.log.info(`Closing connections still sending their request after ${SHUTDOWN_GRACE_MS / 1000} s`);
    connections.closeAllButAnswering();
  }, SHUTDOWN_GRACE_MS);
  cutOff.unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'Error while stopping');
      process.exit(1);
    },
  );
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
