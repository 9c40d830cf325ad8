import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startJsonFakeServer, type FakeAnswer, type FakeReply } from '../json-fake-server';
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
 * A local stand-in for Twilio's REST API v2010 (Messages, and Programmable
 * Voice's Calls, Account and recording media), for tests that send SMS and
 * place or change calls through the real `twilio` npm client without reaching
 * Twilio. Twilio's side of a call (the webhooks it posts to our app) is played
 * by voice-driver.ts; calls it starts are made here with addInboundCall().
 *
 * Pointing the client at it (checked against twilio 6.2, lib/base/Domain.js):
 *
 *   const client = twilio(fake.accountSid, fake.authToken);
 *   client.api.baseUrl = fake.url;
 *
 * `Domain.baseUrl` is public and `absoluteUrl()` builds every API URL from
 * it. Leave TWILIO_EDGE / TWILIO_REGION (and the edge/region options) unset:
 * they rewrite the host name. The other seam is a custom `httpClient` option.
 *
 * It answers as Twilio documents (shared/contracts/external-apis.md §4–5):
 * Basic auth, form bodies, the create-message and create-call rules and error
 * codes, the magic SMS test numbers, and faults queued with failNext(). Calls
 * keep their state: a hang-up (Status=completed) shows in later fetches. The
 * fake runs no TwiML and fires no callbacks; a test moves a call on with
 * setCallStatus() and posts the callbacks itself (voice-driver.ts). Every JSON
 * request and response is checked against Twilio's own OpenAPI description;
 * problems collect in `contractProblems`, which tests should expect to stay
 * empty. Recording media is not in that document, so it is answered unchecked.
 */

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
  /** The account's own sender: an E.164 number or an alphanumeric sender ID. */
  fromNumber?: string;
  messagingServiceSid?: string;
  /** The account's `friendly_name` (GET /2010-04-01/Accounts/{Sid}.json). */
  friendlyName?: string;
  /** The clock for `date_created` and the calls' times, so tests can pin it. */
  now?: () => Date;
  /**
   * Post each call's final status to its StatusCallback, signed as Twilio signs it, when the call ends
   * through the API (a hang-up or a cancel), with CallDuration (from when it was answered) and, for
   * a call placed with Record=true, its recording and RecordingDuration. Off by default: unit tests
   * post callbacks themselves; the demo turns it on so a call staff end shows as ended.
   */
  sendStatusCallbacks?: boolean;
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

/** Twilio's call statuses (`call_enum_status`). */
export type CallStatus =
  'queued' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'failed' | 'no-answer' | 'canceled';

/** A Call resource as the fake answers it (every field of Twilio's schema; the ones it changes typed). */
export type CallResource = Record<string, unknown> & {
  sid: string;
  status: CallStatus;
  date_updated: string;
  start_time: string | null;
  end_time: string | null;
  duration: string | null;
};

export interface RecordedCall {
  sid: string;
  to: string;
  from: string;
  url: string | null;
  twiml: string | null;
  applicationSid: string | null;
  statusCallback: string | null;
  /** One entry per StatusCallbackEvent sent; empty means Twilio's default, `completed` only. */
  statusCallbackEvent: string[];
  record: boolean;
  /** Seconds to let it ring; null when not sent (Twilio's default is 60). */
  timeout: number | null;
  callerId: string | null;
  /** Every form field as sent, for anything the fields above leave out. */
  params: Record<string, string | string[]>;
  /** The Call resource the fake answered with (201); callResource() gives its state now. */
  resource: CallResource;
}

/** An accepted POST to Calls/{Sid}.json: a hang-up, a cancel or a redirect. */
export interface RecordedCallUpdate {
  sid: string;
  status: string | null;
  url: string | null;
  twiml: string | null;
  params: Record<string, string | string[]>;
}

/** A recording's audio as the fake serves it. */
export interface RecordingAudio {
  body: Buffer;
  contentType: string;
}

