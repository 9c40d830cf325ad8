import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccessControl, registerWithAccess, sessionCookies, type RegisteredRoute } from './auth/access';
import { createLoginThrottle } from './auth/login-throttle';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords';
import { createSessionStore, type Clock, type SessionStore } from './auth/sessions';
import { trustProxyOption, type AppConfig } from './config';
import type { Database } from './db/client';
import { adsRoutes } from './features/ads/ads-routes';
import {
  analyticsRoutes,
  countPageView,
  createVisitRecorder,
  geoLiteLookup,
  type GeoLookup,
  type VisitRecorder,
} from './features/analytics';
import { authRoutes } from './features/auth/auth-routes';
import {
  callsRoutes,
  createQueueTimeouts,
  createTwilioVoice,
  createVoiceAudioStore,
  twilioWebhookRoutes,
  voiceAudioRoutes,
} from './features/calls';
import { healthRoutes } from './features/health/health-routes';
import { registerHomePageData } from './features/home';
import {
  createVisibleVehicles,
  purchasedVehiclesRoutes,
  type PurchasedVehiclesRoutesDeps,
} from './features/purchased-vehicles';
import { createPublishedReviews, reviewsRoutes, type ReviewsRoutesDeps } from './features/reviews';
import { complaintsRoutes, type ComplaintsRoutesDeps } from './features/complaints';
import { sellerCookies, sellerPortalRoutes, type SellerPortalRoutesDeps } from './features/seller-portal';
import { damageRoutes, type DamageRoutesDeps } from './features/evidence';
import { dataRequestsRoutes } from './features/data-requests';
import { documentRoutes, type DocumentRoutesDeps } from './features/documents';
import { financeRoutes } from './features/finance';
import { handoverRoutes, type HandoverRoutesDeps } from './features/handover';
import { deductionsRoutes, revisionsRoutes, type RevisionsRoutesDeps } from './features/revisions';
import { voucherRoutes } from './features/vouchers';
import { pipelineRoutes } from './features/pipeline';
import { exportsRoutes } from './features/exports';
import { checkDistancePostcode, distanceRoutes, distanceRoutesDeps, type DistanceOptions } from './features/distance';
import { collectionRoutes, collectionsAdminRoutes, type CollectionRoutesDeps } from './features/collections';
import { createOutbox, describeTransports, messagesRoutes, type Outbox } from './features/messages';
import { seoRoutes } from './features/seo/seo-routes';
import { usersRoutes } from './features/users/users-routes';
import { vehicleRoutes, vehicleRoutesDeps, type VehicleDataOptions } from './features/vehicle-data';
import { DEFAULT_TRADING_NAME, siteConfigAt } from './features/site/site-config';
import {
  adminValuationsRoutes,
  createDailyTallies,
  boardRoutes,
  createDealerReports,
  dealerForwardRoutes,
  valuationsRoutes,
  type ValuationsRoutesDeps,
} from './features/valuations';
import { registerCsrfProtection, registerHostCheck } from './http/csrf';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler';
import { registerMethodNotAllowed } from './http/method-not-allowed';
import { registerOpenApi } from './http/openapi';
import { registerOverloadProtection } from './http/overload';
import { DEFAULT_BODY_LIMIT } from './http/json-body';
import { registerRequestSafety } from './http/request-safety';
import { registerSecurityHeaders, registerSessionNoStore } from './http/security-headers';
import { loggerOptions } from './logger';
import { appVersion } from './project-root';
import type { FileStore } from './storage/file-store';
import { isPublicUploadPath, type PublicUploads } from './storage/public-uploads';
import { storesFor, type Stores } from './storage/stores';
import { uploadObjectsRoute } from './storage/upload-objects-route';
import { createContentChanges, type ContentChanges } from './render/content-changes';
import type { PageCache } from './render/page-cache';
import { createPageDataRegistry, type PageDataRegistry } from './render/page-data';
import { createPageFormRegistry } from './render/page-forms';
import { registerPageRoutes, type RenderSource } from './render/page-routes';

