import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { MessagingConfig } from '~/server/config';
import type { Db } from '~/server/db/client';
import { outboundMessages, type StoredAttachment } from '~/server/db/schema';
import type { FileStore } from '~/server/storage/file-store';
import type { MessageChannel, MessageStatus } from '~/shared/messages';
import { toE164 } from '~/shared/phone';
import { complaintReceived } from './templates/complaint-received';
import type { EmailContent, MessageContext } from './templates/layout';
import { valuationReceived } from './templates/valuation-received';

/**
 * The one way the product sends anything to a person (issue 9). A feature queues a message in the
 * same transaction as the change that causes it, so both commit or neither does: an offer and
 * its e-mail, a valuation and its receipt. The worker (worker.ts) sends it after commit.
 *
 *   await db.transaction(async (tx) => {
 *     const offer = await insertOffer(tx, ...);
 *     await outbox.queueEmail(tx, { to: seller.email, template: offerEmail, data: { offer } });
 *   });
 */

/** The PostgreSQL channel the worker LISTENs on; NOTIFY is delivered only when the transaction commits. */
export const OUTBOX_CHANNEL = 'outbound_messages';

export type EmailTemplate<Data> = {
  name: string;
  email(data: Data, context: MessageContext): EmailContent;
};
export type SmsTemplate<Data> = {
  name: string;
  sms(data: Data, context: MessageContext): string;
};

/** A file to send with an e-mail; the outbox stores it and keeps only a reference in the row. */
export type NewAttachment = { filename: string; contentType: string; content: Uint8Array };

type Common = {
  /** The valuation the message is about, so its page can list it (later issues). */
  valuationId?: string | null;
  /** The offer the message carries, so the offer history shows its delivery. */
  offerId?: string | null;
  /** The data-protection complaint it is about: erasing the complaint erases the message too. */
  complaintId?: string | null;
  /** Not before this time (a reminder the evening before); now when unset or past. */
  sendAt?: Date;
};

export type Queued = { id: string; status: MessageStatus };

export type Outbox = {
  queueEmail<Data>(
    tx: Db,
    message: Common & { to: string; template: EmailTemplate<Data>; data: Data; attachments?: NewAttachment[] },
  ): Promise<Queued>;
  queueSms<Data>(tx: Db, message: Common & { to: string; template: SmsTemplate<Data>; data: Data }): Promise<Queued>;
  /**
   * Takes back a message not yet sent (a reminder for a collection that moved): deleted, as it never
   * went out. False when it is already sending, sent or gone.
   */
  withdraw(tx: Db, id: string): Promise<boolean>;
  /** Whether the channel has a provider; without one, messages are stored as held. */
  isConfigured(channel: MessageChannel): boolean;
  /** Why messages on an unconfigured channel are held. */
  heldReason(channel: MessageChannel): string;
};

export const HELD_REASONS: Record<MessageChannel, string> = {
  email: 'No mail transport configured: set SMTP_URL (and MAIL_FROM) to send e-mail.',
  sms: 'No text message provider configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER to send texts.',
};

/**
 * Messages a stranger can make us send (issue 32, finding 6): a public form's receipt goes to
 * whatever address or number was typed in it, with the typed name and words in its body. The
 * forms' rate limits are per client address, so without a cap per recipient anyone could use our
 * forms to send one person our e-mails all day.
 *
 * What a real business does: the person who filled in the form is never refused (the request is
 * stored and staff are told as usual, and the page shows its reference), but one recipient gets at
 * most this many receipts a day. A further one is stored as failed, with the reason in plain words
 * on the Messages screen: staff see that someone is using the form against that address, and can
 * still press Retry for a genuine seller with more cars than that.
 */
export const PUBLIC_FORM_TEMPLATES: readonly string[] = [valuationReceived.name, complaintReceived.name];
export const PUBLIC_FORM_MESSAGES_PER_RECIPIENT = { limit: 3, windowMs: 24 * 60 * 60_000 };
export const PUBLIC_FORM_CAP_REASON =
  `Not sent: this address had already been sent ${PUBLIC_FORM_MESSAGES_PER_RECIPIENT.limit} messages from our public forms in the last 24 hours. ` +
  'The cap stops strangers using the forms to flood someone with e-mail. Press Retry to send it anyway.';

export type OutboxDeps = {
  messaging: MessagingConfig;
  site: MessageContext['site'];
  files: FileStore;
  clock: () => Date;
};

