import twilio from 'twilio';
import { rfc2822, type CallStatus, type FakeTwilio } from './fake-twilio';

/**
 * Plays Twilio's side of a phone call against our app's webhooks (shared/contracts/external-apis.md §4):
 * the form parameters Twilio posts, signed in X-Twilio-Signature exactly as Twilio signs them (with
 * `twilio.getExpectedTwilioSignature`, the client library's own implementation of the documented
 * algorithm), and a strict reader for the TwiML the app answers with. The fake (fake-twilio.ts) holds the
 * calls themselves, so the app can fetch, redirect or hang up a call a test started with addInboundCall().
 *
 * Twilio signs the public URL it was given (under PUBLIC_BASE_URL), not the address a test reaches the
 * app on, so the two are kept apart: a request is signed for `publicUrl` and sent to `sendTo`, or handed
 * to Fastify's `app.inject` (signedRequest).
 */

/** Webhook form parameters; an array is a parameter sent once per value. */
export type WebhookParams = Record<string, string | string[]>;

/** A signed webhook in the shape Fastify's `app.inject` takes. */
export interface SignedRequest {
  method: 'POST';
  /** The public URL's path and query string, as Twilio requests it. */
  url: string;
  headers: Record<string, string>;
  /** The form-encoded body. */
  payload: string;
}

export interface WebhookReply {
  status: number;
  contentType: string | null;
  body: string;
}

/** The parties and ids every voice webhook carries. */
export interface CallIdentity {
  callSid: string;
  accountSid: string;
  from: string;
  to: string;
}

/** A TwiML element: its attributes, its own text (trimmed) and the elements inside it. */
export interface TwimlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: TwimlNode[];
}

/** The webhook POST Twilio would send to `publicUrl`, signed with the account's auth token. */
export function signedRequest(publicUrl: string, params: WebhookParams, options: { authToken: string }): SignedRequest {
  const target = new URL(publicUrl);
  return {
    method: 'POST',
    url: `${target.pathname}${target.search}`,
    headers: {
      host: target.host,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'TwilioProxy/1.1',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(options.authToken, publicUrl, params),
    },
    payload: formBody(params),
  };
}

/**
 * Sends the signed webhook over HTTP: to `publicUrl` itself, or to the same path and query at the origin
 * of `sendTo` (the app on 127.0.0.1:port). Redirects are not followed, so the app's own answer is seen.
 */
export async function signedPost(
  publicUrl: string,
  params: WebhookParams,
  options: { authToken: string; sendTo?: string },
): Promise<WebhookReply> {
  // fetch sets Host from the address it connects to; the signature covers the public URL regardless.
  const { url, headers, payload } = signedRequest(publicUrl, params, options);
  const { host: _host, ...sentHeaders } = headers;
  const origin = new URL(options.sendTo ?? publicUrl).origin;
  const response = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: sentHeaders,
    body: payload,
    redirect: 'manual',
  });
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
}

/**
 * A caller rings the business number, as Twilio plays it: the fake holds the call (ringing), posts
 * the signed incoming-call webhook to the app and, when the app answers with TwiML other than
 * `<Reject>`, picks the call up to run it, as Twilio does: the call is in progress from then, and
 * the duration its final status callback reports counts from there (the caller's wait included).
 */
export async function ringIn(
  fake: FakeTwilio,
  call: { from: string; webhookUrl: string; statusCallbackUrl?: string; sendTo?: string },
): Promise<{ callSid: string; answer: WebhookReply }> {
  const callSid = fake.addInboundCall({
    from: call.from,
    ...(call.statusCallbackUrl ? { statusCallback: call.statusCallbackUrl } : {}),
  });
  const params = inboundCallParams({ callSid, accountSid: fake.accountSid, from: call.from, to: fake.fromNumber });
  const answer = await signedPost(call.webhookUrl, params, { authToken: fake.authToken, sendTo: call.sendTo });
  const verbs = answer.status === 200 ? parseTwiml(answer.body).map((verb) => verb.name) : ['Reject'];
  if (verbs[0] !== 'Reject') fake.setCallStatus(callSid, 'in-progress');
  return { callSid, answer };
}

/** What Twilio posts to the number's voice URL when a call comes in. */
export function inboundCallParams(call: CallIdentity & { status?: CallStatus }): Record<string, string> {
  return { ...standardParams(call, 'inbound'), CallStatus: call.status ?? 'ringing' };
}

/**
 * What Twilio posts to a call's StatusCallback: the standard parameters, the new status and the event's
 * order (SequenceNumber, from 0), CallDuration once completed, and the recording when the call had
 * Record=true.
 */