export type AppDeps = {
  config: AppConfig;
  database: Database;
  /** Server rendering of pages; tests of the JSON API can leave it out. */
  renderSource?: RenderSource;
  /** Server data for public pages, by route id; features register into it (tests pass their own). */
  pageData?: PageDataRegistry;
  /** Built browser files to serve (dist/client); absent in development and API tests. */
  staticRoot?: string;
  /** The time, for session expiry and sign-in limits; tests pass a controllable clock. */
  clock?: Clock;
  /** Password hashing; defaults to scrypt at OWASP's cost. */
  passwordHasher?: PasswordHasher;
  /** Where log lines go (tests capture them); standard output when absent. */
  logStream?: DestinationStream;
  /** Private files (e-mail attachments); STORAGE's (DATA_DIR/files by default) when absent. */
  files?: FileStore;
  /** Vehicle lookup time-out and rate limit; tests shorten them. */
  vehicleData?: VehicleDataOptions;
  /** Distance look-ups' Google time-out and retry pause; tests shorten them. */
  distance?: DistanceOptions;
  /** Calls' Twilio requests time-out (15 s); tests shorten it. */
  calls?: { timeoutMs?: number };
  /** Tests narrow the submission limit (POST /api/valuations) and the photos' pixel limit. */
  valuations?: Pick<ValuationsRoutesDeps, 'submitLimit' | 'maxInputPixels' | 'photoCallsLimit'>;
  /** Tests narrow the review submission limit (POST /api/reviews) and the published list's age. */
  reviews?: Pick<ReviewsRoutesDeps, 'submitLimit'> & { publishedMaxAgeMs?: number };
  /** Tests narrow the data-protection complaint submission limit (POST /api/complaints). */
  complaints?: Pick<ComplaintsRoutesDeps, 'submitLimit'>;
  sellerPortal?: Pick<SellerPortalRoutesDeps, 'callsLimit' | 'lostLinkLimits'>;
  /** Tests raise the damage markers' call limit. */
  damage?: Pick<DamageRoutesDeps, 'callsLimit'>;
  documents?: Pick<DocumentRoutesDeps, 'callsLimit' | 'maxInputPixels'>;
  collections?: Pick<CollectionRoutesDeps, 'callsLimit'>;
  handover?: Pick<HandoverRoutesDeps, 'callsLimit'>;
  /** Tests raise the seller's revision calls' limit and lower the photos' pixel limit. */
  revisions?: Pick<RevisionsRoutesDeps, 'callsLimit' | 'maxInputPixels'>;
  /** Tests shrink the CSV exports' batches, to cross many of them with a few rows. */
  exports?: { batchSize?: number };
  /** Public uploaded files (purchased vehicles' photos); STORAGE's (DATA_DIR/uploads by default) when absent. */
  uploads?: PublicUploads;
  /** Tests lower the vehicle photos' pixel limit and the public list's age. */
  purchasedVehicles?: Pick<PurchasedVehiclesRoutesDeps, 'maxInputPixels'> & { visibleMaxAgeMs?: number };
  /** The kept public pages; tests pass their own to shorten its re-check interval. */
  pageCache?: PageCache;
  /** Visitor analytics: tests pass their own place look-up and write interval. */
  analytics?: { geo?: GeoLookup; flushEveryMs?: number; collectLimit?: { limit: number; windowMs: number } };
  /** Extra plugins registered before the page routes (Vite's dev middleware). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
};

const ONE_YEAR = 31_536_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its declared access (the authorization test reads it). */
    registeredRoutes: RegisteredRoute[];
    /** Queues e-mail and text messages in the caller's transaction (features/messages). */
    outbox: Outbox;
    /** Staff's changes to public content; server.ts makes it hear other processes' (render/content-changes). */
    contentChanges: ContentChanges;
    /** Public page views waiting to be stored (features/analytics); server.ts writes the rest on shutdown. */
    visits: VisitRecorder;
    /** Staff sessions; server.ts makes it hear changes, after which it keeps checked ones for seconds. */
    sessions: SessionStore;
    /** Set by server.ts on SIGTERM: /api/health answers 503 and each answer closes its connection. */
    lifecycle: { stopping: boolean };
  }
}

