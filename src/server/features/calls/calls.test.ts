import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callLogs } from '~/server/db/schema';
import { callMessages, VOICEMAIL_MAX_SECONDS } from '~/shared/calls';
import { startFakeTwilio, type FakeTwilio } from '../../../../test/fakes/twilio/fake-twilio';
import {
  inboundCallParams,
  parseTwiml,
  signedRequest,
  statusCallbackParams,
  type TwimlNode,
  type WebhookParams,
} from '../../../../test/fakes/twilio/voice-driver';
import { cheapHasher, seedUser, signedInCookie } from '../../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { testEngines } from '../../../../test/helpers/database';
import { validValuation } from '../../../../test/helpers/valuation';

/** testConfig's PUBLIC_BASE_URL: Twilio signs the URL it calls, which is this plus the path. */
const PUBLIC = 'http://localhost';
const BUSINESS = '+441632960000';
const STAFF = '+447700900001';
const CALLER = '+447911123456'; // validValuation()'s "07911 123456"

const verbs = (nodes: TwimlNode[]) => nodes.map((node) => node.name);

describe.each(testEngines)('phone calls through Twilio (%s)', (engine) => {
  let fake: FakeTwilio;
  let t: TestApp;
  let cookie: string;
  let serial = 0;
  const hasher = cheapHasher();

  beforeAll(async () => {
    fake = await startFakeTwilio({ fromNumber: BUSINESS });
    t = await createTestApp(engine, {
      env: {
        TWILIO_ACCOUNT_SID: fake.accountSid,
        TWILIO_AUTH_TOKEN: fake.authToken,
        TWILIO_API_URL: fake.url,
        TWILIO_PHONE_NUMBER: BUSINESS,
        STAFF_PHONE_NUMBER: STAFF,
        CALL_QUEUE_TIMEOUT_SECONDS: '60',
      },
      deps: { passwordHasher: hasher },
    });
    cookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: true }));
  });
  afterEach(() => {
    // Every request the app sent Twilio, and every answer, matched Twilio's published document.
    expect(fake.contractProblems).toEqual([]);
    fake.reset();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** Twilio's request to one of our webhooks, signed with the account's token. */
  const webhook = (path: string, params: WebhookParams, authToken = fake.authToken) =>
    t.app.inject(signedRequest(`${PUBLIC}/api/twilio/${path}`, params, { authToken }));
  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const callRow = async (callSid: string) =>
    (await t.db.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid)))[0];

  /** A caller rings the business number: Twilio's side creates the call and posts the webhook. */
  async function ringIn(from = CALLER) {
    const callSid = fake.addInboundCall({ from, to: BUSINESS });
    const response = await webhook(
      'call-webhook',
      inboundCallParams({ callSid, accountSid: fake.accountSid, from, to: BUSINESS }),
    );
    return { callSid, response };
  }

  const status = (callSid: string, callStatus: string, sequenceNumber: number, extra: object = {}) =>
    webhook(
      'status-callback',
      statusCallbackParams({
        callSid,
        accountSid: fake.accountSid,
        from: CALLER,
        to: BUSINESS,
        direction: 'inbound',
        status: callStatus as never,
        sequenceNumber,
        ...extra,
      }),
    );

  it('logs a signed inbound call as ringing, names the seller, and answers with the welcome and the queue', async () => {
    await t.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    const { callSid, response } = await ringIn();

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/xml');
    const twiml = parseTwiml(response.body);
    expect(verbs(twiml)).toEqual(['Say', 'Enqueue']);
    expect(twiml[0]!.attributes.language).toBe('en-GB');
    expect(twiml[0]!.text).toMatch(/^Thank you for calling/);
    expect(twiml[1]!.attributes).toMatchObject({
      waitUrl: `${PUBLIC}/api/twilio/hold`,
      action: `${PUBLIC}/api/twilio/queue-exit`,
    });

    expect(await callRow(callSid)).toMatchObject({
      status: 'ringing',
      direction: 'inbound',
      fromNumber: CALLER,
      toNumber: BUSINESS,
      customerName: 'Jo Seller',
    });

    // Twilio retrying the same webhook does not log the call twice.
    await webhook(
      'call-webhook',
      inboundCallParams({ callSid, accountSid: fake.accountSid, from: CALLER, to: BUSINESS }),
    );
    expect(await t.db.database.db.select().from(callLogs).where(eq(callLogs.callSid, callSid))).toHaveLength(1);
  });

  it('refuses unsigned, forged and wrongly addressed webhooks and stores nothing', async () => {
    const callSid = `CA${'f'.repeat(31)}${++serial % 10}`;
    const params = inboundCallParams({ callSid, accountSid: fake.accountSid, from: CALLER, to: BUSINESS });
    const signed = signedRequest(`${PUBLIC}/api/twilio/call-webhook`, params, { authToken: fake.authToken });

    const unsigned = await t.app.inject({ ...signed, headers: { ...signed.headers, 'x-twilio-signature': '' } });
    const wrongToken = await webhook('call-webhook', params, 'not-the-auth-token');
    const tampered = await t.app.inject({ ...signed, payload: signed.payload.replace('Caller=', 'Caller=x') });
    // Signed for another address (a request crafted elsewhere, replayed here): the server checks
    // against PUBLIC_BASE_URL plus the path, never anything the request names.
    const forOther = signedRequest('https://other.example/api/twilio/call-webhook', params, {
      authToken: fake.authToken,
    });
    const elsewhere = await t.app.inject({ ...forOther, headers: { ...forOther.headers, host: 'localhost' } });

    for (const response of [unsigned, wrongToken, tampered, elsewhere]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(callMessages.badSignature);
    }
    expect(await callRow(callSid)).toBeUndefined();
    const forgedStatus = await webhook(
      'status-callback',
      statusCallbackParams({
        callSid,
        accountSid: fake.accountSid,
        from: CALLER,
        to: BUSINESS,
        status: 'completed',
        sequenceNumber: 0,
      }),
      'not-the-auth-token',
    );
    expect(forgedStatus.statusCode).toBe(403);
  });

  it('plays the hold music while the caller waits, then takes them out of the queue for voicemail', async () => {
    const { callSid } = await ringIn();
    const waiting = await webhook('hold', { CallSid: callSid, AccountSid: fake.accountSid, QueueTime: '20' });
    expect(verbs(parseTwiml(waiting.body))).toEqual(['Play', 'Play']);
    expect(parseTwiml(waiting.body)[0]!.text).toMatch(/^https:\/\/com\.twilio\.music\.classical/);

    const waitedLongEnough = await webhook('hold', { CallSid: callSid, AccountSid: fake.accountSid, QueueTime: '60' });
    expect(verbs(parseTwiml(waitedLongEnough.body))).toEqual(['Leave']);

    const left = await webhook('queue-exit', { CallSid: callSid, AccountSid: fake.accountSid, QueueResult: 'leave' });
    const voicemail = parseTwiml(left.body);
    expect(verbs(voicemail)).toEqual(['Say', 'Record', 'Say', 'Hangup']);
    expect(voicemail[1]!.attributes).toMatchObject({
      maxLength: String(VOICEMAIL_MAX_SECONDS),
      action: `${PUBLIC}/api/twilio/voicemail-recorded`,
    });

    const { recordingUrl } = fake.addRecording({ callSid });
    const recorded = await webhook('voicemail-recorded', {
      CallSid: callSid,
      AccountSid: fake.accountSid,
      RecordingUrl: recordingUrl,
      RecordingDuration: '14',
    });
    expect(verbs(parseTwiml(recorded.body))).toEqual(['Say', 'Hangup']);
    await status(callSid, 'completed', 1, { durationSeconds: 85 });

    // Nobody answered: staff see a missed call with its voicemail, and can play it through us.
    expect(await callRow(callSid)).toMatchObject({ status: 'no-answer', duration: 85, recordingUrl });
    const list = await asAdmin('GET', '/api/calls');
    expect(list.json().items.find((c: { callSid: string }) => c.callSid === callSid)).toMatchObject({
      status: 'no-answer',
      hasRecording: true,
    });
    const audio = await asAdmin('GET', `/api/calls/${callSid}/recording`);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/calls/${callSid}/recording` })).statusCode).toBe(401);
  });

  it('answers a waiting caller by ringing the staff phone, once, and follows the call to completed', async () => {
    const { callSid } = await ringIn();

    const answered = await asAdmin('POST', `/api/calls/${callSid}/answer`);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ callSid, status: 'in-progress' });
    const update = fake.callUpdates.find((u) => u.sid === callSid)!;
    const dial = parseTwiml(update.twiml!)[0]!;
    expect(dial).toMatchObject({ name: 'Dial', attributes: { callerId: BUSINESS } });
    expect(dial.children[0]).toMatchObject({ name: 'Number', text: STAFF });

    const again = await asAdmin('POST', `/api/calls/${callSid}/answer`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(callMessages.notRinging);
    expect(fake.callUpdates.filter((u) => u.sid === callSid)).toHaveLength(1);

    // The same final callback twice (Twilio retries) changes nothing the second time; a late one neither.
    await status(callSid, 'completed', 3, { durationSeconds: 125 });
    const first = await callRow(callSid);
    await status(callSid, 'completed', 3, { durationSeconds: 125 });
    await status(callSid, 'ringing', 1);
    expect(await callRow(callSid)).toEqual(first);
    expect(first).toMatchObject({ status: 'completed', duration: 125 });
    expect(first!.endTime).toBeInstanceOf(Date);
  });

  it('a caller who hung up while it rang is a missed call, not a server error naming the Twilio account', async () => {
    // A call we logged that Twilio does not hold (gone, or never Twilio's): Twilio answers the
    // redirect 404, "The requested resource /2010-04-01/Accounts/AC…/Calls/CA….json was not found".
    const callSid = `CA${'0'.repeat(24)}deadbeef`;
    await webhook(
      'call-webhook',
      inboundCallParams({ callSid, accountSid: fake.accountSid, from: CALLER, to: BUSINESS }),
    );

    const answered = await asAdmin('POST', `/api/calls/${callSid}/answer`);
    expect(answered.statusCode).toBe(409);
    expect(answered.json()).toMatchObject({ message: callMessages.callerHungUp });
    expect(answered.body).not.toContain(fake.accountSid);
    expect(await callRow(callSid)).toMatchObject({ status: 'no-answer' });
    // Its final callback, when Twilio sends it, leaves it missed.
    await status(callSid, 'completed', 3, { durationSeconds: 40 });
    expect(await callRow(callSid)).toMatchObject({ status: 'no-answer' });
  });

  it('never shows the Twilio account id in a refusal', async () => {
    const path = `/2010-04-01/Accounts/${fake.accountSid}/Calls.json`;
    fake.failNext({ status: 400, code: 21210, message: `Unable to create record at ${path}: ${fake.accountSid}` });
    const response = await asAdmin('POST', '/api/calls/make', { phoneNumber: '07400 123456' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Twilio refused the call: Unable to create record at the resource/);
    expect(response.body).not.toContain(fake.accountSid);
  });

  it('makes a call: Twilio rings the staff phone, then the customer with the business number shown', async () => {
    const made = await asAdmin('POST', '/api/calls/make', { phoneNumber: '07400 123456' });
    expect(made.statusCode).toBe(201);
    const { callSid } = made.json();
    const placed = fake.calls.at(-1)!;
    expect(placed).toMatchObject({ sid: callSid, to: STAFF, from: BUSINESS, record: false });
    expect(placed.statusCallback).toBe(`${PUBLIC}/api/twilio/status-callback`);
    const twiml = parseTwiml(placed.twiml!);
    const dial = twiml.find((node) => node.name === 'Dial')!;
    expect(dial.attributes.callerId).toBe(BUSINESS);
    expect(dial.attributes.record).toBeUndefined(); // CALL_RECORDING is off by default
    expect(dial.children[0]).toMatchObject({ name: 'Number', text: '+447400123456' });
    expect(await callRow(callSid)).toMatchObject({
      direction: 'outbound',
      toNumber: '+447400123456',
      status: 'queued',
    });

    await status(callSid, 'in-progress', 2, { direction: 'outbound-api' });
    expect((await callRow(callSid))!.status).toBe('in-progress');
    // A call placed with recording on reports its recording with a status callback.
    const recording = fake.addRecording({ callSid });
    await status(callSid, 'in-progress', 3, {
      direction: 'outbound-api',
      recording: { ...recording, durationSeconds: 30 },
    });
    expect((await callRow(callSid))!.recordingUrl).toBe(recording.recordingUrl);

    const hungUp = await asAdmin('POST', '/api/calls/hangup');
    expect(hungUp.json()).toEqual({ ended: 1 });
    expect(fake.callUpdates.at(-1)).toMatchObject({ sid: callSid, status: 'completed' });
  });

  it('refuses a number that cannot be called and changes nothing', async () => {
    const before = fake.calls.length;
    const response = await asAdmin('POST', '/api/calls/make', { phoneNumber: '12' });
    expect(response.statusCode).toBe(400);
    expect(fake.calls.length).toBe(before);
  });

  it('says plainly when Twilio refuses a call', async () => {
    fake.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const response = await asAdmin('POST', '/api/calls/make', { phoneNumber: '07400 123456' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Twilio refused the call/);
  });

  it('saves notes, counts the stats, and checks the Twilio set-up', async () => {
    const { callSid } = await ringIn();
    const saved = await asAdmin('PATCH', `/api/calls/${callSid}/notes`, { notes: 'Wants £4,000 for the Golf' });
    expect(saved.json()).toMatchObject({ notes: 'Wants £4,000 for the Golf' });
    const tooLong = await asAdmin('PATCH', `/api/calls/${callSid}/notes`, { notes: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(callMessages.notesTooLong);
    expect((await callRow(callSid))!.notes).toBe('Wants £4,000 for the Golf');

    const stats = (await asAdmin('GET', '/api/calls/stats')).json();
    expect(stats.total).toBeGreaterThanOrEqual(1);
    expect(stats.today).toBe(stats.total);

    const test = (await asAdmin('GET', '/api/twilio/test')).json();
    expect(test.checks.find((c: { name: string }) => c.name === 'Twilio account')).toMatchObject({ ok: true });
    // testConfig's PUBLIC_BASE_URL is http: Twilio could not reach it, and the check says so.
    expect(test.checks.find((c: { name: string }) => c.name === 'Webhook address')).toMatchObject({ ok: false });
  });
});

describe('phone calls without Twilio settings', () => {
  let t: TestApp;
  const hasher = cheapHasher();
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { deps: { passwordHasher: hasher } });
    cookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: true }));
  });
  afterAll(async () => t?.close());

  it('shows the log, disables the controls with the reason, and refuses webhooks without storing anything', async () => {
    const setup = (await t.app.inject({ method: 'GET', url: '/api/calls/setup', headers: { cookie } })).json();
    expect(setup).toMatchObject({ ready: false, webhookUrl: 'http://localhost/api/twilio/call-webhook' });
    expect(setup.reason).toBe(
      callMessages.missingSettings([
        'TWILIO_ACCOUNT_SID',
        'TWILIO_AUTH_TOKEN',
        'TWILIO_PHONE_NUMBER',
        'STAFF_PHONE_NUMBER',
      ]),
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/calls', headers: { cookie } });
    expect(list.json()).toMatchObject({ items: [], total: 0 });

    const make = await t.app.inject({
      method: 'POST',
      url: '/api/calls/make',
      headers: { cookie },
      payload: { phoneNumber: '07400 123456' },
    });
    expect(make.statusCode).toBe(503);
    expect(make.json().message).toBe(setup.reason);

    const callSid = `CA${'1'.repeat(32)}`;
    const hook = await t.app.inject(
      signedRequest(
        'http://localhost/api/twilio/call-webhook',
        inboundCallParams({ callSid, accountSid: `AC${'2'.repeat(32)}`, from: CALLER, to: BUSINESS }),
        { authToken: 'any' },
      ),
    );
    expect(hook.statusCode).toBe(503);
    expect(await t.db.database.db.select().from(callLogs)).toHaveLength(0);
  });
});
