import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '~/server/http/api-content';
import { requireAuth } from '~/server/auth/access';
import type { AppConfig } from '~/server/config';
import type { Db } from '~/server/db/client';
import { removeValuationFiles } from '~/server/features/valuations';
import { AppError } from '~/server/http/app-error';
import type { ContentChanges } from '~/server/render/content-changes';
import type { FileStore } from '~/server/storage/file-store';
import { apiErrorSchema } from '~/shared/api-error';
import {
  dataRequestErasureSchema,
  dataRequestEraseSchema,
  dataRequestLogQuerySchema,
  dataRequestLogSchema,
  dataRequestMessages as m,
  dataRequestSearchResultSchema,
  dataRequestSearchSchema,
  identifierOf,
  type DataRequestErasure,
  type DataRequestIdentifier,
} from '~/shared/data-requests';
import { toE164 } from '~/shared/phone';
import { ukDate } from '~/shared/promotion';
import {
  addToRequestCounts,
  eraseHeldData,
  findHeldData,
  listRequestLog,
  recordRequest,
  summarise,
  type Actor,
  type HeldRecording,
} from './data-requests-service';
import { buildExportZip } from './export-zip';
import { createRecordingEraser, type RecordingEraser } from '~/server/features/calls';

export type DataRequestsRoutesDeps = {
  db: Db;
  /** The private file store: photos and attachments are read for the export and removed on erasure. */
  files: FileStore;
  clock: () => Date;
  /** Told when an erased review was published, so the public pages stop showing it at once. */
  content: ContentChanges;
  /** The business's own contacts (refused as identifiers), and Twilio's settings. */
  config: Pick<AppConfig, 'calls' | 'messaging' | 'site' | 'staffNotifyEmails'>;
  /** Named in the export's README and data.json. */
  tradingName: string;
  /** How long Twilio may take to answer a recording's deletion (the calls feature's time-out). */
  twilioTimeoutMs?: number;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * The business's own addresses and numbers: on records about many people (every staff alert, every
 * call to the business), so a search by one would find, and an erasure delete, far more than one
 * person's data.
 */
function ownContacts(config: DataRequestsRoutesDeps['config']): Set<string> {
  const emails = [...config.staffNotifyEmails, config.site.SITE_EMAIL];
  const phones = [
    config.site.SITE_PHONE,
    config.calls.twilio?.businessNumber,
    config.calls.twilio?.staffNumber,
    config.messaging.sms?.from,
  ];
  return new Set([
    ...emails.flatMap((email) => (email ? [email.trim().toLowerCase()] : [])),
    ...phones.flatMap((phone) => (phone ? (toE164(phone) ?? []) : [])),
  ]);
}

/**
 * Data requests (issue 18): find, export and erase everything held about a person, admins only.
 * The e-mail address or phone number goes in the POST body, never the address (which reaches logs
 * and history), and never into a log line or the audit trail: they hold counts only.
 */