/**
 * The whole HTTP application, without listening (main.ts listens; tests use
 * app.inject). Registration order: outside plugins, then our error handling,
 * then routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  let refusalHeaders: Record<string, string> = {};
  const app = Fastify({
    logger: { ...loggerOptions(config), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    // Closing waits for in-flight requests but drops idle keep-alive sockets (server.ts cuts off stalled ones).
    forceCloseConnections: 'idle',
    // Slow clients are served, stalled ones are not kept for ever (config.http; README: REQUEST_TIMEOUT_SECONDS).
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Node checks the request and header limits this often (its default, 30 s, would stretch them).
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    // A few KB is all JSON routes need; a route that needs more (uploads) sets its own bodyLimit.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A path part too long for the router, or broken %-encoding: answered in our words and shape.
    // Fastify runs no hooks for these, so they carry the security headers themselves (set below).
    frameworkErrors: (error, request, reply) => answerFrameworkError(error, request, reply.headers(refusalHeaders)),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const securityHeaders = await registerSecurityHeaders(app, {
    https: config.secureCookies,
    dev: config.env === 'development',
    mapsEmbed: config.distance.embedKey !== undefined,
    inlineStyleHashes: deps.renderSource?.inlineStyleHashes,
    inlineScriptHashes: deps.renderSource?.inlineScriptHashes,
  });
  refusalHeaders = securityHeaders.publicHeaders;
  await app.register(compress, { global: true, threshold: 1024 });
  registerErrorHandling(app);
  // A method the path does not take is 405 with Allow, before access control would answer 401.
  registerMethodNotAllowed(app);
  // Before anything that touches the database: a saturated server refuses new work at once (503).
  await registerOverloadProtection(app, { maxEventLoopDelayMs: config.http.overloadEventLoopDelayMs });
  registerRequestSafety(app); // JSON depth and size limits; NUL and lone surrogates refused everywhere
  // JSON routes take JSON only: text/plain and form posts get 415 (no CSRF through "simple" requests).
  app.removeContentTypeParser('text/plain');
  // Only our own Host names are served (421 otherwise): a DNS-rebinding page gets nothing.
  registerHostCheck(app, { origins: config.siteOrigins });
  registerCsrfProtection(app, { origins: config.siteOrigins });

  const clock = deps.clock ?? (() => new Date());
  const db = database.db;
  const hasher = deps.passwordHasher ?? createPasswordHasher();
  const sessions = createSessionStore(db, clock);
  app.decorate('sessions', sessions);
  const throttle = createLoginThrottle(db, clock);
  const cookies = sessionCookies(config.secureCookies);
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  await registerAccessControl(app, { sessions, cookies, routes });
  registerSessionNoStore(app, { https: config.secureCookies });
  // The API document collects the routes registered after it (after access control, which fills in their access).
  await registerOpenApi(app, {
    tradingName: config.site.SITE_TRADING_NAME,
    version: appVersion,
    secureCookies: config.secureCookies,
  });

  const lifecycle = { stopping: false };
  app.decorate('lifecycle', lifecycle);
  // While the process drains, each answer closes its connection: a load balancer's kept-alive
  // connection is not reused for a request this process would no longer be here to answer.
  app.addHook('onRequest', async (_request, reply) => {
    if (lifecycle.stopping) reply.header('Connection', 'close');
  });
  await app.register(healthRoutes, { ping: () => database.ping(), stopping: () => lifecycle.stopping });
  const tradingName = config.site.SITE_TRADING_NAME; // new passwords must not be built from it
  await app.register(authRoutes, { db, hasher, sessions, throttle, cookies, tradingName });
  await app.register(usersRoutes, { db, hasher, tradingName, sessions });

  const siteAt = siteConfigAt(config);
  // The stores STORAGE names, built only for what deps leave out (server.ts passes both).
  let stores: Promise<Stores> | undefined;
  const configured = () => (stores ??= storesFor(config));
  const files = deps.files ?? (await configured()).files;
  const { promotion: _promotion, ...site } = siteAt(clock());
  const outbox = createOutbox({ messaging: config.messaging, site, files, clock });
  app.decorate('outbox', outbox);
  await app.register(valuationsRoutes, {
    db,
    outbox,
    clock,
    staffNotifyEmails: config.staffNotifyEmails,
    files,
    sellerLinkDaysAfterClose: config.sellerLinkDaysAfterClose,
    sellerCookie: sellerCookies(config.secureCookies).read,
    ...deps.valuations,
  });
  // Staff's changes to what public pages show (and deleted requests, which the dashboard's counts
  // keep): each forgets what is kept here and, on PostgreSQL, in every other process once server.ts listens.
  const content = createContentChanges(database, app.log);
  app.decorate('contentChanges', content);
  // Requests received per UK day, settled days kept: the dashboard's stats and the promise's figures.
  const tallies = createDailyTallies(db);
  await app.register(adminValuationsRoutes, { db, files, clock, outbox, tallies, content });
  await app.register(boardRoutes, { db, clock });
  const transports = describeTransports(config.messaging);
  await app.register(messagesRoutes, { db, outbox, files, transports, clock });
  const vehicleDeps = vehicleRoutesDeps(config.vehicleData, { db, clock, log: app.log }, deps.vehicleData);
  await app.register(vehicleRoutes, vehicleDeps);
  // The dealer report asks DVLA and DVSA through the same clients (and cache) as the DVLA tab.
  const reports = createDealerReports({ db, files, vehicleInfo: vehicleDeps.info, site, clock, log: app.log });
  await app.register(dealerForwardRoutes, { db, outbox, reports, clock });
  const distance = distanceRoutesDeps(config.distance, { db, clock, log: app.log }, deps.distance);
  await app.register(distanceRoutes, distance);
  /** A seller's distance band from the base (collection day's earliest slot); null when not measured. */
  const bandOf = async (postcode: string) => {
    const checked = checkDistancePostcode(postcode);
    if (checked.problem) return null;
    const { result } = await distance.lookup.lookup(checked.postcode);
    return result.status === 'OK' ? result.band : null;
  };
  // Features with public pages register their page-data loaders here, with their routes.
  const pageData = deps.pageData ?? createPageDataRegistry();
  const { publishedMaxAgeMs, ...reviewOptions } = deps.reviews ?? {};
  // Public forms that post without JavaScript register here; the page routes answer them.
  const pageForms = createPageFormRegistry();
  const published = createPublishedReviews(db, { maxAgeMs: publishedMaxAgeMs });
  content.subscribe('reviews', () => published.invalidate());
  await app.register(reviewsRoutes, { db, clock, pageData, published, content, pageForms, ...reviewOptions });
  await app.register(complaintsRoutes, {
    db,
    outbox,
    clock,
    staffNotifyEmails: config.staffNotifyEmails,
    pageForms,
    ...deps.complaints,
  });
  await app.register(dataRequestsRoutes, {
    db,
    files,
    clock,
    content,
    config,
    tradingName: site.tradingName,
    twilioTimeoutMs: deps.calls?.timeoutMs,
  });
  const uploads = deps.uploads ?? (await configured()).uploads;
  const { visibleMaxAgeMs, ...vehicleOptions } = deps.purchasedVehicles ?? {};
  const visible = createVisibleVehicles(db, { maxAgeMs: visibleMaxAgeMs });
  content.subscribe('vehicles', () => visible.invalidate());
  await app.register(purchasedVehiclesRoutes, { db, clock, uploads, visible, content, pageData, ...vehicleOptions });
  registerHomePageData(pageData, { reviews: published, vehicles: visible, log: app.log });
  await app.register(sellerPortalRoutes, {
    bandOf,
    db,
    outbox,
    clock,
    staffNotifyEmails: config.staffNotifyEmails,
    pageData,
    secureCookies: config.secureCookies,
    linkDaysAfterClose: config.sellerLinkDaysAfterClose,
    pageForms,
    ...deps.sellerPortal,
  });
  await app.register(damageRoutes, {
    db,
    clock,
    sellerCookie: sellerCookies(config.secureCookies).read,
    linkDaysAfterClose: config.sellerLinkDaysAfterClose,
    ...deps.damage,
  });
  await app.register(collectionRoutes, {
    db,
    outbox,
    clock,
    staffNotifyEmails: config.staffNotifyEmails,
    bandOf,
    sellerCookie: sellerCookies(config.secureCookies).read,
    linkDaysAfterClose: config.sellerLinkDaysAfterClose,
    ...deps.collections,
  });
  await app.register(collectionsAdminRoutes, { db, clock, bandOf, tradingName: site.tradingName });
  await app.register(documentRoutes, {
    db,
    files,
    outbox,
    clock,
    staffNotifyEmails: config.staffNotifyEmails,
    sellerCookie: sellerCookies(config.secureCookies).read,
    linkDaysAfterClose: config.sellerLinkDaysAfterClose,
    ...deps.documents,
  });
  await app.register(financeRoutes, { db, clock });
  await app.register(handoverRoutes, {
    db,
    outbox,
    clock,
    site,
    promotionAt: (now) => siteAt(now).promotion,
    sellerCookie: sellerCookies(config.secureCookies).read,
    linkDaysAfterClose: config.sellerLinkDaysAfterClose,
    ...deps.handover,
  });
  await app.register(voucherRoutes, { db, outbox, clock });
  await app.register(pipelineRoutes, { db, outbox, clock, tallies });
  // Evidenced price revisions (issue 37): the deductions table (published on /how-we-value) and the revisions.
  await app.register(deductionsRoutes, { db, clock, pageData, content });
  await app.register(revisionsRoutes, {
    db,
    files,
    outbox,
    clock,
    staffNotifyEmails: config.staffNotifyEmails,
    sellerCookie: sellerCookies(config.secureCookies).read,
    linkDaysAfterClose: config.sellerLinkDaysAfterClose,
    ...deps.revisions,
  });
  await app.register(exportsRoutes, { db, clock, batchSize: deps.exports?.batchSize });
  const visits = createVisitRecorder({
    db,
    geo: deps.analytics?.geo ?? geoLiteLookup,
    log: app.log.child({ feature: 'analytics' }),
    enabled: config.analyticsCollection,
    flushEveryMs: deps.analytics?.flushEveryMs,
  });
  app.decorate('visits', visits);
  app.addHook('onClose', async () => visits.close());
  await app.register(analyticsRoutes, { db, clock, visits, collectLimit: deps.analytics?.collectLimit });
  await registerCalls(app, { db, clock, config, uploads, timeoutMs: deps.calls?.timeoutMs });
  await registerPublicUploads(app, uploads.served);

  // Background jobs (clean-up of sessions and sign-in attempts) are started by server.ts, not here.

  if (deps.beforeRoutes) await deps.beforeRoutes(app);
  if (deps.staticRoot) await registerBuiltAssets(app, deps.staticRoot);
  await app.register(seoRoutes, { siteAt });
  await app.register(adsRoutes, { siteAt });
  // Feature routes of the public site that need the site details register here.

  if (deps.renderSource) {
    registerPageRoutes(app, {
      source: deps.renderSource,
      siteAt,
      clock,
      db,
      pageData,
      content,
      pageCache: deps.pageCache,
      pageForms,
      policyWithStyles: securityHeaders.publicPolicyWithStyles,
      onPageView: (request, path) => countPageView(visits, request, path, clock()),
      log: app.log,
    });
  }
  return app;
}

