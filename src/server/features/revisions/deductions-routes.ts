import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { createKeptValue } from '~/server/lib/kept-value';
import type { ContentChanges } from '~/server/render/content-changes';
import type { PageDataRegistry } from '~/server/render/page-data';
import { apiErrorSchema } from '~/shared/api-error';
import {
  deductionBodySchema,
  deductionChangeSchema,
  deductionIdParamsSchema,
  deductionMessages as m,
  deductionTableSchema,
  moveDeductionSchema,
  type HowWeValuePageData,
} from '~/shared/deduction-schemas';
import {
  addDeduction,
  deductionTable,
  moveDeduction,
  publishedDeductions,
  restoreDeduction,
  retireDeduction,
  updateDeduction,
} from './deductions-service';
import { seedStartingDeductions } from './starting-deductions';

export type DeductionsRoutesDeps = {
  db: Db;
  clock: () => Date;
  pageData: PageDataRegistry;
  /** Told of every change, so the kept `/how-we-value` (here and in other processes) is made again. */
  content: ContentChanges;
  /** How long another process's change may take to show here (this process's shows at once). */
  publishedMaxAgeMs?: number;
};

/** The route id of `/how-we-value` (src/client/routes.tsx), whose loader is registered here. */
export const HOW_WE_VALUE_ROUTE_ID = 'features/public/how-we-value/how-we-value-page';
const PUBLISHED_MAX_AGE_MS = 10_000;

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * The deductions table (issue 37): staff's routes to keep it, and `/how-we-value`'s data. The
 * published rows are read once and kept (the page is public and kept whole by the page cache);
 * each change here forgets them and the kept pages at once, through the content changes.
 */
export const deductionsRoutes: FastifyPluginAsyncZod<DeductionsRoutesDeps> = async (app, deps) => {
  await seedStartingDeductions(deps.db, deps.clock());
  const published = createKeptValue(() => publishedDeductions(deps.db), {
    maxAgeMs: deps.publishedMaxAgeMs ?? PUBLISHED_MAX_AGE_MS,
  });
  deps.content.subscribe('deductions', () => published.invalidate());
  deps.pageData.register(HOW_WE_VALUE_ROUTE_ID, async () => {
    const { items, version } = await published.get();
    const data: HowWeValuePageData = { deductions: items };
    return { data, version };
  });

  /** After a change: every process forgets the published table, and the answer is the table as it now is. */
  const changed = async (message: string) => {
    await deps.content.changed('deductions');
    return { table: await deductionTable(deps.db), message };
  };

  app.get(
    '/api/admin/deductions',
    {
      config: admin,
      schema: {
        summary: 'The deductions table: the items in use, in order, and the retired ones',
        response: { 200: deductionTableSchema, ...adminErrors },
      },
    },
    async () => deductionTable(deps.db),
  );

  app.post(
    '/api/admin/deductions',
    {
      config: admin,
      schema: {
        summary: 'Add an item to the deductions table',
        body: deductionBodySchema,
        response: { 201: deductionChangeSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const id = await addDeduction(deps.db, request.body, userId, deps.clock());
      request.log.info({ deductionId: id, by: userId }, 'deduction item added');
      return reply.status(201).send(await changed(m.added));
    },
  );

  app.put(
    '/api/admin/deductions/:id',
    {
      config: admin,
      schema: {
        summary: 'Change an item of the deductions table (past revisions keep theirs)',
        params: deductionIdParamsSchema,
        body: deductionBodySchema,
        response: { 200: deductionChangeSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await updateDeduction(deps.db, request.params.id, request.body, userId, deps.clock());
      request.log.info({ deductionId: request.params.id, by: userId }, 'deduction item changed');
      return changed(m.saved);
    },
  );

  app.post(
    '/api/admin/deductions/:id/move',
    {
      config: admin,
      schema: {
        summary: 'Move an item one place up or down the table',
        params: deductionIdParamsSchema,
        body: moveDeductionSchema,
        response: { 200: deductionChangeSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await moveDeduction(deps.db, request.params.id, request.body.direction, userId, deps.clock());
      return changed(request.body.direction === 'up' ? m.movedUp : m.movedDown);
    },
  );

  app.post(
    '/api/admin/deductions/:id/retire',
    {
      config: admin,
      schema: {
        summary: 'Retire an item: no longer offered or published',
        params: deductionIdParamsSchema,
        response: { 200: deductionChangeSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await retireDeduction(deps.db, request.params.id, userId, deps.clock());
      request.log.info({ deductionId: request.params.id, by: userId }, 'deduction item retired');
      return changed(m.retired);
    },
  );

  app.post(
    '/api/admin/deductions/:id/restore',
    {
      config: admin,
      schema: {
        summary: 'Bring a retired item back into use, at the end of the table',
        params: deductionIdParamsSchema,
        response: { 200: deductionChangeSchema, 409: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await restoreDeduction(deps.db, request.params.id, userId, deps.clock());
      request.log.info({ deductionId: request.params.id, by: userId }, 'deduction item back in use');
      return changed(m.restored);
    },
  );
};