/** A fault for the next acting POST, used instead of the normal answer. */
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
  /** Every call created through the API (201), oldest first; addInboundCall() adds none. */
  calls: RecordedCall[];
  /** Every update a call accepted (200), oldest first. */
  callUpdates: RecordedCallUpdate[];
  /** How many HTTP requests arrived, answered or not. */
  readonly requests: number;
  /** Every contract problem found in a request or response; empty means the exchange matched Twilio's OpenAPI document. */
  contractProblems: string[];
  /**
   * Queues faults, used in order by the next authenticated POSTs that act: creating a message, creating
   * a call, updating a call. Fetches (GETs) and recording downloads are never faulted.
   */
  failNext(...faults: TwilioFault[]): void;
  /**
   * A call ringing in on the account's number (status `ringing`, direction `inbound`); returns its
   * CallSid. `statusCallback` is the number's status callback URL (see `sendStatusCallbacks`).
   */
  addInboundCall(call: { from: string; to?: string; statusCallback?: string }): string;
  /** A call's resource as a fetch would answer it now; undefined for an unknown sid. */
  callResource(callSid: string): CallResource | undefined;
  /** Moves a call on as the phone network would (answered: `in-progress`; hung up: `completed`). */
  setCallStatus(callSid: string, status: CallStatus): void;
  /**
   * Stores a recording of a call and returns what Twilio would send for it: the RecordingSid and the
   * RecordingUrl (no extension). Without `audio` it is a short silence, served as WAV (no extension or
   * `.wav`) or MP3 (`.mp3`); given bytes are served as they are whatever the extension, as the fake
   * does not convert audio. Downloads need the account's Basic auth.
   */
  addRecording(recording: { callSid: string; audio?: RecordingAudio }): { recordingSid: string; recordingUrl: string };
  /** Whether the account still holds the recording (DELETE Recordings/{Sid}.json removes it). */
  hasRecording(recordingSid: string): boolean;
  /** Forgets messages, calls, recordings, counts, problems and queued faults. */
  reset(): void;
  close(): Promise<void>;
}

const contractFile = fileURLToPath(new URL('../../contracts/twilio-messages.openapi.json', import.meta.url));
const contractOptions = { undescribedResponseSchema: twilioErrorSchema };

const e164 = /^\+[1-9]\d{6,14}$/;
const alphanumericSender = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
/** What a call may be to or from: a phone number, a Twilio Client identity or a SIP address. */
const callEndpoint = /^(\+[1-9]\d{6,14}|client:[\w.@-]+|sip:\S+)$/;
const endedStatuses = new Set<CallStatus>(['completed', 'busy', 'failed', 'no-answer', 'canceled']);
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

type Form = Record<string, unknown>;
/** A route under /2010-04-01/Accounts/{AccountSid}: `METHOD rest-of-path`, and its answer from the path's ids. */
type Route = [RegExp, (ids: string[], form: Form, path: string) => FakeReply];

/** A form field that is sent once, or undefined. */
const fieldOf = (form: Form) => (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);

