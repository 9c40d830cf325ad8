/**
 * What the outbox worker needs from a provider: send one message, say what the provider called
 * it, and on failure say whether trying again could help.
 */

export type EmailToSend = {
  /** The outbox id: the e-mail's Message-ID is built from it, so a copy sent twice can be recognised. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export type SmsToSend = { to: string; body: string };

export type Sent = { providerMessageId: string | null };

export type Transport<M> = {
  send(message: M): Promise<Sent>;
  /** Closes pooled connections (server shutdown). */
  close(): Promise<void>;
};

export type EmailTransport = Transport<EmailToSend>;
export type SmsTransport = Transport<SmsToSend>;

/**
 * A provider's refusal. Permanent: the same message will never be accepted (a rejected address, an
 * invalid or unsubscribed number), so it fails at once. Otherwise the worker retries with backoff.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}