/**
 * Phone calls (features/calls): staff's routes always (the log shows without Twilio), Twilio's
 * webhooks always (they refuse every request until Twilio is set up).
 */
async function registerCalls(
  app: FastifyInstance,
  deps: { db: Database['db']; clock: Clock; config: AppConfig; uploads: PublicUploads; timeoutMs?: number },
) {
  const { db, clock, config } = deps;
  const calls = config.calls;
  const voice = calls.twilio ? createTwilioVoice(calls.twilio, { timeoutMs: deps.timeoutMs }) : undefined;
  const audioStore = createVoiceAudioStore(db, deps.uploads);
  // Twilio fetches custom recordings from the public address it calls our webhooks on.
  const voiceAudio = () => audioStore.forCalls(calls.twilio?.publicBaseUrl ?? config.publicBaseUrl);
  const queueTimeouts = createQueueTimeouts({
    db,
    voice,
    publicBaseUrl: calls.twilio?.publicBaseUrl ?? config.publicBaseUrl,
    timeoutSeconds: calls.queueTimeoutSeconds,
    voiceAudio,
    log: app.log.child({ feature: 'calls' }),
  });
  app.addHook('onClose', async () => queueTimeouts.close());
  const tradingName = config.site.SITE_TRADING_NAME ?? DEFAULT_TRADING_NAME;
  await app.register(twilioWebhookRoutes, { db, clock, calls, tradingName, voiceAudio, queueTimeouts });
  await app.register(callsRoutes, { db, clock, calls, voice, queueTimeouts, publicBaseUrl: config.publicBaseUrl });
  await app.register(voiceAudioRoutes, { store: audioStore });
}

