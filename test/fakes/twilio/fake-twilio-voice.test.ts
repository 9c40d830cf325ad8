import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseFormBody } from '../openapi-contract';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';
import { inboundCallParams, parseTwiml, signedPost, signedRequest, statusCallbackParams } from './voice-driver';

// Drives the real `twilio` client against the fake's Programmable Voice part, and the voice driver against
// a stand-in for our app, so both are proven against the client, Twilio's OpenAPI document and the
// client library's own signature check.

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterEach(() => {
  // Every exchange in this file must match Twilio's published contract.
  expect(fake.contractProblems).toEqual([]);
  fake.reset();
});
afterAll(() => fake.close());

function clientFor(authToken = fake.authToken) {
  const client = twilio(fake.accountSid, authToken);
  client.api.baseUrl = fake.url;
  return client;
}

async function expectTwilioError(promise: Promise<unknown>, status: number, code: number) {
  const error = await promise.then(
    () => expect.fail('expected the request to fail'),
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(twilio.RestException);
  expect(error).toMatchObject({ status, code, moreInfo: `https://www.twilio.com/docs/errors/${code}` });
}

const basicAuth = () => `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`;
const twiml = '<Response><Say>Hello</Say></Response>';
const placeCall = (client = clientFor()) => client.calls.create({ to: '+447700900123', from: fake.fromNumber, twiml });
const unknownCall = `CA${'0'.repeat(32)}`;

describe('calls through the real twilio client', () => {
  it('creates a call: 201, queued, outbound-api, recorded with its options', async () => {
    const call = await clientFor().calls.create({
      to: '+447700900123',
      from: fake.fromNumber,
      twiml,
      statusCallback: 'https://carbuy.example/api/twilio/status-callback',
      statusCallbackMethod: 'POST',
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      record: true,
      timeout: 20,
    });

    expect(call.sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(call).toMatchObject({
      accountSid: fake.accountSid,
      to: '+447700900123',
      from: fake.fromNumber,
      status: 'queued',
      direction: 'outbound-api',
      apiVersion: '2010-04-01',
      startTime: null,
      endTime: null,
      duration: null,
      price: null,
      parentCallSid: null,
      answeredBy: null,
      uri: `/2010-04-01/Accounts/${fake.accountSid}/Calls/${call.sid}.json`,
    });
    expect(call.dateCreated).toBeInstanceOf(Date);
    expect(fake.calls).toEqual([
      expect.objectContaining({
        sid: call.sid,
        to: '+447700900123',
        from: fake.fromNumber,
        url: null,
        twiml,
        statusCallback: 'https://carbuy.example/api/twilio/status-callback',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        record: true,
        timeout: 20,
        callerId: null,
      }),
    ]);
  });

  it('refuses a call without To (21201), From (21213) or instructions (21205)', async () => {
    const client = clientFor();
    // The client insists on to and from being present, so empty ones stand for missing.
    await expectTwilioError(client.calls.create({ to: '', from: fake.fromNumber, twiml }), 400, 21201);
    await expectTwilioError(client.calls.create({ to: '+447700900123', from: '', twiml }), 400, 21213);
    const noInstructions = client.calls.create({ to: '+447700900123', from: fake.fromNumber });
    await expectTwilioError(noInstructions, 400, 21205);
    expect(fake.calls).toEqual([]);
  });

  it("checks calls against Twilio's document: a create without To is reported, and answered 21201", async () => {
    const response = await fetch(`${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Calls.json`, {
      method: 'POST',
      headers: { Authorization: basicAuth(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ From: fake.fromNumber, Url: 'https://carbuy.example/twiml', Timeout: 'soon' }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 21201, message: "No 'To' number is specified" });
    expect(fake.contractProblems).toEqual([
      expect.stringContaining("must have required property 'To'"),
      expect.stringMatching(/Timeout: must be integer$/),
    ]);
    fake.reset();
  });

  it('fetches a call and hangs it up: completed, with its end time and duration', async () => {
    const client = clientFor();
    const { sid } = await placeCall(client);
    await expect(client.calls(sid).fetch()).resolves.toMatchObject({ sid, status: 'queued' });

    const ended = await client.calls(sid).update({ status: 'completed' });
    expect(ended).toMatchObject({ sid, status: 'completed', duration: '0' });
    expect(ended.endTime).toBeInstanceOf(Date);
    await expect(client.calls(sid).fetch()).resolves.toMatchObject({ status: 'completed' });
    expect(fake.callUpdates).toEqual([expect.objectContaining({ sid, status: 'completed', url: null, twiml: null })]);
  });

  it('times a call by the clock it is given: answered, then hung up 42 s later', async () => {
    let clock = new Date('2025-04-01T10:00:00Z');
    const timed = await startFakeTwilio({ now: () => clock });
    try {
      const client = twilio(timed.accountSid, timed.authToken);
      client.api.baseUrl = timed.url;
      const sid = timed.addInboundCall({ from: '+447700900123' });
      timed.setCallStatus(sid, 'in-progress');
      clock = new Date('2025-04-01T10:00:42Z');

      const ended = await client.calls(sid).update({ status: 'completed' });
      expect(ended).toMatchObject({ status: 'completed', duration: '42', startTime: new Date('2025-04-01T10:00:00Z') });
      expect(ended.endTime).toEqual(clock);
      expect(timed.contractProblems).toEqual([]);
    } finally {
      await timed.close();
    }
  });

  it('keeps inbound calls too: cancel leaves an answered call alone, a redirect is recorded', async () => {
    const client = clientFor();
    const sid = fake.addInboundCall({ from: '+447700900123' });
    await expect(client.calls(sid).fetch()).resolves.toMatchObject({
      status: 'ringing',
      direction: 'inbound',
      from: '+447700900123',
      to: fake.fromNumber,
    });

    fake.setCallStatus(sid, 'in-progress');
    await expect(client.calls(sid).update({ status: 'canceled' })).resolves.toMatchObject({ status: 'in-progress' });
    await client.calls(sid).update({ twiml: '<Response><Hangup/></Response>' });
    expect(fake.callUpdates.map((update) => [update.status, update.twiml])).toEqual([
      ['canceled', null],
      [null, '<Response><Hangup/></Response>'],
    ]);
    expect(() => fake.setCallStatus(unknownCall, 'completed')).toThrow(/no call/);
  });

  it('cancels a call that has not been answered', async () => {
    const { sid } = await placeCall();
    await expect(clientFor().calls(sid).update({ status: 'canceled' })).resolves.toMatchObject({
      status: 'canceled',
      endTime: null,
    });
    expect(() => fake.setCallStatus(sid, 'in-progress')).toThrow(/already ended/);
  });

  it('answers an unknown call with 404 and code 20404', async () => {
    await expectTwilioError(clientFor().calls(unknownCall).fetch(), 404, 20404);
    await expectTwilioError(clientFor().calls(unknownCall).update({ status: 'completed' }), 404, 20404);
    expect(fake.callUpdates).toEqual([]);
  });

  it('spends queued faults on creating and updating calls, never on fetches', async () => {
    fake.failNext({ status: 503 });
    await expectTwilioError(placeCall(), 503, 20500);
    const { sid } = await placeCall();

    fake.failNext({ status: 500 });
    await expect(clientFor().calls(sid).fetch()).resolves.toMatchObject({ status: 'queued' });
    await expectTwilioError(clientFor().calls(sid).update({ status: 'completed' }), 500, 20500);
    expect(fake.callResource(sid)?.status).toBe('queued');
  });
});

describe('the account', () => {
  it('fetches the account the credentials belong to', async () => {
    const account = await clientFor().api.v2010.accounts(fake.accountSid).fetch();
    expect(account).toMatchObject({
      sid: fake.accountSid,
      ownerAccountSid: fake.accountSid,
      status: 'active',
      type: 'Full',
      friendlyName: expect.any(String),
    });
    expect(account.dateCreated).toBeInstanceOf(Date);
  });

  it('answers a wrong auth token with 401 and code 20003', async () => {
    await expectTwilioError(clientFor('wrong-token').api.v2010.accounts(fake.accountSid).fetch(), 401, 20003);
  });
});

describe('recordings', () => {
  const download = (url: string, authorization = basicAuth()) => fetch(url, { headers: { authorization } });

  it('gives the RecordingUrl Twilio sends and serves the audio only with Basic auth', async () => {
    const callSid = fake.addInboundCall({ from: '+447700900123' });
    const { recordingSid, recordingUrl } = fake.addRecording({ callSid });
    expect(recordingSid).toMatch(/^RE[0-9a-f]{32}$/);
    expect(recordingUrl).toBe(`${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Recordings/${recordingSid}`);

    const anonymous = await fetch(`${recordingUrl}.mp3`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 20003 });
    expect((await download(`${recordingUrl}.mp3`, 'Basic d3Jvbmc6d3Jvbmc=')).status).toBe(401);

    for (const url of [recordingUrl, `${recordingUrl}.wav`]) {
      const wav = await download(url);
      expect([wav.status, wav.headers.get('content-type')]).toEqual([200, 'audio/x-wav']);
      const bytes = Buffer.from(await wav.arrayBuffer());
      expect([bytes.toString('latin1', 0, 4), bytes.toString('latin1', 8, 12)]).toEqual(['RIFF', 'WAVE']);
    }
    const mp3 = await download(`${recordingUrl}.mp3`);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    expect([...Buffer.from(await mp3.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xfb]);
  });

  it('serves the bytes a test gives whatever the extension, and 404 for an unknown recording', async () => {
    const { sid } = await placeCall();
    const audio = { body: Buffer.from('not really audio'), contentType: 'audio/mpeg' };
    const { recordingUrl } = fake.addRecording({ callSid: sid, audio });
    for (const url of [`${recordingUrl}.mp3`, recordingUrl]) {
      const response = await download(url);
      expect([response.headers.get('content-type'), await response.text()]).toEqual(['audio/mpeg', 'not really audio']);
    }
    const unknown = await download(recordingUrl.replace(/RE[0-9a-f]{32}/, `RE${'0'.repeat(32)}`));
    expect(unknown.status).toBe(404);
    expect(() => fake.addRecording({ callSid: unknownCall })).toThrow(/no call/);
  });
});

describe('the voice driver', () => {
  const authToken = 'test-auth-token';
  const publicUrl = 'https://carbuy.example/api/twilio/call-webhook?attempt=1';
  const call = {
    callSid: `CA${'1'.repeat(32)}`,
    accountSid: `AC${'2'.repeat(32)}`,
    from: '+447700900123',
    to: '+441632960000',
  };

  it('signs as Twilio does: the signature validates, and fails once a parameter is changed', () => {
    const params = { ...inboundCallParams(call), StatusCallbackEvent: ['ringing', 'answered'] };
    const request = signedRequest(publicUrl, params, { authToken });
    const signature = request.headers['x-twilio-signature'] ?? '';

    expect(twilio.validateRequest(authToken, signature, publicUrl, params)).toBe(true);
    // The body sent is what was signed, the repeated parameter included.
    expect(parseFormBody(request.payload)).toEqual(params);

    expect(twilio.validateRequest(authToken, signature, publicUrl, { ...params, From: '+447700900999' })).toBe(false);
    expect(twilio.validateRequest(authToken, signature, publicUrl.replace('attempt=1', 'attempt=2'), params)).toBe(
      false,
    );
    expect(twilio.validateRequest('another-token', signature, publicUrl, params)).toBe(false);
    expect(request).toMatchObject({
      method: 'POST',
      url: '/api/twilio/call-webhook?attempt=1',
      headers: { host: 'carbuy.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
  });

  it('posts to the app at another address than the signed public URL, and returns its answer', async () => {
    const received: { url?: string; headers?: IncomingHttpHeaders; body?: string } = {};
    const app = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        Object.assign(received, { url: request.url, headers: request.headers, body });
        response.writeHead(200, { 'Content-Type': 'text/xml' }).end(twiml);
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    try {
      const sendTo = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      const params = inboundCallParams(call);
      const reply = await signedPost(publicUrl, params, { authToken, sendTo });

      expect(reply).toEqual({ status: 200, contentType: 'text/xml', body: twiml });
      expect(received.url).toBe('/api/twilio/call-webhook?attempt=1');
      const form = Object.fromEntries(new URLSearchParams(received.body));
      expect(form).toEqual(params);
      const signature = String(received.headers?.['x-twilio-signature']);
      expect(twilio.validateRequest(authToken, signature, publicUrl, form)).toBe(true);
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it("builds the inbound call's and the status callback's parameters", () => {
    expect(inboundCallParams(call)).toEqual({
      AccountSid: call.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: call.callSid,
      CallStatus: 'ringing',
      Called: call.to,
      Caller: call.from,
      Direction: 'inbound',
      From: call.from,
      To: call.to,
    });
    const recording = {
      recordingSid: `RE${'3'.repeat(32)}`,
      recordingUrl: 'https://api.twilio.com/x',
      durationSeconds: 7,
    };
    const completed = statusCallbackParams({
      ...call,
      status: 'completed',
      sequenceNumber: 3,
      durationSeconds: 42,
      timestamp: new Date(Date.UTC(2025, 3, 1, 10)),
      recording,
    });
    expect(completed).toMatchObject({
      CallStatus: 'completed',
      Direction: 'outbound-api',
      CallbackSource: 'call-progress-events',
      SequenceNumber: '3',
      Timestamp: 'Tue, 01 Apr 2025 10:00:00 +0000',
      CallDuration: '42',
      RecordingSid: recording.recordingSid,
      RecordingUrl: recording.recordingUrl,
      RecordingDuration: '7',
    });
    const ringing = statusCallbackParams({ ...call, status: 'ringing', sequenceNumber: 1 });
    expect(ringing).not.toHaveProperty('CallDuration');
    expect(ringing).not.toHaveProperty('RecordingUrl');
  });

  it('reads TwiML into verbs with their attributes, text and nested nouns', () => {
    const response = new twilio.twiml.VoiceResponse();
    response.say({ voice: 'Polly.Amy', language: 'en-GB' }, 'Thank you for calling Smith & Sons.');
    response.enqueue({ action: 'https://carbuy.example/queue-exit?a=1&b=2', waitUrl: '/hold' }, 'callers');
    response.dial({ callerId: '+441632960000', timeout: 20 }).number('+447700900123');
    response.record({ maxLength: 120, playBeep: true });
    response.hangup();

    expect(parseTwiml(response.toString())).toEqual([
      node('Say', { voice: 'Polly.Amy', language: 'en-GB' }, 'Thank you for calling Smith & Sons.'),
      node('Enqueue', { action: 'https://carbuy.example/queue-exit?a=1&b=2', waitUrl: '/hold' }, 'callers'),
      node('Dial', { callerId: '+441632960000', timeout: '20' }, '', [node('Number', {}, '+447700900123')]),
      node('Record', { maxLength: '120', playBeep: 'true' }),
      node('Hangup'),
    ]);
    const handWritten = `<?xml version="1.0"?>\n<!-- hold -->\n<Response>\n  <Dial>\n    <Queue url='/x'>callers</Queue>\n  </Dial>\n  <Say>&#163;5 &lt;today&gt;</Say>\n</Response>\n`;
    expect(parseTwiml(handWritten)).toEqual([
      node('Dial', {}, '', [node('Queue', { url: '/x' }, 'callers')]),
      node('Say', {}, '£5 <today>'),
    ]);
  });

  it.each([
    ['an unclosed verb', '<Response><Say>Hi</Response>'],
    ['an unclosed root', '<Response><Hangup/>'],
    ['a bare ampersand', '<Response><Say>Smith & Sons</Say></Response>'],
    ['an unknown entity', '<Response><Say>&pound;5</Say></Response>'],
    ['an unquoted attribute', '<Response><Pause length=5/></Response>'],
    ['a repeated attribute', '<Response><Pause length="5" length="6"/></Response>'],
    ['a second root', '<Response/><Response/>'],
    ['another root element', '<Reply><Hangup/></Reply>'],
    ['a DOCTYPE', '<!DOCTYPE Response><Response/>'],
    ['no XML at all', 'OK'],
  ])('refuses TwiML with %s', (_, xml) => {
    expect(() => parseTwiml(xml)).toThrow(/TwiML/);
  });
});

function node(name: string, attributes: Record<string, string> = {}, text = '', children: unknown[] = []) {
  return { name, attributes, text, children };
}

type Callback = { url: string; signature: string | undefined; params: Record<string, string> };

type Receiver = Awaited<ReturnType<typeof callbackReceiver>>;

/** A stand-in for our app's status callback: keeps what the fake posts to it. */
async function callbackReceiver() {
  const received: Callback[] = [];
  const app = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        signature: request.headers['x-twilio-signature'] as string | undefined,
        params: Object.fromEntries(new URLSearchParams(body)),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/twilio/status-callback`;
  return { received, url, close: () => new Promise((resolve) => app.close(resolve)) };
}

/**
 * A fake that posts final status callbacks (to a stand-in for our app), the client pointed at it,
 * and a call placed with `record` as asked; `run` runs with them, and everything is closed after.
 */
async function withReportingFake(
  options: { now?: () => Date; record?: boolean },
  run: (parts: { app: Receiver; fake: FakeTwilio; client: ReturnType<typeof twilio>; sid: string }) => Promise<void>,
) {
  const app = await callbackReceiver();
  const fake = await startFakeTwilio({ sendStatusCallbacks: true, ...(options.now ? { now: options.now } : {}) });
  try {
    const client = twilio(fake.accountSid, fake.authToken);
    client.api.baseUrl = fake.url;
    const call = await client.calls.create({
      to: '+447400123456',
      from: '+441632960000',
      twiml,
      statusCallback: app.url,
      ...(options.record ? { record: true } : {}),
    });
    await run({ app, fake, client, sid: call.sid });
    expect(fake.contractProblems).toEqual([]);
  } finally {
    await fake.close();
    await app.close();
  }
}

describe('final status callbacks (sendStatusCallbacks, as the demo and e2e fakes run)', () => {
  it('posts a hung-up call’s final status to its StatusCallback, signed with the account’s token', async () => {
    await withReportingFake({}, async ({ app, fake, client, sid }) => {
      await client.calls(sid).update({ status: 'canceled' });
      await expect.poll(() => app.received.length).toBe(1);
      const [callback] = app.received;
      expect(callback!.params).toMatchObject({ CallSid: sid, CallStatus: 'canceled', Direction: 'outbound-api' });
      expect(twilio.validateRequest(fake.authToken, callback!.signature!, app.url, callback!.params)).toBe(true);
    });
  });

  it('reports how long an answered call lasted, and its recording (Record=true) with its length', async () => {
    let clock = new Date('2025-04-01T10:00:00Z');
    await withReportingFake({ now: () => clock, record: true }, async ({ app, fake, client, sid }) => {
      fake.setCallStatus(sid, 'in-progress');
      const { recordingSid, recordingUrl } = fake.addRecording({ callSid: sid });
      clock = new Date('2025-04-01T10:01:15Z');
      await client.calls(sid).update({ status: 'completed' });
      await expect.poll(() => app.received.length).toBe(1);
      expect(app.received[0]!.params).toMatchObject({
        CallSid: sid,
        CallStatus: 'completed',
        CallDuration: '75',
        RecordingSid: recordingSid,
        RecordingUrl: recordingUrl,
        RecordingDuration: '75',
      });
    });
  });
});
