import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startJsonFakeServer } from '../json-fake-server';
import { loadContract } from '../openapi-contract';
import { smsSegments } from './segments';
import {
  magicFromNumbers,
  magicToNumbers,
  twilioError,
  twilioErrorSchema,
  type TwilioErrorBody,
  type TwilioErrorCode,
} from './twilio-errors';

/**
 * A local stand-in for Twilio's Messages API (REST v2010), for tests that send
 * SMS through the real `twilio` npm client without reaching Twilio.
 *
 * Pointing the client at it (checked against twilio 6.2, lib/base/Domain.js):
 *
 *   const client = twilio(fake.accountSid, fake.authToken);
 *   client.api.baseUrl = fake.url;
 *
 * `Domain.baseUrl` is public and `absoluteUrl()` builds every Messages URL from
 * it. Leave TWILIO_EDGE / TWILIO_REGION (and the edge/region options) unset:
 * they rewrite the host name. The other seam is a custom `httpClient` option.
 *
 * It answers as Twilio documents (shared/contracts/external-apis.md §4–5):
 * Basic auth, form bodies, the create-message rules and error codes, the magic
 * test numbers, and faults queued with failNext(). Every request and response
 * is checked against Twilio's own OpenAPI description; problems collect in
 * `contractProblems`, which tests should expect to stay empty.
 */

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
  /** The account's own sender: an E.164 number or an alphanumeric sender ID. */
  fromNumber?: string;
  messagingServiceSid?: string;
  /** The clock for `date_created`, so tests can pin it. */
  now?: () => Date;
}

export interface RecordedMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string | null;
  mediaUrls: string[];
  statusCallback: string | null;
  /** Every form field as sent, for anything the fields above leave out. */
  params: Record<string, string | string[]>;
  /** The Message resource the fake answered with. */
  resource: Record<string, unknown>;
}

/** A fault for the next Messages POST, used instead of the normal answer. */
export type TwilioFault =
  | { status: 500 | 503; code?: number }
  /** Twilio documents no Retry-After for REST 429s; set one only to test a client that reads it. */
  | { status: 429; retryAfterSeconds?: number }
  | { status: 400; code: number; message?: string }
  /** Never answers, to exercise client time-outs; close() ends the connection. */
  | { hang: true };

export interface FakeTwilio {
  /** http://127.0.0.1:<port>, for `client.api.baseUrl`. */
  url: string;
  accountSid: string;
  authToken: string;
  fromNumber: string;
  messagingServiceSid: string;
  /** Every message accepted (201), oldest first. */
  sent: RecordedMessage[];
  /** How many HTTP requests arrived, answered or not. */
  readonly requests: number;
  /** Every contract problem found in a request or response; empty means the exchange matched Twilio's OpenAPI document. */
  contractProblems: string[];
  /** Queues faults, used in order by the next authenticated Messages POSTs. */
  failNext(...faults: TwilioFault[]): void;
  /** Forgets messages, counts, problems and queued faults. */
  reset(): void;
  close(): Promise<void>;
}