export const dataRequestsRoutes: FastifyPluginAsyncZod<DataRequestsRoutesDeps> = async (app, deps) => {
  const { db, files, clock } = deps;
  const own = ownContacts(deps.config);
  const twilio = deps.config.calls.twilio;
  // The calls feature's Twilio account, when it is set up: erased calls' recordings are deleted there.
  const recordings = twilio ? createRecordingEraser(twilio, { timeoutMs: deps.twilioTimeoutMs }) : undefined;

  // Nothing here may be kept by a browser or a proxy: every answer is about one person.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  const identify = (body: { email?: string | undefined; phone?: string | undefined }): DataRequestIdentifier => {
    const identifier = identifierOf(body);
    if (own.has(identifier.value)) {
      const path = identifier.kind === 'email' ? 'email' : 'phone';
      throw new AppError('INVALID_INPUT', m.ownContact, { issues: [{ path, message: m.ownContact }] });
    }
    return identifier;
  };
  const actorOf = (request: FastifyRequest): Actor => {
    const { user } = requireAuth(request);
    return { id: user.id, username: user.username };
  };

  app.post(
    '/api/admin/data-requests/search',
    {
      config: admin,
      schema: {
        summary: 'Find the data held about a person',
        body: dataRequestSearchSchema,
        response: { 200: dataRequestSearchResultSchema, ...errors },
      },
    },
    async (request) => {
      const held = await findHeldData(db, identify(request.body));
      const result = summarise(held);
      request.log.info({ by: actorOf(request).id, counts: result.counts }, 'data request search');
      return result;
    },
  );

  app.post(
    '/api/admin/data-requests/export',
    {
      config: admin,
      schema: {
        summary: 'Export the data held about a person',
        body: dataRequestSearchSchema,
        response: { 200: fileAnswer('A ZIP of the data held about the person', ['application/zip']), ...errors },
      },
    },
    async (request, reply) => {
      const identifier = identify(request.body);
      const actor = actorOf(request);
      const now = clock();
      const held = await findHeldData(db, identifier);
      const { zip, counts, missingFiles } = await buildExportZip(files, held, now, deps.tradingName);
      await recordRequest(db, { kind: 'export', counts, actor, now });
      request.log.info({ by: actor.id, counts, missingFiles }, 'data request exported');
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="data-request-${ukDate(now)}.zip"`)
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );

  app.post(
    '/api/admin/data-requests/erase',
    {
      config: admin,
      schema: {
        summary: 'Erase the data held about a person',
        body: dataRequestEraseSchema,
        response: { 200: dataRequestErasureSchema, ...errors },
      },
    },
    async (request): Promise<DataRequestErasure> => {
      const identifier = identify(request.body);
      const actor = actorOf(request);
      const erased = await eraseHeldData(db, identifier, actor, clock());
      request.log.info({ by: actor.id, counts: erased.counts }, 'data request erased');

      // After the commit: files, the public pages, then Twilio. None of these undoes the erasure.
      try {
        await removeValuationFiles(files, erased.files);
      } catch (error) {
        request.log.error({ err: error }, 'could not remove every file of an erasure; orphan files remain');
      }
      if (erased.publishedReviewErased) await deps.content.changed('reviews');
      const atTwilio = await deleteRecordings(request, recordings, erased.recordings);
      if (recordings && erased.recordings.length > 0) {
        await addToRequestCounts(db, erased.logId, { recordingsDeletedAtTwilio: atTwilio.deleted }).catch((error) =>
          request.log.error({ err: error }, 'could not add the Twilio deletions to the request log'),
        );
      }
      return {
        counts: erased.counts,
        recordings: { twilioConfigured: recordings !== undefined, ...atTwilio },
      };
    },
  );

  app.get(
    '/api/admin/data-requests/log',
    {
      config: admin,
      schema: {
        summary: 'List past data requests',
        querystring: dataRequestLogQuerySchema,
        response: { 200: dataRequestLogSchema, ...errors },
      },
    },
    async (request) => listRequestLog(db, request.query),
  );
};

/**
 * Deletes the erased calls' recordings at Twilio, one by one, best effort: a failure leaves that
 * recording in the answer's `remaining` for staff to delete in the console. Without Twilio settings
 * every recording remains.
 */
async function deleteRecordings(
  request: FastifyRequest,
  eraser: RecordingEraser | undefined,
  held: HeldRecording[],
): Promise<{ deleted: number; remaining: HeldRecording[] }> {
  if (!eraser) return { deleted: 0, remaining: held };
  let deleted = 0;
  const remaining: HeldRecording[] = [];
  for (const recording of held) {
    if (!recording.recordingSid) {
      remaining.push(recording);
      continue;
    }
    try {
      await eraser.remove(recording.recordingSid);
      deleted += 1;
    } catch (error) {
      // Twilio's status and code only: its error text is not ours to log.
      const { status, code } = error as { status?: number; code?: number };
      request.log.warn(
        { recordingSid: recording.recordingSid, status, code },
        'could not delete a call recording at Twilio',
      );
      remaining.push(recording);
    }
  }
  return { deleted, remaining };
}
