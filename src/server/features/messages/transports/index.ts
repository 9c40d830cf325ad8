import type { MessagingConfig } from '~/server/config';
import type { MessageChannel } from '~/shared/messages';
import { HELD_REASONS } from '../outbox';
import type { WorkerTransports } from '../worker';
import { createSmtpTransport } from './smtp';
import { createTwilioSmsTransport } from './twilio-sms';

/** The real providers for what the settings configure; a channel without settings has none. */
export function transportsFor(messaging: MessagingConfig): WorkerTransports {
  const { email, sms } = messaging;
  return {
    email: email && createSmtpTransport({ url: email.smtpUrl, from: email.from, replyTo: email.replyTo }),
    sms: sms && createTwilioSmsTransport(sms),
  };
}

export type TransportStatus = { configured: boolean; description: string };

/** What the Messages screen says about each channel: where messages go (never a password), or why they are held. */
export function describeTransports(messaging: MessagingConfig): Record<MessageChannel, TransportStatus> {
  const { email, sms } = messaging;
  const smtpHost = email && new URL(email.smtpUrl);
  const twilioHost = sms && new URL(sms.apiUrl).host;
  return {
    email: smtpHost
      ? {
          configured: true,
          description: `Sent through the SMTP server ${smtpHost.host}, from ${email.from}.`,
        }
      : { configured: false, description: HELD_REASONS.email },
    sms: sms
      ? {
          configured: true,
          description: `Sent through Twilio${twilioHost === 'api.twilio.com' ? '' : ` (${twilioHost})`}, from ${
            sms.messagingServiceSid ? `messaging service ${sms.messagingServiceSid}` : sms.from
          }.`,
        }
      : { configured: false, description: HELD_REASONS.sms },
  };
}
