import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { fileAnswer } from '~/server/http/api-content';
import { apiErrorSchema } from '~/shared/api-error';
import {
  adminCollectionDaySchema,
  adminCollectionsSchema,
  collectionDayChangeSchema,
  collectionDayParamsSchema,
  collectionWindowQuerySchema,
  usualCapacityAnswerSchema,
  usualCapacitySchema,
} from '~/shared/collection-schemas';
import {
  changeDay,
  collectionDaysBetween,
  collectionsWindow,
  resetDay,
  saveUsualCapacity,
  type BandOf,
} from './collections-admin';
import { daySheetFilename, renderDaySheet } from './day-sheet';
import { ukDateAt } from './working-days';

export type CollectionsAdminRoutesDeps = {
  db: Db;
  clock: () => Date;
  /** The distance band of a postcode (features/distance, cached), for bookings that did not store one. */
  bandOf: BandOf;
  /** The business's name on the day sheet. */
  tradingName: string;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * Staff's Collections screen (issue 36), admins only: `GET /api/admin/collections` (the usual
 * capacity and each calendar day of a window of up to 60 with its slots and bookings), `PUT
 * …/settings` (the usual capacity), `PUT` and `DELETE …/days/:date` (a day's own capacity and note,
 * never below what is booked, or back to the usual), and `GET …/days/:date/sheet` (the driver's
 * day sheet, a PDF).
 */
export const collectionsAdminRoutes: FastifyPluginAsyncZod<CollectionsAdminRoutesDeps> = async (app, deps) => {
  const today = () => ukDateAt(deps.clock());
  const lookups = (log: { warn(details: object, message: string): void }) => ({ bandOf: deps.bandOf, log });

  app.get(
    '/api/admin/collections',
    {
      config: admin,
      schema: {
        summary: 'Collection days: capacity and bookings',
        querystring: collectionWindowQuerySchema,
        response: { 200: adminCollectionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const now = today();
      const { from = now, days } = request.query;
      return collectionsWindow(deps.db, { from, days, today: now }, lookups(request.log));
    },
  );

  app.put(
    '/api/admin/collections/settings',
    {
      config: admin,
      schema: {
        summary: 'Set the usual capacity of a working day',
        body: usualCapacitySchema,
        response: { 200: usualCapacityAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const saved = await saveUsualCapacity(deps.db, { capacity: request.body, userId, now: deps.clock() });
      request.log.info({ capacity: saved }, 'usual collection capacity changed');
      return saved;
    },
  );

  const dayAnswer = async (date: string, log: { warn(details: object, message: string): void }) => {
    const [day] = await collectionDaysBetween(deps.db, [date], lookups(log));
    return day!;
  };

  app.put(
    '/api/admin/collections/days/:date',
    {
      config: admin,
      schema: {
        summary: 'Change a day’s collection capacity (0 and 0: no collections)',
        params: collectionDayParamsSchema,
        body: collectionDayChangeSchema,
        response: { 200: adminCollectionDaySchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { date } = request.params;
      await changeDay(deps.db, { date, ...request.body, userId, now: deps.clock(), today: today() });
      request.log.info({ date }, 'collection day changed');
      return dayAnswer(date, request.log);
    },
  );

  app.delete(
    '/api/admin/collections/days/:date',
    {
      config: admin,
      schema: {
        summary: 'Put a day back to the usual collection capacity',
        params: collectionDayParamsSchema,
        response: { 200: adminCollectionDaySchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      requireAuth(request);
      const { date } = request.params;
      await resetDay(deps.db, { date, today: today() });
      request.log.info({ date }, 'collection day back to the usual');
      return dayAnswer(date, request.log);
    },
  );

  app.get(
    '/api/admin/collections/days/:date/sheet',
    {
      config: admin,
      schema: {
        summary: 'The driver’s day sheet (PDF)',
        params: collectionDayParamsSchema,
        response: { 200: fileAnswer('The day’s collections, as a PDF', ['application/pdf']), ...errors },
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      const day = await dayAnswer(date, request.log);
      const pdf = await renderDaySheet({ day, tradingName: deps.tradingName, now: deps.clock() });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${daySheetFilename(date)}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );
};