export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${hex(16)}`;
  const authToken = options.authToken ?? hex(16);
  const fromNumber = options.fromNumber ?? '+441632960000';
  const messagingServiceSid = options.messagingServiceSid ?? `MG${hex(16)}`;
  const now = options.now ?? (() => new Date());
  const accountPath = `/2010-04-01/Accounts/${accountSid}`;
  const basicAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const account = accountResource(accountSid, authToken, options.friendlyName ?? 'CarBuy Direct (fake)', now());
  // The IncomingPhoneNumber inbound calls ring on.
  const phoneNumberSid = `PN${hex(16)}`;

  const sent: RecordedMessage[] = [];
  const calls: RecordedCall[] = [];
  const callUpdates: RecordedCallUpdate[] = [];
  const liveCalls = new Map<string, CallResource>();
  /** Each call's StatusCallback URL, for `sendStatusCallbacks`. */
  const statusCallbacks = new Map<string, string>();
  const recordings = new Map<string, Record<'mp3' | 'wav', RecordingAudio>>();
  /** Each call's first recording, for its final status callback when it was placed with Record=true. */
  const callRecordings = new Map<string, { recordingSid: string; recordingUrl: string }>();
  const faults: TwilioFault[] = [];

  const error = (code: TwilioErrorCode | number, status?: number, message?: string): FakeAnswer => {
    const body: TwilioErrorBody = twilioError(code, status, message);
    return { status: body.status, body };
  };
  const notFound = (path: string) => error(20404, 404, `The requested resource ${path} was not found`);
  const found = (resource: unknown, path: string) => (resource ? { status: 200, body: resource } : notFound(path));
  /** Queued faults stand in for the next POSTs that act (create a message, create or update a call). */
  const faultOr = (act: () => FakeReply): FakeReply => (faults.length ? fault(faults.shift()) : act());

  // Each route matches `METHOD rest-of-path` after /2010-04-01/Accounts/{AccountSid}.
  const routes: Route[] = [
    [/^GET \.json$/, () => ({ status: 200, body: account })],
    [/^POST \/Messages\.json$/, (_, form) => faultOr(() => createMessage(form))],
    [/^GET \/Messages\/([^/]+)\.json$/, ([sid], _, path) => found(sent.find((m) => m.sid === sid)?.resource, path)],
    [/^POST \/Calls\.json$/, (_, form) => faultOr(() => createCall(form))],
    [/^GET \/Calls\/([^/]+)\.json$/, ([sid = ''], _, path) => found(liveCalls.get(sid), path)],
    [/^POST \/Calls\/([^/]+)\.json$/, ([sid = ''], form, path) => faultOr(() => updateCall(sid, form, path))],
    [/^GET \/Recordings\/([^/.]+)(?:\.(mp3|wav))?$/, ([sid = '', format], _, path) => media(sid, format, path)],
    // Twilio answers 204 with no body for a recording it deleted, 404 for one it does not hold.
    [
      /^DELETE \/Recordings\/([^/]+)\.json$/,
      ([sid = ''], _, path) => (recordings.delete(sid) ? { status: 204, body: undefined } : notFound(path)),
    ],
  ];

  function answer(method: string, path: string, headers: IncomingMessage['headers'], form: Form): FakeReply {
    if (headers.authorization !== basicAuth) {
      return { ...error(20003), headers: { 'WWW-Authenticate': 'Basic realm="Twilio API"' } };
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+?)(\.json|\/.+)$/.exec(path);
    if (!match || match[1] !== accountSid) return notFound(path);
    const request = `${method} ${match[2]}`;
    for (const [pattern, handle] of routes) {
      const ids = pattern.exec(request);
      if (ids) return handle(ids.slice(1), form, path);
    }
    contractProblems.push(`fake-twilio does not implement ${method} ${path}; add it if the app needs it`);
    return notFound(path);
  }

  function fault(queued: TwilioFault | undefined): FakeReply {
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
  function createMessage(form: Form): FakeAnswer {
    const field = fieldOf(form);
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

  /**
   * POST Calls.json. Twilio's document marks only To and From required; the API also wants one of Url,
   * Twiml or ApplicationSid (21205). The magic SMS test numbers are not applied to calls.
   */
  function createCall(form: Form): FakeAnswer {
    const field = fieldOf(form);
    const [to, from] = [field('To'), field('From')];
    if (!to) return error(21201);
    if (!from) return error(21213);
    if (!field('Url') && !field('Twiml') && !field('ApplicationSid')) return error(21205);
    if (!callEndpoint.test(to)) return error(21211);
    if (!callEndpoint.test(from)) return error(21212);
    const resource = newCall({ to, from, direction: 'outbound-api', status: 'queued' });
    if (field('StatusCallback')) statusCallbacks.set(resource.sid, field('StatusCallback')!);
    const timeout = field('Timeout');
    calls.push({
      sid: resource.sid,
      to,
      from,
      url: field('Url') ?? null,
      twiml: field('Twiml') ?? null,
      applicationSid: field('ApplicationSid') ?? null,
      statusCallback: field('StatusCallback') ?? null,
      statusCallbackEvent: [form.StatusCallbackEvent ?? []].flat().map(String),
      record: field('Record') === 'true',
      timeout: timeout === undefined ? null : Number(timeout),
      callerId: field('CallerId') ?? null,
      params: form as RecordedCall['params'],
      resource: { ...resource },
    });
    return { status: 201, body: resource };
  }

  /** A call the fake keeps, as Twilio's Call resource; times stay null until the call moves on. */
  function newCall(call: { to: string; from: string; direction: string; status: CallStatus }): CallResource {
    const sid = `CA${hex(16)}`;
    const created = rfc2822(now());
    const path = `${accountPath}/Calls/${sid}`;
    const subresources = ['Notifications', 'Recordings', 'Payments', 'Events', 'Siprec', 'Streams', 'Transcriptions'];
    const resource: CallResource = {
      account_sid: accountSid,
      answered_by: null,
      api_version: '2010-04-01',
      caller_name: null,
      date_created: created,
      date_updated: created,
      direction: call.direction,
      duration: null,
      end_time: null,
      forwarded_from: null,
      from: call.from,
      // Twilio formats only North American numbers for display; others stay E.164.
      from_formatted: call.from,
      group_sid: null,
      parent_call_sid: null,
      phone_number_sid: call.direction === 'inbound' ? phoneNumberSid : null,
      price: null,
      // One account, one currency: as its messages.
      price_unit: 'GBP',
      queue_time: '0',
      sid,
      start_time: null,
      status: call.status,
      subresource_uris: Object.fromEntries(subresources.map((name) => [snakeCase(name), `${path}/${name}.json`])),
      to: call.to,
      to_formatted: call.to,
      trunk_sid: null,
      uri: `${path}.json`,
    };
    liveCalls.set(sid, resource);
    return resource;
  }

  /** POST Calls/{Sid}.json: hang up (completed), cancel (only before it is answered), or redirect. */
  function updateCall(sid: string, form: Form, path: string): FakeAnswer {
    const call = liveCalls.get(sid);
    if (!call) return notFound(path);
    const field = fieldOf(form);
    const status = field('Status');
    if (status === 'completed' || (status === 'canceled' && ['queued', 'ringing'].includes(call.status))) {
      moveCall(call, status);
      if (options.sendStatusCallbacks) void postFinalStatus(call);
    }
    // A redirect (Url or Twiml) is recorded only: the fake runs no TwiML.
    call.date_updated = rfc2822(now());
    callUpdates.push({
      sid,
      status: status ?? null,
      url: field('Url') ?? null,
      twiml: field('Twiml') ?? null,
      params: form as RecordedCallUpdate['params'],
    });
    return { status: 200, body: call };
  }

  /** Moves a call on, stamping its times as Twilio's resource shows them; an ended call stays as it ended. */
  function moveCall(call: CallResource, status: CallStatus) {
    if (endedStatuses.has(call.status)) return;
    const at = now();
    call.status = status;
    call.date_updated = rfc2822(at);
    if (status === 'in-progress' || status === 'completed') call.start_time ??= rfc2822(at);
    if (status === 'completed' && call.start_time) {
      call.end_time = rfc2822(at);
      // From the two stamps, which are whole seconds, so a call ended at once lasted 0 s.
      call.duration = String(Math.max(0, (Date.parse(call.end_time) - Date.parse(call.start_time)) / 1000));
    }
  }

  /** The call's final status to its StatusCallback, signed with the account's token; failures are ignored. */
  async function postFinalStatus(call: CallResource) {
    const url = statusCallbacks.get(call.sid);
    if (!url) return;
    const params: Record<string, string> = {
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
      CallSid: call.sid,
      CallStatus: call.status,
      CallbackSource: 'call-progress-events',
      Direction: String(call.direction),
      From: String(call.from),
      To: String(call.to),
      SequenceNumber: '0',
      Timestamp: rfc2822(now()),
      ...(call.duration === null ? {} : { CallDuration: call.duration }),
      ...recordingParams(call),
    };
    await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    }).catch(() => undefined);
  }

  /**
   * What a final status callback says of the recording of a call placed with Record=true: the whole
   * call is recorded, so the recording lasts as long as the call.
   */
  function recordingParams(call: CallResource): Record<string, string> {
    const recording = callRecordings.get(call.sid);
    const placed = calls.find((placedCall) => placedCall.sid === call.sid);
    if (!recording || !placed?.record || call.duration === null) return {};
    const { recordingSid, recordingUrl } = recording;
    return { RecordingSid: recordingSid, RecordingUrl: recordingUrl, RecordingDuration: String(call.duration) };
  }

  /** GET Recordings/{Sid}.mp3 | .wav | (none: WAV), the media Twilio's RecordingUrl points at. */
  function media(sid: string, format: string | undefined, path: string): FakeAnswer {
    const audio = recordings.get(sid)?.[format === 'mp3' ? 'mp3' : 'wav'];
    return audio ? { status: 200, body: audio.body, headers: { 'Content-Type': audio.contentType } } : notFound(path);
  }

  function addRecording({ callSid, audio }: { callSid: string; audio?: RecordingAudio }) {
    if (!liveCalls.has(callSid)) throw new Error(`fake-twilio has no call ${callSid} to record`);
    const recordingSid = `RE${hex(16)}`;
    recordings.set(recordingSid, audio ? { mp3: audio, wav: audio } : silence);
    const recording = { recordingSid, recordingUrl: `${server.url}${accountPath}/Recordings/${recordingSid}` };
    if (!callRecordings.has(callSid)) callRecordings.set(callSid, recording);
    return recording;
  }

  function setCallStatus(callSid: string, status: CallStatus) {
    const call = liveCalls.get(callSid);
    if (!call) throw new Error(`fake-twilio has no call ${callSid}`);
    if (endedStatuses.has(call.status)) throw new Error(`call ${callSid} has already ended (${call.status})`);
    moveCall(call, status);
  }

  // Twilio answers JSON with a charset; the shared plumbing reads the form and checks the contract.
  const server = await startJsonFakeServer({
    contract: loadContract(contractFile, contractOptions),
    // Recording media is not in Twilio's document; every JSON resource is.
    checked: (path) => path.endsWith('.json'),
    answer: ({ method, path, headers, body }) => {
      const form = body !== null && typeof body === 'object' ? (body as Form) : {};
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
    calls,
    callUpdates,
    get requests() {
      return server.requests;
    },
    contractProblems,
    failNext: (...queued) => void faults.push(...queued),
    addInboundCall: ({ from, to = fromNumber, statusCallback }) => {
      const { sid } = newCall({ to, from, direction: 'inbound', status: 'ringing' });
      if (statusCallback) statusCallbacks.set(sid, statusCallback);
      return sid;
    },
    callResource: (callSid) => liveCalls.get(callSid),
    setCallStatus,
    addRecording,
    hasRecording: (recordingSid) => recordings.has(recordingSid),
    reset() {
      // Emptied in place, so arrays a test already holds stay current.
      sent.length = 0;
      calls.length = 0;
      callUpdates.length = 0;
      faults.length = 0;
      liveCalls.clear();
      statusCallbacks.clear();
      recordings.clear();
      callRecordings.clear();
      server.reset();
    },
    close: () => server.close(),
  };
}

/** GET /2010-04-01/Accounts/{Sid}.json: an active, upgraded account (Twilio includes the auth token). */
function accountResource(sid: string, authToken: string, friendlyName: string, created: Date) {
  const path = `/2010-04-01/Accounts/${sid}`;
  const subresources = ['Calls', 'Messages', 'Recordings', 'Queues', 'IncomingPhoneNumbers', 'Notifications'];
  return {
    auth_token: authToken,
    date_created: rfc2822(created),
    date_updated: rfc2822(created),
    friendly_name: friendlyName,
    owner_account_sid: sid,
    sid,
    status: 'active',
    subresource_uris: Object.fromEntries(subresources.map((name) => [snakeCase(name), `${path}/${name}.json`])),
    type: 'Full',
    uri: `${path}.json`,
  };
}

/** `IncomingPhoneNumbers` → `incoming_phone_numbers`, as Twilio names subresource URIs. */
function snakeCase(name: string): string {
  return name.replace(/(?<!^)[A-Z]/g, '_$&').toLowerCase();
}

/** Twilio's timestamp form: `Tue, 01 Apr 2025 10:00:00 +0000`. */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

/** 0.1 s of silence as WAV: 8 kHz, 16-bit mono PCM, a 44-byte header and zero samples. */
function silentWav(): Buffer {
  const samples = Buffer.alloc(1600);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // samples per second
  header.writeUInt32LE(16000, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per sample frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/**
 * About a quarter of a second of silence as MP3: ten MPEG-1 Layer III frames (32 kbit/s, 44.1 kHz,
 * mono), each a 4-byte header and 100 zero bytes, which decode as silence.
 */
function silentMp3(): Buffer {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x10, 0xc4]), Buffer.alloc(100)]);
  return Buffer.concat(Array.from({ length: 10 }, () => frame));
}

const silence: Record<'mp3' | 'wav', RecordingAudio> = {
  mp3: { body: silentMp3(), contentType: 'audio/mpeg' },
  wav: { body: silentWav(), contentType: 'audio/x-wav' },
};
