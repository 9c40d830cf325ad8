import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/http/app-error';
import { createRateLimit } from '~/server/http/rate-limit';
import { noStoreByDefault } from '~/server/http/security-headers';
import { escapeRegExp } from '~/server/lib/escape-regexp';
import { apiErrorSchema } from '~/shared/api-error';
import {
  ANALYTICS_COLLECT_ENDPOINT,
  analyticsMessages,
  analyticsRangeQuerySchema,
  analyticsTopQuerySchema,
  collectBodySchema,
  dailyStatsResponseSchema,
  locationsResponseSchema,
  pagesResponseSchema,
} from '~/shared/analytics';
import { indexablePublicPaths } from '~/shared/public-pages';
import { createAnalyticsReports } from './analytics-reports';
import { rangeEndingToday } from './analytics-range';
import type { VisitRecorder } from './visit-recorder';
import { whyNotCounted } from './visit-filter';

export type AnalyticsRoutesDeps = {
  db: Db;
  clock: () => Date;
  visits: VisitRecorder;
  /** Tests narrow the beacon's limit (POST /api/analytics/collect). */
  collectLimit?: { limit: number; windowMs: number };
};

/**
 * The beacon is sent once per page shown again from the browser's memory (Back or Forward), so a
 * person clicking about as fast as they can read sends a few a minute: 60 in ten minutes is a page
 * every ten seconds throughout. Beyond it the views are not counted, so one address cannot make
 * up visitors by the hundred with made-up user agents.
 */
export const ANALYTICS_COLLECT_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const admin = { access: 'admin' as const };
const publicPaths = new Set(indexablePublicPaths);

/** The beacon's body as the API document states it (issue 32): one of our public pages, any query. */
const documentedCollectBody = collectBodySchema.extend({
  path: collectBodySchema.shape.path.meta({
    pattern: `^(?:${indexablePublicPaths.map(escapeRegExp).join('|')})(?:\\?.*)?$`,
    description: 'The path of one of the site’s public pages, as the browser shows it; a query is dropped.',
  }),
});

/**
 * Counts a view of a public page the server has just answered (200, or 304 for a page the browser
 * kept), unless it is a bot's, a prefetch or from a browser that opted out (visit-filter.ts).
 * The path is kept without its query.
 */
export function countPageView(visits: VisitRecorder, request: FastifyRequest, path: string, at: Date) {
  if (!visits.enabled || whyNotCounted(request.headers) !== null) return;
  visits.record({
    path,
    address: request.ip,
    userAgent: request.headers['user-agent']!,
    referer: request.headers.referer,
    at,
  });
}

/**
 * Visitor analytics (issue 15): the beacon for pages the browser shows again, going back or
 * forward, without asking the server (it counts every other view itself, in page-routes.ts), and staff's
 * three reports, read from the daily rollups.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesDeps> = async (app, deps) => {
  const { db, clock, visits } = deps;
  const reports = createAnalyticsReports(db);
  noStoreByDefault(app);
  const beacons = createRateLimit(db, clock, {
    bucket: 'analytics-collect',
    ...(deps.collectLimit ?? ANALYTICS_COLLECT_LIMIT),
  });

  app.post(
    ANALYTICS_COLLECT_ENDPOINT,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Record a page view',
        body: documentedCollectBody,
        response: { 204: z.null(), 400: apiErrorSchema, 429: apiErrorSchema },
      },
      // Counted before the body is checked, so refused beacons count too. Over the limit it is a
      // 429, not a silent 204: the view is not counted, and a browser's beacon ignores the answer.
      onRequest: async (request) => beacons.take(request.ip),
    },
    async (request, reply) => {
      const path = request.body.path.split('?')[0]!;
      if (!publicPaths.has(path))
        throw new AppError('INVALID_INPUT', analyticsMessages.unknownPage, {
          issues: [{ path: 'path', message: analyticsMessages.unknownPage }],
        });
      countPageView(visits, request, path, clock());
      // The same answer whether or not the view was counted: a bot learns nothing.
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/analytics/daily-stats',
    {
      config: admin,
      schema: {
        summary: 'Get daily visit figures',
        querystring: analyticsRangeQuerySchema,
        response: { 200: dailyStatsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const range = rangeEndingToday(clock(), request.query.days);
      return { range, ...(await reports.dailyStats(range)), collecting: visits.enabled };
    },
  );

  app.get(
    '/api/analytics/locations',
    {
      config: admin,
      schema: {
        summary: "List visitors' locations",
        querystring: analyticsTopQuerySchema,
        response: { 200: locationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const range = rangeEndingToday(clock(), request.query.days);
      return { range, ...(await reports.topLocations(range, request.query.limit)) };
    },
  );

  app.get(
    '/api/analytics/pages',
    {
      config: admin,
      schema: {
        summary: 'List the most viewed pages',
        querystring: analyticsTopQuerySchema,
        response: { 200: pagesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const range = rangeEndingToday(clock(), request.query.days);
      return { range, ...(await reports.topPages(range, request.query.limit)) };
    },
  );
};
