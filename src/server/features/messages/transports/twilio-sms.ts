import twilio from 'twilio';
import { DeliveryError, type SmsTransport } from './transport';

/**
 * Text messages through Twilio's Messages API with the official client (DESIGN 2). The client has
 * no base-URL option; its API domain has a public `baseUrl`, which tests and the demo point at the
 * local fake (test/fakes/twilio). Twilio's own retries are off: the outbox retries, with backoff,
 * and records each attempt.
 */

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  apiUrl: string;
  timeoutMs?: number;
};

/**
 * Twilio error codes that mean this message to this number will never go: invalid or
 * unreachable numbers, opted-out recipients, bodies Twilio refuses. (Codes:
 * https://www.twilio.com/docs/api/errors.) Other 4xx answers are also treated as permanent,
 * except the ones an admin fixes in the settings (401 wrong token, 404 wrong account).
 */
const PERMANENT_CODES = new Set([21211, 21408, 21610, 21612, 21614, 21617, 21602, 21604, 21606, 21660, 30006]);

export function createTwilioSmsTransport(options: TwilioOptions): SmsTransport {
  const client = twilio(options.accountSid, options.authToken, {
    autoRetry: false,
    timeout: options.timeoutMs ?? 15_000,
  });
  client.api.baseUrl = options.apiUrl;
  const sender = options.messagingServiceSid
    ? { messagingServiceSid: options.messagingServiceSid }
    : { from: options.from! };
  return {
    async send(message) {
      try {
        const sent = await client.messages.create({ to: message.to, body: message.body, ...sender });
        return { providerMessageId: sent.sid };
      } catch (error) {
        throw asDeliveryError(error);
      }
    },
    async close() {},
  };
}

type TwilioError = Error & { status?: number; code?: number | string; moreInfo?: string };

export function asDeliveryError(error: unknown): DeliveryError {
  const e = error as TwilioError;
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status === undefined) {
    return new DeliveryError(`Could not reach Twilio: ${e.message}`, false, { cause: e });
  }
  const code = typeof e.code === 'number' ? e.code : undefined;
  const reason = `Twilio ${code ?? status}: ${e.message}`;
  const settingsFault = status === 401 || status === 403 || status === 404;
  const permanent =
    (code !== undefined && PERMANENT_CODES.has(code)) ||
    (status >= 400 && status < 500 && status !== 429 && !settingsFault);
  return new DeliveryError(reason, permanent, { cause: e });
}
