import { z } from 'zod';
import { phoneSchema } from './phone';
import { emailInDocument, paginatedSchema, paginationQuery, storableCharacters } from './schema-kit';

/**
 * The outbox as the back office sees it (/admin/messages and /api/admin/messages): every e-mail
 * and text message the product sends, its status, and what went wrong.
 */

export const messageChannels = ['email', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * queued: waiting for its next attempt; sending: a worker has it now; sent: the provider accepted
 * it; failed: given up (a permanent error, or every retry used); held: nothing to send it with yet
 * (no SMTP or Twilio settings), kept until the settings appear or an admin presses Retry.
 */
export const messageStatuses = ['queued', 'sending', 'sent', 'failed', 'held'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** Statuses an admin may retry. */
export const retryableStatuses: readonly MessageStatus[] = ['failed', 'held'];

export const EMAIL_ADDRESS_MAX_LENGTH = 254;

export const messageMessages = {
  invalidEmail: 'Please enter a valid email address',
  searchTooLong: 'Search for at most 100 characters.',
  notFound: 'Message not found',
  notRetryable: 'Only failed or held messages can be retried.',
  invalidId: 'Not a valid message id.',
  invalidAttachment: 'Not a valid attachment number.',
  invalidStatus: `Status must be one of ${messageStatuses.join(', ')}.`,
  invalidChannel: `Channel must be one of ${messageChannels.join(', ')}.`,
  /** Retention emptied the message (src/server/features/retention): its HTML and attachments are gone. */
  contentDeleted: 'The content of this message was deleted under our retention policy.',
  contentDeletedNotRetryable:
    'The content of this message was deleted under our retention policy, so it cannot be sent again.',
} as const;

export const messageIdParamsSchema = z.object({ id: z.uuid({ message: messageMessages.invalidId }) });

export const messageListQuerySchema = paginationQuery().extend({
  status: z.enum(messageStatuses, { message: messageMessages.invalidStatus }).optional(),
  channel: z.enum(messageChannels, { message: messageMessages.invalidChannel }).optional(),
  /** Part of the recipient's address or number, any case. */
  recipient: storableCharacters(z.string().trim())
    .pipe(z.string().max(100, messageMessages.searchTooLong))
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export const messageSummarySchema = z.object({
  id: z.uuid(),
  channel: z.enum(messageChannels),
  recipient: z.string(),
  /** E-mail subject; null for text messages. */
  subject: z.string().nullable(),
  /** The first words of the plain text, for the list. */
  preview: z.string(),
  templateName: z.string(),
  status: z.enum(messageStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  valuationId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  /** When the next attempt is due (queued messages). */
  nextAttemptAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
  /**
   * When retention emptied the message's subject, text, HTML and attachments (the copy we kept of
   * what was sent); null while the content is kept.
   */
  contentDeletedAt: z.iso.datetime().nullable(),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

export const messageAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type MessageAttachmentInfo = z.infer<typeof messageAttachmentSchema>;

export const messageDetailSchema = messageSummarySchema.extend({
  text: z.string(),
  /** Whether an HTML part exists; it is shown from GET /api/admin/messages/{id}/html in a sandboxed frame. */
  hasHtml: z.boolean(),
  attachments: z.array(messageAttachmentSchema),
  providerMessageId: z.string().nullable(),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** Whether each channel can send, and through what, for the screen's status line. */
export const transportStatusSchema = z.object({
  configured: z.boolean(),
  /** "SMTP mail.example.co.uk, from Example <hello@example.co.uk>" or what is missing. */
  description: z.string(),
});

export const messageListResponseSchema = paginatedSchema(messageSummarySchema).extend({
  transports: z.object({ email: transportStatusSchema, sms: transportStatusSchema }),
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

const emailAddressSchema = storableCharacters(z.string({ message: messageMessages.invalidEmail }).trim())
  .pipe(z.string().max(EMAIL_ADDRESS_MAX_LENGTH, messageMessages.invalidEmail))
  .pipe(z.email(messageMessages.invalidEmail))
  .meta(emailInDocument(EMAIL_ADDRESS_MAX_LENGTH));

/** POST /api/admin/messages/test: the "message test" template to an address or a number. */
export const sendTestMessageInputSchema = z.discriminatedUnion(
  'channel',
  [
    z.object({ channel: z.literal('email'), to: emailAddressSchema }),
    z.object({ channel: z.literal('sms'), to: phoneSchema }),
  ],
  { message: 'Choose e-mail or text message.' },
);
export type SendTestMessageInput = z.input<typeof sendTestMessageInputSchema>;