/**
 * /uploads/: public uploaded files (purchased vehicles' photos). Every name holds a fresh random id
 * and a file never changes once written, so browsers may keep each for a year. Only names in our
 * shape are looked up (anything else is a 404 without touching the disk); files are listed on
 * each request (`wildcard`), as new ones arrive while the server runs.
 */
async function registerPublicUploads(app: FastifyInstance, served: PublicUploads['served']) {
  const cacheControl = `public, max-age=${ONE_YEAR}, immutable`;
  // An object store (STORAGE=s3) has no folder: its route fetches each object, with the same answers.
  if ('fetch' in served)
    return registerWithAccess(app, 'public', uploadObjectsRoute, { fetch: served.fetch, cacheControl });
  await registerWithAccess(app, 'public', fastifyStatic, {
    root: served.folder,
    // The folder appears with the first upload; until then every /uploads/ address is a 404.
    suppressWarning: true,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    allowedPath: (pathname: string) => isPublicUploadPath(pathname),
    setHeaders(reply) {
      reply.header('Cache-Control', cacheControl);
    },
  });
}

/** The build's HTML files, at any depth: every one is a template the page renderer reads. */
const BUILD_TEMPLATES = '**/*.html';
/** The build's compressed copies of its files: sent in place of the file, never at an address of their own. */
const PRECOMPRESSED = ['**/*.br', '**/*.gz'];

/**
 * Files from the client build. Hashed files under /assets never change, so
 * browsers may keep them for a year; the rest (favicon and the like) for an hour.
 */
async function registerBuiltAssets(app: FastifyInstance, root: string) {
  await registerWithAccess(app, 'public', fastifyStatic, {
    root,
    // One route per file found at start-up (wildcard: false), and none for the build's HTML files:
    // they are the server's page templates (index.html, public.html), filled in per request, never
    // pages on their own. Vite's manifest (.vite/) is left out as a dotfile folder.
    wildcard: false,
    globIgnore: [BUILD_TEMPLATES, ...PRECOMPRESSED],
    serveDotFiles: false,
    index: false,
    // The build's .br and .gz copies (scripts/build.mjs), sent to browsers that take them.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600');
    },
  });
}