const contractFile = fileURLToPath(new URL('../../contracts/twilio-messages.openapi.json', import.meta.url));
const e164 = /^\+[1-9]\d{6,14}$/;
const alphanumericSender = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${hex(16)}`;
  const authToken = options.authToken ?? hex(16);
  const fromNumber = options.fromNumber ?? '+441632960000';
  const messagingServiceSid = options.messagingServiceSid ?? `MG${hex(16)}`;
  const now = options.now ?? (() => new Date());
  const contract = loadContract(contractFile, { undescribedResponseSchema: twilioErrorSchema });
  const accountPath = `/2010-04-01/Accounts/${accountSid}`;

  const sent: RecordedMessage[] = [];
  const faults: TwilioFault[] = [];

  const error = (code: TwilioErrorCode | number, status?: number, message?: string): Answer => {
    const body: TwilioErrorBody = twilioError(code, status, message);
    return { status: body.status, body };
  };

  function answer(method: string, path: string, headers: IncomingMessage['headers'], form: Record<string, unknown>) {
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (headers.authorization !== expected) {
      return { ...error(20003), headers: { 'WWW-Authenticate': 'Basic realm="Twilio API"' } };
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages(?:\/([^/]+))?\.json$/.exec(path);
    const notFound = error(20404, 404, `The requested resource ${path} was not found`);
    if (!match || match[1] !== accountSid) return notFound;
    const messageSid = match[2];
    if (messageSid === undefined && method === 'POST') return faults.length ? fault(faults.shift()) : create(form);
    if (messageSid !== undefined && method === 'GET') {
      const found = sent.find((message) => message.sid === messageSid);
      return found ? { status: 200, body: found.resource } : notFound;
    }
    contractProblems.push(`fake-twilio does not implement ${method} ${path}; add it if the app needs it`);
    return notFound;
  }

  function fault(queued: TwilioFault | undefined): Answer | 'hang' {
    if (!queued || 'hang' in queued) return 'hang';
    if (queued.status === 429) {
      const retryAfter = queued.retryAfterSeconds;
      return {
        ...error(20429),
        ...(retryAfter === undefined ? {} : { headers: { 'Retry-After': String(retryAfter) } }),
      };
    }
    if (queued.status === 400) return error(queued.code, 400, queued.message);
    return error(queued.code ?? 20500, queued.status);
  }

  /** POST Messages.json: Twilio's checks, in the order its documented errors suggest, then the new resource. */
  function create(form: Record<string, unknown>): Answer {
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    const mediaUrls = [form.MediaUrl ?? []].flat().map(String);
    const [to, from, service, body] = [field('To'), field('From'), field('MessagingServiceSid'), field('Body')];
    if (!to) return error(21604);
    if (!from && !service) return error(21603);
    if (!body && mediaUrls.length === 0 && !field('ContentSid')) return error(21602);
    if (body && [...body].length > 1600) return error(21617);
    if (service && service !== messagingServiceSid) return error(21701);
    if (from && from !== fromNumber) {
      const magic = magicFromNumbers[from];
      if (magic !== 'valid') return error(magic ?? (e164.test(from) || alphanumericSender.test(from) ? 21606 : 21212));
    }
    const toFailure = magicToNumbers[to] ?? (e164.test(to) ? undefined : 21211);
    if (toFailure) return error(toFailure);

    const sid = `${mediaUrls.length ? 'MM' : 'SM'}${hex(16)}`;
    const created = rfc2822(now());
    const uri = `${accountPath}/Messages/${sid}.json`;
    // With a Messaging Service Twilio picks the sender later: status `accepted`, no `from` or segments yet.
    const segments = service ? 0 : mediaUrls.length ? 1 : smsSegments(body ?? '');
    const resource = {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: body ?? '',
      date_created: created,
      date_sent: null,
      date_updated: created,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: from ?? null,
      messaging_service_sid: service ?? null,
      num_media: String(mediaUrls.length),
      num_segments: String(segments),
      price: null,
      price_unit: 'GBP',
      sid,
      status: service ? 'accepted' : 'queued',
      subresource_uris: { media: `${accountPath}/Messages/${sid}/Media.json` },
      to,
      uri,
    };
    sent.push({
      sid,
      to,
      from: from ?? null,
      messagingServiceSid: service ?? null,
      body: body ?? null,
      mediaUrls,
      statusCallback: field('StatusCallback') ?? null,
      params: form as RecordedMessage['params'],
      resource,
    });
    return { status: 201, body: resource };
  }

  // Twilio answers JSON with a charset; the shared plumbing reads the form and checks the contract.
  const server = await startJsonFakeServer({
    contract,
    checked: () => true,
    answer: ({ method, path, headers, body }) => {
      const form = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      const reply = answer(method, path, headers, form);
      if (reply === 'hang') return reply;
      return { ...reply, headers: { 'Content-Type': 'application/json; charset=utf-8', ...reply.headers } };
    },
  });
  const contractProblems = server.contractProblems;

  return {
    url: server.url,
    accountSid,
    authToken,
    fromNumber,
    messagingServiceSid,
    sent,
    get requests() {
      return server.requests;
    },
    contractProblems,
    failNext: (...queued) => void faults.push(...queued),
    reset() {
      // Emptied in place, so arrays a test already holds stay current.
      sent.length = 0;
      faults.length = 0;
      server.reset();
    },
    close: () => server.close(),
  };
}

/** Twilio's timestamp form: `Tue, 01 Apr 2025 10:00:00 +0000`. */
function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}
