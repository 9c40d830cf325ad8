import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { paginate } from '~/server/db/paginate';
import { outboundMessages, type OutboundMessage } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import {
  messageMessages,
  retryableStatuses,
  type MessageChannel,
  type MessageDetail,
  type MessageSummary,
} from '~/shared/messages';
import type { Paginated, PaginationQuery } from '~/shared/schema-kit';
import { withoutSellerSecrets } from '~/shared/paths';
import { OUTBOX_CHANNEL, type Outbox } from './outbox';

/** The Messages screen's queries (GET/POST /api/admin/messages…). */

export type MessageFilters = PaginationQuery & {
  status?: OutboundMessage['status'] | undefined;
  channel?: MessageChannel | undefined;
  recipient?: string | undefined;
};

const PREVIEW_LENGTH = 120;

/** Newest first, filtered in SQL (the indexes in schema.ts serve each filter). */
export async function listMessages(db: Db, filters: MessageFilters): Promise<Paginated<OutboundMessage>> {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(outboundMessages.status, filters.status));
  if (filters.channel) conditions.push(eq(outboundMessages.channel, filters.channel));
  if (filters.recipient) conditions.push(recipientMatches(filters.recipient));
  const query = db
    .select()
    .from(outboundMessages)
    .where(and(...conditions))
    .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
    .$dynamic();
  return paginate(db, query, filters);
}

/**
 * Part of an address or number, any case. Texts are stored in E.164, so a number typed the UK way
 * ("07911 123") also matches "+447911123…". The expression is the trigram index's, and LIKE's own
 * wildcards in the search are taken literally.
 */
function recipientMatches(search: string): SQL {
  const like = (term: string) =>
    sql`lower(${outboundMessages.recipient}) like ${`%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
  const digits = search.replace(/[\s()-]/g, '');
  if (/^0\d+$/.test(digits)) return or(like(search), like(digits), like(`+44${digits.slice(1)}`))!;
  if (/^\+?\d+$/.test(digits)) return or(like(search), like(digits))!;
  return like(search);
}

export async function findMessage(db: Db, id: string): Promise<OutboundMessage> {
  const [message] = await db.select().from(outboundMessages).where(eq(outboundMessages.id, id)).limit(1);
  if (!message) throw new AppError('NOT_FOUND', messageMessages.notFound);
  return message;
}

/**
 * An admin's Retry: a failed or held message is queued again with a fresh set of attempts, or
 * held again at once if its channel still has no provider. Anything else is refused (409): a
 * message that is sending or sent must not be sent twice, and one whose content retention deleted
 * has nothing left to send.
 */
export async function retryMessage(db: Db, outbox: Outbox, id: string, now: Date): Promise<OutboundMessage> {
  return db.transaction(async (tx) => {
    const [message] = await tx.select().from(outboundMessages).where(eq(outboundMessages.id, id)).for('update');
    if (!message) throw new AppError('NOT_FOUND', messageMessages.notFound);
    // Retention emptied it: there is nothing left to send.
    if (message.contentDeletedAt) throw new AppError('CONFLICT', messageMessages.contentDeletedNotRetryable);
    if (!retryableStatuses.includes(message.status)) throw new AppError('CONFLICT', messageMessages.notRetryable);
    const configured = outbox.isConfigured(message.channel);
    const [updated] = await tx
      .update(outboundMessages)
      .set(
        configured
          ? { status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null, updatedAt: now }
          : { status: 'held', lastError: outbox.heldReason(message.channel), updatedAt: now },
      )
      .where(eq(outboundMessages.id, id))
      .returning();
    if (configured) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    return updated!;
  });
}

/** The first words, cut at a word boundary when there is one in the last fifth. */
function preview(words: string): string {
  if (words.length <= PREVIEW_LENGTH) return words;
  const cut = words.slice(0, PREVIEW_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > PREVIEW_LENGTH * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSummary(message: OutboundMessage): MessageSummary {
  const words = withoutSellerSecrets(message.textBody).replace(/\s+/g, ' ').trim();
  return {
    id: message.id,
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject,
    preview: preview(words),
    templateName: message.templateName,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    valuationId: message.valuationId,
    createdAt: message.createdAt.toISOString(),
    nextAttemptAt: message.status === 'queued' ? iso(message.nextAttemptAt) : null,
    sentAt: iso(message.sentAt),
    contentDeletedAt: iso(message.contentDeletedAt),
  };
}

export function toDetail(message: OutboundMessage): MessageDetail {
  return {
    ...toSummary(message),
    text: withoutSellerSecrets(message.textBody),
    hasHtml: message.htmlBody !== null,
    attachments: message.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
    providerMessageId: message.providerMessageId,
  };
}
