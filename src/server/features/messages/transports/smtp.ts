import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { DeliveryError, type EmailTransport } from './transport';

/**
 * E-mail over SMTP with nodemailer (DESIGN 2). `SMTP_URL` is smtp://user:password@host:587
 * (STARTTLS whenever the server offers it) or smtps://…:465 (TLS from the start). Connections are
 * pooled so a burst of messages does not open one connection each.
 */

export type SmtpOptions = {
  url: string;
  from: string;
  replyTo?: string | undefined;
  /** Seconds before a stalled server counts as a failed attempt; well inside the worker's lease. */
  timeoutMs?: number;
};

export function createSmtpTransport(options: SmtpOptions): EmailTransport {
  const url = new URL(options.url);
  const secure = url.protocol === 'smtps:';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const smtp: SMTPPool.Options = {
    pool: true,
    maxConnections: 3,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
  const transporter = nodemailer.createTransport(smtp);
  const domain = /@([^@>\s]+)>?$/.exec(options.from)?.[1] ?? 'localhost';
  return {
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: options.from,
          messageId: `<${message.id}@${domain}>`,
          ...(options.replyTo ? { replyTo: options.replyTo } : {}),
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        });
        if (info.rejected.length > 0) {
          throw new DeliveryError(`The mail server refused ${info.rejected.join(', ')}`, true);
        }
        return { providerMessageId: info.messageId ?? null };
      } catch (error) {
        throw asDeliveryError(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}

type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };

/**
 * 5xx replies to a message or its recipients are permanent (RFC 5321: "do not repeat the same
 * request"); 4xx replies, time-outs and lost connections are worth another try. A refused login
 * (535) is a set-up fault an admin can fix, so it is retried too rather than failed at once.
 */
export function asDeliveryError(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const e = error as SmtpError;
  const reply = e.response ? `: ${e.response}` : '';
  const code = e.responseCode;
  if (e.code === 'EAUTH') return new DeliveryError(`The mail server refused our login${reply}`, false, { cause: e });
  if (code !== undefined && code >= 500 && code < 600) {
    return new DeliveryError(`The mail server refused the message${reply}`, true, { cause: e });
  }
  if (code !== undefined && code >= 400 && code < 500) {
    return new DeliveryError(`The mail server asked us to try later${reply}`, false, { cause: e });
  }
  const connection = ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED'].includes(e.code ?? '');
  const what = connection ? 'Could not reach the mail server' : 'Sending the e-mail failed';
  return new DeliveryError(`${what}: ${e.message}`, false, { cause: e });
}