export function createOutbox(deps: OutboxDeps): Outbox {
  const isConfigured = (channel: MessageChannel) => deps.messaging[channel] !== undefined;
  const context = (): MessageContext => ({ site: deps.site, now: deps.clock() });

  async function insert(tx: Db, row: typeof outboundMessages.$inferInsert): Promise<Queued> {
    const capped = PUBLIC_FORM_TEMPLATES.includes(row.templateName) && (await overPublicFormCap(tx, row));
    const held = !capped && !isConfigured(row.channel);
    const [created] = await tx
      .insert(outboundMessages)
      .values({
        ...row,
        // The app's clock, not the database's: the worker compares due times with the same clock.
        ...timestamps(deps.clock(), row.nextAttemptAt),
        ...(held ? { status: 'held', lastError: HELD_REASONS[row.channel] } : {}),
        ...(capped ? { status: 'failed', lastError: PUBLIC_FORM_CAP_REASON } : {}),
      })
      .returning({ id: outboundMessages.id, status: outboundMessages.status });
    // A queued row wakes the workers itself at commit (trigger outbound_message_queued, migration 0031).
    return created!;
  }

  /**
   * True when the recipient has had its day's public-form messages (any case of the address). A
   * lock on the recipient, held to the end of the transaction, makes simultaneous submissions
   * count one after the other.
   */
  async function overPublicFormCap(tx: Db, row: typeof outboundMessages.$inferInsert): Promise<boolean> {
    const recipient = row.recipient.toLowerCase();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`outbox public-form ${recipient}`}))`);
    const { limit, windowMs } = PUBLIC_FORM_MESSAGES_PER_RECIPIENT;
    const [sent] = await tx
      .select({ n: count() })
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.channel, row.channel),
          eq(sql`lower(${outboundMessages.recipient})`, recipient),
          inArray(outboundMessages.templateName, [...PUBLIC_FORM_TEMPLATES]),
          gte(outboundMessages.createdAt, new Date(deps.clock().getTime() - windowMs)),
        ),
      );
    return sent!.n >= limit;
  }

  return {
    isConfigured,
    heldReason: (channel) => HELD_REASONS[channel],
    async withdraw(tx, id) {
      const removed = await tx
        .delete(outboundMessages)
        .where(
          and(
            eq(outboundMessages.id, id),
            inArray(outboundMessages.status, ['queued', 'held']),
            eq(outboundMessages.attempts, 0),
          ),
        )
        .returning({ id: outboundMessages.id });
      return removed.length > 0;
    },
    async queueEmail(tx, message) {
      const content = message.template.email(message.data, context());
      // Written before the row, so the row never points at a missing file. If the transaction
      // rolls back, the file is left over: harmless, and deleted with the outbox's old files.
      const attachments: StoredAttachment[] = [];
      for (const file of message.attachments ?? []) {
        const storageKey = await deps.files.save(file.content, {
          area: 'outbox',
          extension: extensionOf(file.filename),
        });
        attachments.push({
          filename: file.filename,
          contentType: file.contentType,
          storageKey,
          size: file.content.byteLength,
        });
      }
      return insert(tx, {
        channel: 'email',
        recipient: message.to.trim(),
        subject: content.subject,
        textBody: content.text,
        htmlBody: content.html,
        attachments,
        templateName: message.template.name,
        valuationId: message.valuationId ?? null,
        offerId: message.offerId ?? null,
        complaintId: message.complaintId ?? null,
        nextAttemptAt: message.sendAt,
      });
    },
    async queueSms(tx, message) {
      const to = toE164(message.to);
      if (!to) throw new Error(`Cannot text ${JSON.stringify(message.to)}: not a phone number`);
      return insert(tx, {
        channel: 'sms',
        recipient: to,
        subject: null,
        textBody: message.template.sms(message.data, context()),
        htmlBody: null,
        templateName: message.template.name,
        valuationId: message.valuationId ?? null,
        offerId: message.offerId ?? null,
        complaintId: message.complaintId ?? null,
        nextAttemptAt: message.sendAt,
      });
    },
  };
}

function timestamps(now: Date, sendAt: Date | undefined) {
  const due = sendAt && sendAt > now ? sendAt : now;
  return { createdAt: now, updatedAt: now, nextAttemptAt: due };
}

function extensionOf(filename: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(filename);
  return match ? match[1]!.toLowerCase() : 'bin';
}