export function statusCallbackParams(
  callback: CallIdentity & {
    status: CallStatus;
    sequenceNumber: number;
    /** `outbound-api` (a call we placed) unless given. */
    direction?: 'inbound' | 'outbound-api' | 'outbound-dial';
    /** When the event happened; now unless given. */
    timestamp?: Date;
    /** Seconds the call lasted; sent on `completed` (0 unless given). */
    durationSeconds?: number;
    recording?: { recordingSid: string; recordingUrl: string; durationSeconds: number };
  },
): Record<string, string> {
  const params: Record<string, string> = {
    ...standardParams(callback, callback.direction ?? 'outbound-api'),
    CallStatus: callback.status,
    CallbackSource: 'call-progress-events',
    SequenceNumber: String(callback.sequenceNumber),
    Timestamp: rfc2822(callback.timestamp ?? new Date()),
  };
  if (callback.status === 'completed' || callback.durationSeconds !== undefined) {
    params.CallDuration = String(callback.durationSeconds ?? 0);
  }
  const { recording } = callback;
  if (recording) {
    params.RecordingSid = recording.recordingSid;
    params.RecordingUrl = recording.recordingUrl;
    params.RecordingDuration = String(recording.durationSeconds);
  }
  return params;
}

/** The parameters on every voice request, with the legacy Caller/Called twins of From/To. */
function standardParams(call: CallIdentity, direction: string): Record<string, string> {
  return {
    AccountSid: call.accountSid,
    ApiVersion: '2010-04-01',
    CallSid: call.callSid,
    Called: call.to,
    Caller: call.from,
    Direction: direction,
    From: call.from,
    To: call.to,
  };
}

function formBody(params: WebhookParams): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) form.append(name, one);
  return form.toString();
}

/**
 * Reads a TwiML document and returns the verbs inside its `<Response>`. Strict on purpose, so a test
 * fails on what Twilio would refuse: one root, matching tags, quoted unique attributes, known entities.
 * Comments and CDATA are read; a DOCTYPE or processing instruction (other than the XML declaration)
 * is refused.
 */
export function parseTwiml(xml: string): TwimlNode[] {
  const root = parseXml(xml);
  if (root.name !== 'Response') throw new Error(`TwiML's root element must be <Response>, not <${root.name}>`);
  return root.children;
}

const namePattern = '[A-Za-z_][\\w.-]*';

/** A recursive-descent reader of the XML subset TwiML uses. */
function parseXml(xml: string): TwimlNode {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`TwiML is not well-formed XML: ${why} (at offset ${at})`);
  };
  /** Consumes `pattern` (sticky) at the current offset, if it matches there. */
  const take = (pattern: RegExp): RegExpExecArray | null => {
    const sticky = new RegExp(pattern.source, 'y');
    sticky.lastIndex = at;
    const match = sticky.exec(xml);
    if (match) at = sticky.lastIndex;
    return match;
  };
  const comment = /<!--(?:(?!--)[\s\S])*-->/;
  const skipMisc = () => {
    while (take(/\s+/) || take(comment));
  };

  function element(): TwimlNode {
    const open = take(new RegExp(`<(${namePattern})`)) ?? fail('expected an element');
    const node: TwimlNode = { name: open[1] ?? '', attributes: {}, text: '', children: [] };
    let attribute: RegExpExecArray | null;
    while ((attribute = take(new RegExp(`\\s+(${namePattern})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`)))) {
      const [, name = '', doubleQuoted, singleQuoted] = attribute;
      if (name in node.attributes) fail(`<${node.name}> repeats the attribute ${name}`);
      node.attributes[name] = decodeEntities(doubleQuoted ?? singleQuoted ?? '', fail);
    }
    take(/\s*/);
    if (take(/\/>/)) return node;
    if (!take(/>/)) fail(`the start tag <${node.name}> is malformed`);
    content(node);
    const close = take(new RegExp(`</(${namePattern})\\s*>`));
    if (close?.[1] !== node.name) fail(`expected </${node.name}>`);
    return node;
  }

  function content(node: TwimlNode) {
    let text = '';
    while (!xml.startsWith('</', at)) {
      if (at >= xml.length) fail(`<${node.name}> is not closed`);
      const cdata = take(/<!\[CDATA\[([\s\S]*?)\]\]>/);
      if (cdata) text += cdata[1];
      else if (take(comment)) continue;
      else if (xml.startsWith('<', at)) node.children.push(element());
      else text += decodeEntities(take(/[^<]+/)?.[0] ?? '', fail);
    }
    node.text = text.trim();
  }

  take(/\uFEFF?(<\?xml\s[^?]*\?>)?/);
  skipMisc();
  if (xml.startsWith('<!DOCTYPE', at)) fail('a DOCTYPE is not allowed');
  const root = element();
  skipMisc();
  if (at < xml.length) fail('content after the root element');
  return root;
}

const namedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Replaces XML's five named entities and character references; any other `&` is an error. */
function decodeEntities(raw: string, fail: (why: string) => never): string {
  return raw.replace(/&([^&;\s]*)(;?)/g, (whole, name: string, semicolon: string) => {
    const numeric = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(name)?.[1];
    const code = numeric === undefined ? undefined : Number(numeric.startsWith('x') ? `0${numeric}` : numeric);
    const decoded = code !== undefined && code <= 0x10ffff ? String.fromCodePoint(code) : namedEntities[name];
    return semicolon && decoded !== undefined ? decoded : fail(`${whole} is not an XML entity`);
  });
}
