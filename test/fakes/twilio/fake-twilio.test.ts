import { fileURLToPath } from 'node:url';
import twilio from 'twilio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../openapi-contract';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';
import { smsSegments } from './segments';
import { twilioErrorSchema } from './twilio-errors';

// Drives the real `twilio` client against the fake, so the fake is proven
// against both the client our outbox uses and Twilio's OpenAPI document.

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterEach(() => {
  // Every exchange in this file must match Twilio's published contract, unless a test says otherwise and resets.
  expect(fake.contractProblems).toEqual([]);
  fake.reset();
});
afterAll(() => fake.close());

type ClientOptions = Parameters<typeof twilio>[2];
function clientFor(options: ClientOptions = {}, authToken = fake.authToken) {
  const client = twilio(fake.accountSid, authToken, options);
  client.api.baseUrl = fake.url;
  return client;
}

/** The error a promise rejects with, so its fields can be asserted together. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the request to fail'),
    (error: unknown) => error,
  );
}

async function expectTwilioError(promise: Promise<unknown>, status: number, code: number) {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(twilio.RestException);
  expect(error).toMatchObject({ status, code, moreInfo: `https://www.twilio.com/docs/errors/${code}` });
}

describe('sending through the real twilio client', () => {
  it('accepts a message from the account number and records it', async () => {
    const message = await clientFor().messages.create({
      to: '+447700900123',
      from: fake.fromNumber,
      body: 'Your offer is ready',
    });

    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message).toMatchObject({
      status: 'queued',
      to: '+447700900123',
      from: fake.fromNumber,
      body: 'Your offer is ready',
      numSegments: '1',
      accountSid: fake.accountSid,
      direction: 'outbound-api',
    });
    expect(message.dateCreated).toBeInstanceOf(Date);
    expect(fake.sent).toEqual([
      expect.objectContaining({
        sid: message.sid,
        to: '+447700900123',
        from: fake.fromNumber,
        messagingServiceSid: null,
        body: 'Your offer is ready',
      }),
    ]);
  });

  it('accepts a message for a Messaging Service, which picks the sender later', async () => {
    const message = await clientFor().messages.create({
      to: '+447700900123',
      messagingServiceSid: fake.messagingServiceSid,
      body: 'Hello',
      statusCallback: 'https://example.test/twilio/status',
    });

    expect(message).toMatchObject({ status: 'accepted', from: null, messagingServiceSid: fake.messagingServiceSid });
    expect(fake.sent[0]).toMatchObject({
      messagingServiceSid: fake.messagingServiceSid,
      from: null,
      statusCallback: 'https://example.test/twilio/status',
    });
  });

  it('counts segments as Twilio does: GSM-7 in 153-septet parts, UCS-2 in 67-unit parts', async () => {
    const long = await clientFor().messages.create({
      to: '+447700900123',
      from: fake.fromNumber,
      body: 'a'.repeat(161),
    });
    expect(long.numSegments).toBe('2');
    expect([smsSegments('a'.repeat(160)), smsSegments('€'.repeat(80)), smsSegments('€'.repeat(81))]).toEqual([1, 1, 2]);
    expect([smsSegments('ł'.repeat(70)), smsSegments('ł'.repeat(71)), smsSegments('👍'.repeat(35))]).toEqual([1, 2, 1]);
  });

  it('fetches a message it accepted', async () => {
    const client = clientFor();
    const { sid } = await client.messages.create({ to: '+447700900123', from: fake.fromNumber, body: 'Hi' });
    await expect(client.messages(sid).fetch()).resolves.toMatchObject({ sid, status: 'queued', body: 'Hi' });
    await expectTwilioError(client.messages(`SM${'0'.repeat(32)}`).fetch(), 404, 20404);
  });
});

describe("Twilio's documented failures surface as RestException", () => {
  it.each([
    ['+15005550001', 21211],
    ['+15005550002', 21612],
    ['+15005550003', 21408],
    ['+15005550004', 21610],
    ['+15005550009', 21614],
    ['07700 900123', 21211],
  ])('To %s answers 400 with code %i', async (to, code) => {
    await expectTwilioError(clientFor().messages.create({ to, from: fake.fromNumber, body: 'Hi' }), 400, code);
    expect(fake.sent).toEqual([]);
  });

  it.each([
    ['+15005550001', 21212],
    ['+15005550007', 21606],
    ['+15005550008', 21611],
    ['+447700900999', 21606],
    ['not*a*sender', 21212],
  ])('From %s answers 400 with code %i', async (from, code) => {
    await expectTwilioError(clientFor().messages.create({ to: '+447700900123', from, body: 'Hi' }), 400, code);
  });

  it('accepts the magic valid From number +15005550006', async () => {
    await expect(
      clientFor().messages.create({ to: '+447700900123', from: '+15005550006', body: 'Hi' }),
    ).resolves.toMatchObject({ status: 'queued' });
  });

  it('refuses a message without a sender, without a body, or over 1,600 characters', async () => {
    const client = clientFor();
    await expectTwilioError(client.messages.create({ to: '+447700900123', body: 'Hi' }), 400, 21603);
    await expectTwilioError(client.messages.create({ to: '+447700900123', from: fake.fromNumber }), 400, 21602);
    const tooLong = { to: '+447700900123', from: fake.fromNumber, body: 'a'.repeat(1601) };
    await expectTwilioError(client.messages.create(tooLong), 400, 21617);
    const otherService = { to: '+447700900123', messagingServiceSid: `MG${'0'.repeat(32)}`, body: 'Hi' };
    await expectTwilioError(client.messages.create(otherService), 400, 21701);
  });

  it('answers a wrong auth token with 401 and code 20003', async () => {
    const send = clientFor({}, 'wrong-token').messages.create({
      to: '+447700900123',
      from: fake.fromNumber,
      body: 'Hi',
    });
    await expectTwilioError(send, 401, 20003);
  });

  it('answers another account in the path with 404 and code 20404', async () => {
    const client = clientFor({ accountSid: `AC${'0'.repeat(32)}` });
    await expectTwilioError(
      client.messages.create({ to: '+447700900123', from: fake.fromNumber, body: 'Hi' }),
      404,
      20404,
    );
  });
});

describe('queued faults', () => {
  const send = (client = clientFor()) =>
    client.messages.create({ to: '+447700900123', from: fake.fromNumber, body: 'Hi' });

  it('answers 500 and 503 with a Twilio error body, then recovers', async () => {
    fake.failNext({ status: 500 }, { status: 503 });
    await expectTwilioError(send(), 500, 20500);
    await expectTwilioError(send(), 503, 20500);
    await expect(send()).resolves.toMatchObject({ status: 'queued' });
    expect(fake.sent).toHaveLength(1);
  });

  it('answers 429 with code 20429; the client retries only when autoRetry is on', async () => {
    fake.failNext({ status: 429 });
    await expectTwilioError(send(), 429, 20429);
    expect(fake.requests).toBe(1);

    fake.failNext({ status: 429 });
    await expect(send(clientFor({ autoRetry: true, maxRetryDelay: 1 }))).resolves.toMatchObject({ status: 'queued' });
    expect(fake.requests).toBe(3);
  });

  it('answers a queued 400 with the given code', async () => {
    fake.failNext({ status: 400, code: 21610 });
    await expectTwilioError(send(), 400, 21610);
  });

  it('can leave a request unanswered, so the client times out', async () => {
    fake.failNext({ hang: true });
    await expect(send(clientFor({ timeout: 200 }))).rejects.toThrow(/timeout/i);
    expect(fake.sent).toEqual([]);
  });
});

describe('contract checking', () => {
  const contract = loadContract(
    fileURLToPath(new URL('../../contracts/twilio-messages.openapi.json', import.meta.url)),
    { undescribedResponseSchema: twilioErrorSchema },
  );
  const messagesPath = () => `/2010-04-01/Accounts/${fake.accountSid}/Messages.json`;
  const basicAuth = () => `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`;

  it("reports a request the real client could never send (no To) and answers Twilio's 21604", async () => {
    const response = await fetch(`${fake.url}${messagesPath()}`, {
      method: 'POST',
      headers: { Authorization: basicAuth(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ From: fake.fromNumber, Body: 'Hi' }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 21604,
      message: "A 'To' phone number is required.",
      more_info: 'https://www.twilio.com/docs/errors/21604',
      status: 400,
    });
    expect(fake.contractProblems).toEqual([expect.stringContaining("must have required property 'To'")]);
    fake.reset();
  });

  it('reports a request without credentials', async () => {
    const response = await fetch(`${fake.url}${messagesPath()}`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(fake.contractProblems).toEqual([expect.stringContaining('no credentials for accountSid_authToken')]);
    fake.reset();
  });

  it('catches a Message resource that strays from the schema, so the check cannot pass silently', async () => {
    await clientFor().messages.create({ to: '+447700900123', from: fake.fromNumber, body: 'Hi' });
    const resource = fake.sent[0]?.resource;
    const response = { method: 'POST', path: messagesPath(), status: 201 };
    expect(contract.validateResponse({ ...response, body: resource })).toEqual([]);

    const problems = contract.validateResponse({
      ...response,
      body: { ...resource, num_segments: 1, date_created: '2025-04-01T10:00:00Z', status: 'posted' },
    });
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/num_segments: must be string$/),
        expect.stringMatching(/date_created: must match format "date-time-rfc-2822"$/),
        expect.stringMatching(/status: must be equal to one of the allowed values/),
      ]),
    );
  });

  it('checks undescribed statuses against the Twilio error shape', () => {
    const badError = { method: 'POST', path: messagesPath(), status: 400, body: { code: '21211', message: 'x' } };
    const problems = contract.validateResponse(badError);
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/code: must be integer$/),
        expect.stringMatching(/must have required property 'more_info'$/),
        expect.stringMatching(/must have required property 'status'$/),
      ]),
    );
  });
});
