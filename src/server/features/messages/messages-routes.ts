import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer, textAnswer } from '~/server/http/api-content';
import { requireAuth } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/http/app-error';
import type { FileStore } from '~/server/storage/file-store';
import { apiErrorSchema } from '~/shared/api-error';
import {
  messageDetailSchema,
  messageIdParamsSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messageMessages,
  sendTestMessageInputSchema,
} from '~/shared/messages';
import { intFromString } from '~/shared/schema-kit';
import { withoutSellerSecrets } from '~/shared/paths';
import type { Outbox } from './outbox';
import { findMessage, listMessages, retryMessage, toDetail, toSummary } from './messages-service';
import { messageTest } from './templates/message-test';
import type { TransportStatus } from './transports';

export type MessagesRoutesDeps = {
  db: Db;
  outbox: Outbox;
  files: FileStore;
  transports: Record<'email' | 'sms', TransportStatus>;
  clock: () => Date;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const admin = { access: 'admin' as const };

/**
 * An e-mail's HTML is shown to staff inside a sandboxed frame, from this address only. Its own
 * policy forbids scripts, forms, plugins and any outside request (no remote images: a preview
 * must not tell a sender their e-mail was opened), and lets only our own pages frame it.
 */
const HTML_PREVIEW_POLICY =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; object-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * An attachment opened in the browser: nothing runs, nothing is fetched, nothing frames it.
 * base-uri and frame-ancestors do not fall back to default-src, so they are named (ASVS 3.4.3).
 */
const ATTACHMENT_POLICY = "sandbox; default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Attachments open in the browser only when that is harmless; anything else downloads. */
const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'text/plain']);

/** The outbox in the back office (/admin/messages). Admins only. */
export const messagesRoutes: FastifyPluginAsyncZod<MessagesRoutesDeps> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/api/admin/messages',
    {
      config: admin,
      schema: {
        summary: 'List messages',
        querystring: messageListQuerySchema,
        response: { 200: messageListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listMessages(deps.db, request.query);
      return { ...page, items: page.items.map(toSummary), transports: deps.transports };
    },
  );

  app.get(
    '/api/admin/messages/:id',
    {
      config: admin,
      schema: {
        summary: 'Get a message',
        params: messageIdParamsSchema,
        response: { 200: messageDetailSchema, ...errors },
      },
    },
    async (request) => toDetail(await findMessage(deps.db, request.params.id)),
  );

  app.get(
    '/api/admin/messages/:id/html',
    {
      config: admin,
      schema: {
        summary: "Get a message's HTML",
        params: messageIdParamsSchema,
        response: { 200: textAnswer('The HTML part of the message', 'text/html'), ...errors },
      },
    },
    async (request, reply) => {
      const message = await findMessage(deps.db, request.params.id);
      if (message.contentDeletedAt) throw new AppError('NOT_FOUND', messageMessages.contentDeleted);
      if (message.htmlBody === null) throw new AppError('NOT_FOUND', 'This message has no HTML part.');
      return (
        reply
          .header('Content-Type', 'text/html; charset=utf-8')
          .header('Content-Security-Policy', HTML_PREVIEW_POLICY)
          .header('X-Frame-Options', 'SAMEORIGIN')
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          // helmet's Origin-Agent-Cluster asks for an isolation the sandboxed (opaque-origin) frame
          // cannot have, and Chromium warns on every preview; the sandbox isolates it anyway.
          .removeHeader('Origin-Agent-Cluster')
          .send(withoutSellerSecrets(message.htmlBody))
      );
    },
  );

  app.get(
    '/api/admin/messages/:id/attachments/:index',
    {
      config: admin,
      schema: {
        summary: "Download a message's attachment",
        params: messageIdParamsSchema.extend({
          index: intFromString({ min: 0, max: 99, message: messageMessages.invalidAttachment }),
        }),
        response: {
          200: fileAnswer('The attachment: shown in the browser if of a safe type, otherwise a download', [
            ...INLINE_TYPES,
            'application/octet-stream',
          ]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const message = await findMessage(deps.db, request.params.id);
      if (message.contentDeletedAt) throw new AppError('NOT_FOUND', messageMessages.contentDeleted);
      const attachment = message.attachments[request.params.index];
      if (!attachment) throw new AppError('NOT_FOUND', 'This message has no such attachment.');
      const content = await deps.files.read(attachment.storageKey);
      const inline = INLINE_TYPES.has(attachment.contentType);
      return reply
        .header('Content-Type', inline ? attachment.contentType : 'application/octet-stream')
        .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', attachment.filename))
        .header('Content-Security-Policy', ATTACHMENT_POLICY)
        .removeHeader('Origin-Agent-Cluster')
        .send(content);
    },
  );

  app.post(
    '/api/admin/messages/:id/retry',
    {
      config: admin,
      schema: {
        summary: 'Retry a failed message',
        params: messageIdParamsSchema,
        response: { 200: messageDetailSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const retried = await retryMessage(deps.db, deps.outbox, request.params.id, deps.clock());
      request.log.info({ messageId: retried.id, by: requireAuth(request).user.id }, 'message retry requested');
      return toDetail(retried);
    },
  );

  app.post(
    '/api/admin/messages/test',
    {
      config: admin,
      schema: {
        summary: 'Send a test message',
        body: sendTestMessageInputSchema,
        response: { 201: messageDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const requestedBy = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
      const { channel, to } = request.body;
      const queued = await deps.db.transaction((tx) =>
        channel === 'email'
          ? deps.outbox.queueEmail(tx, { to, template: messageTest, data: { requestedBy } })
          : deps.outbox.queueSms(tx, { to, template: messageTest, data: { requestedBy } }),
      );
      request.log.info({ messageId: queued.id, channel, by: user.id }, 'test message queued');
      return reply.status(201).send(toDetail(await findMessage(deps.db, queued.id)));
    },
  );
};

/** RFC 6266, with an ASCII fallback and the real name in UTF-8. */
function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // RFC 8187 allows fewer characters unescaped than encodeURIComponent leaves: not ' ( ) *.
  const utf8 = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
