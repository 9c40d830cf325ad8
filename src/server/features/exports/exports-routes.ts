import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { fileAnswer } from '~/server/http/api-content';
import { apiErrorSchema } from '~/shared/api-error';
import {
  exportFilename,
  exportPaths,
  purchaseExportColumns,
  purchaseExportQuerySchema,
  valuationExportColumns,
  valuationExportQuerySchema,
} from '~/shared/exports';
import { ukDate } from './uk-time';
import { csvStream, type CsvOutcome } from './csv-stream';
import { purchaseCells, purchaseExportBatches } from './purchases-export';
import { valuationCells, valuationExportBatches } from './valuations-export';

export type ExportsRoutesDeps = {
  db: Db;
  clock: () => Date;
  /** Rows per query (EXPORT_BATCH_SIZE); tests make it small to cross many batches with few rows. */
  batchSize?: number;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const admin = { access: 'admin' as const };
const csvAnswer = (description: string) => fileAnswer(description, ['text/csv']);

/**
 * The back office's CSV downloads (issue 37), admins only. GET, so CSRF is not in play (and a
 * plain link downloads them, streamed to disk by the browser). They hold sellers' personal data:
 * never cached, and each download is logged with who asked, the filters and the row count, and
 * no personal data (a search's words are not logged, only that there was one).
 */
export const exportsRoutes: FastifyPluginAsyncZod<ExportsRoutesDeps> = async (app, deps) => {
  app.get(
    exportPaths.valuations,
    {
      config: admin,
      schema: {
        summary: 'Download the dashboard’s or the archive’s filtered list as CSV',
        description:
          'Every row the list shows under the same filters, in its order, all pages; streamed. Cells that a ' +
          'spreadsheet would read as a formula (starting with =, +, -, @, a tab or a CR) begin with an apostrophe.',
        querystring: valuationExportQuerySchema,
        response: { 200: csvAnswer('The list as CSV (UTF-8 with a byte order mark, CRLF)'), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const filters = request.query;
      const now = deps.clock();
      const logged = {
        export: 'valuations',
        by: user.id,
        filters: {
          archived: filters.archived,
          status: filters.status ?? null,
          offer: filters.offer ?? null,
          owner: filters.owner ?? null,
          sort: filters.sort ?? null,
          search: filters.q !== undefined,
        },
      };
      const filename = exportFilename(filters.archived ? 'archived-valuations' : 'valuations', ukDate(now));
      // HEAD (which Fastify answers with this handler) would otherwise read every row to discard them.
      if (request.method === 'HEAD') return sendCsv(reply, filename);
      const stream = await csvStream(
        {
          columns: valuationExportColumns,
          next: valuationExportBatches(deps.db, filters, { now, viewerUserId: user.id }),
          cells: (row) => valuationCells(row, now),
        },
        { batchSize: deps.batchSize, onEnd: (outcome) => logOutcome(request.log, logged, outcome) },
      );
      return sendCsv(reply, filename, stream);
    },
  );

  app.get(
    exportPaths.purchases,
    {
      config: admin,
      schema: {
        summary: 'Download the completed purchases as CSV, optionally between two UK days',
        description:
          'Each completed sale, oldest first: collection, payments (to the seller and to the lender) and price. ' +
          '`from` and `to` (YYYY-MM-DD, both included) are the UK days the sales completed.',
        querystring: purchaseExportQuerySchema,
        response: { 200: csvAnswer('The purchases as CSV (UTF-8 with a byte order mark, CRLF)'), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const { from, to } = request.query;
      const now = deps.clock();
      const logged = { export: 'purchases', by: user.id, filters: { from: from ?? null, to: to ?? null } };
      const filename = exportFilename('purchases', ukDate(now));
      if (request.method === 'HEAD') return sendCsv(reply, filename);
      const stream = await csvStream(
        { columns: purchaseExportColumns, next: purchaseExportBatches(deps.db, { from, to }), cells: purchaseCells },
        { batchSize: deps.batchSize, onEnd: (outcome) => logOutcome(request.log, logged, outcome) },
      );
      return sendCsv(reply, filename, stream);
    },
  );
};

/** Sends a CSV stream as a download (or only its headers); its personal data is never kept by a cache. */
export function sendCsv(reply: FastifyReply, filename: string, stream?: Readable) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store, private')
    .send(stream);
}

/** One line per download, when it ends: complete, cut off by a failure, or cancelled by the client. */
export function logOutcome(log: FastifyBaseLogger, logged: object, { outcome, rows, ms, error }: CsvOutcome) {
  const line = { ...logged, outcome, rows, ms };
  if (outcome === 'failed')
    log.error({ ...line, err: error }, 'CSV export failed after it started; the download was cut off');
  else log.info(line, outcome === 'complete' ? 'CSV export sent' : 'CSV export cancelled by the client');
}
