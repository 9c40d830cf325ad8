import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLogs, outboundMessages } from '~/server/db/schema';
import { createQueueTimeouts, createRecordingEraser, createTwilioVoice } from '~/server/features/calls';
import { createSmtpTransport } from '~/server/features/messages/transports/smtp';
import { createTwilioSmsTransport } from '~/server/features/messages/transports/twilio-sms';
import { createOutboxWorker } from '~/server/features/messages/worker';
import { createRetention } from '~/server/features/retention';
import { createDiskFileStore } from '~/server/storage/file-store';
import { createTestApp, testConfig, type TestApp } from '../helpers/app';
import { cheapHasher, hours, seedUser, sessionCookieFrom, signIn, testClock, uniqueUsername } from '../helpers/auth';
import { canaries, canaryPhoneE164 } from '../helpers/canaries';
import { testEngines } from '../helpers/database';
import {
  failureKinds,
  startFailingHttpProviders,
  startFailingSmtp,
  type FailureKind,
  type ProviderName,
} from '../helpers/failing-providers';
import { count, suiteFigures } from '../helpers/figures';
import { checkLine, registerSessionToken } from '../helpers/log-hygiene';
import { validValuation } from '../helpers/valuation';

/**
 * Log hygiene of provider failures (issue 32): every provider (SMTP, Twilio, DVLA, DVSA, Google)
 * set up with canary credentials, made unreachable, refusing and timing out in turn, and driven
 * through every code path that calls it. An unreachable Twilio once logged its auth token (axios's
 * error holds the Authorization header): no log line may hold any credential, nor the seller's
 * details the requests carry. Time-outs are set low so a silent provider costs a moment.
 */

const ORIGIN = 'http://localhost';
const TIMEOUT_MS = 300;
const BUSINESS = '+441632960000';
const STAFF = '+447700900001';
const ACCOUNT_SID = `AC${'7'.repeat(32)}`;
const RINGING_CALL = `CA${'1'.repeat(32)}`;
const LIVE_CALL = `CA${'2'.repeat(32)}`;
const RECORDED_CALL = `CA${'3'.repeat(32)}`;
/** Another caller, whose data a staff member erases (their recording is deleted at Twilio). */
const ERASED_CALLER = '+447946081999';
const RECORDING_URL = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE${'4'.repeat(32)}`;

/** Each provider's secrets, distinct and long enough to find anywhere (test/helpers/app.ts registers them). */
const secrets = {
  DVLA_API_KEY: 'dvla-canary-key-5c1f0a7e9b3d',
  DVSA_MOT_CLIENT_SECRET: 'dvsa-canary-secret-8e2b4d6f1a3c',
  DVSA_MOT_API_KEY: 'dvsa-canary-api-key-3f7a9c1e5b2d',
  GOOGLE_MAPS_API_KEY: 'AIzaCanaryGoogleKey-6d4b2f8a1c3e',
};

type Providers = Awaited<ReturnType<typeof startFailingHttpProviders>>;
type Smtp = Awaited<ReturnType<typeof startFailingSmtp>>;

const providerEnv = (http: Providers, smtp: Smtp) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'CarBuy Direct <hello@carbuy.example>',
  TWILIO_ACCOUNT_SID: ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: canaries.twilioAuthToken,
  TWILIO_API_URL: http.url,
  TWILIO_PHONE_NUMBER: BUSINESS,
  STAFF_PHONE_NUMBER: STAFF,
  DVLA_API_URL: http.url,
  DVSA_MOT_CLIENT_ID: 'dvsa-client',
  DVSA_MOT_TOKEN_URL: http.tokenUrl,
  DVSA_MOT_API_URL: http.url,
  ...secrets,
  GOOGLE_MAPS_API_URL: http.url,
});

/** The seller the journey invents: every personal detail a canary. */
const canarySeller = () => ({
  ...validValuation(),
  email: canaries.email,
  phone: canaries.phone,
  registration: canaries.registration,
});

/** One code path that calls a provider, driven once per failure kind; it asserts it failed as it should. */
type ProviderPath = { provider: ProviderName | 'SMTP'; name: string; drive(kind: FailureKind): Promise<void> };

describe.each(testEngines)('log hygiene of provider failures on %s', (engine) => {
  let figures: ReturnType<typeof suiteFigures>;
  const hasher = cheapHasher();
  const clock = testClock();
  let http: Providers;
  let smtp: Smtp;
  let filesDir: string;
  let t: TestApp;
  let cookie: string;
  const totals = { lines: 0, canaries: 0, runs: 0 };

  beforeAll(async () => {
    figures = suiteFigures('Log hygiene');
    http = await startFailingHttpProviders();
    smtp = await startFailingSmtp({ user: canaries.smtpUser, password: canaries.smtpPassword });
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-provider-failures-'));
    t = await createTestApp(engine, {
      env: { LOG_LEVEL: 'trace', ...providerEnv(http, smtp) },
      deps: {
        passwordHasher: hasher,
        clock,
        files: createDiskFileStore(filesDir),
        vehicleData: { timeoutMs: TIMEOUT_MS, perMinute: 10_000 },
        distance: { timeoutMs: TIMEOUT_MS, retryDelayMs: 1 },
        calls: { timeoutMs: TIMEOUT_MS },
      },
    });
    await t.db.database.db.insert(callLogs).values([
      {
        callSid: RINGING_CALL,
        direction: 'inbound',
        status: 'ringing',
        fromNumber: canaryPhoneE164,
        toNumber: BUSINESS,
      },
      { callSid: LIVE_CALL, direction: 'outbound', status: 'in-progress', fromNumber: BUSINESS, toNumber: STAFF },
      // Older than any retention period: the daily run deletes its recording at Twilio.
      {
        callSid: RECORDED_CALL,
        direction: 'inbound',
        status: 'completed',
        fromNumber: canaryPhoneE164,
        recordingUrl: RECORDING_URL,
        createdAt: new Date(clock().getTime() - hours(24 * 4000)),
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await http?.close();
    await smtp?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const config = () => testConfig(providerEnv(http, smtp));
  const twilioSettings = () => config().calls.twilio!;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, cookie } });
  const loggedCount = (text: string) => t.logs.lines.filter((line) => line.includes(text)).length;

  /** The outbox worker server.ts runs, with the clients' time-outs low, logging into the app's log. */
  async function drainOutbox() {
    const { email, sms } = config().messaging;
    const transports = {
      email: createSmtpTransport({ url: email!.smtpUrl, from: email!.from, timeoutMs: TIMEOUT_MS }),
      sms: createTwilioSmsTransport({ ...sms!, timeoutMs: TIMEOUT_MS }),
    };
    const worker = createOutboxWorker({
      db: t.db.database.db,
      transports,
      files: createDiskFileStore(filesDir),
      clock,
      log: t.app.log.child({ feature: 'outbox' }),
      random: () => 0.5,
    });
    try {
      await worker.drain();
    } finally {
      await transports.email.close();
      await transports.sms.close();
    }
  }

  /** Queues a message through the staff's test route; the outbox path sends it. */
  async function queueTestMessage(channel: 'email' | 'sms', to: string) {
    const queued = await post('/api/admin/messages/test', { channel, to });
    expect(queued.statusCode).toBe(201);
    return queued.json<{ id: number }>().id;
  }

  let valuationId: string;

  /** The outbox tries the message (and anything else due), and it is not sent. */
  async function sendsNothing(messageId: number) {
    await drainOutbox();
    const [row] = await t.db.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.id, String(messageId)));
    expect(row).toMatchObject({ attempts: 1, lastError: expect.any(String) });
    expect(row!.status).not.toBe('sent');
  }

  /** An HTTP answer that says the provider failed: 502 or 503. */
  const providerFailed = (status: number) => expect([502, 503]).toContain(status);

  const paths: ProviderPath[] = [
    {
      provider: 'SMTP',
      name: 'outbox: the seller’s acknowledgement, the staff’s notice and a test e-mail',
      async drive() {
        const stored = await t.app.inject({
          method: 'POST',
          url: '/api/valuations',
          payload: canarySeller(),
          headers: { origin: ORIGIN },
        });
        expect(stored.statusCode).toBe(201);
        valuationId = stored.json<{ id: string }>().id;
        await sendsNothing(await queueTestMessage('email', canaries.email));
      },
    },
    {
      provider: 'Twilio',
      name: 'outbox: a text message',
      async drive() {
        await sendsNothing(await queueTestMessage('sms', canaries.phone));
      },
    },
    {
      provider: 'Twilio',
      name: 'calls: a waiting caller sent to voicemail (queue time-out)',
      async drive() {
        const before = loggedCount('could not send a waiting caller to voicemail');
        const timeouts = createQueueTimeouts({
          db: t.db.database.db,
          voice: createTwilioVoice(twilioSettings(), { timeoutMs: TIMEOUT_MS }),
          publicBaseUrl: ORIGIN,
          timeoutSeconds: 0,
          voiceAudio: async () => ({}),
          log: t.app.log.child({ feature: 'calls' }),
        });
        timeouts.start(RINGING_CALL);
        await expect.poll(() => loggedCount('could not send a waiting caller to voicemail')).toBe(before + 1);
        timeouts.close();
      },
    },
    {
      provider: 'Twilio',
      name: 'calls: Answer',
      async drive() {
        providerFailed((await post(`/api/calls/${RINGING_CALL}/answer`)).statusCode);
      },
    },
    {
      provider: 'Twilio',
      name: 'calls: Hang Up',
      async drive() {
        providerFailed((await post('/api/calls/hangup')).statusCode);
      },
    },
    {
      provider: 'Twilio',
      name: 'calls: Make Call',
      async drive() {
        providerFailed((await post('/api/calls/make', { phoneNumber: canaries.phone })).statusCode);
      },
    },
    {
      provider: 'Twilio',
      name: 'calls: a recording played',
      async drive() {
        providerFailed((await get(`/api/calls/${RECORDED_CALL}/recording`)).statusCode);
      },
    },
    {
      provider: 'Twilio',
      name: 'calls: the set-up check',
      async drive() {
        const checked = await get('/api/twilio/test');
        expect(checked.statusCode).toBe(200);
        expect(checked.json<{ ok: boolean }>().ok).toBe(false);
      },
    },
    {
      provider: 'Twilio',
      name: 'retention: a recording deleted at Twilio',
      async drive() {
        const before = loggedCount('Twilio did not delete a call recording');
        const retention = createRetention({
          db: t.db.database.db,
          files: createDiskFileStore(filesDir),
          periods: config().retention,
          clock,
          log: t.app.log.child({ job: 'retention' }),
          recordings: createRecordingEraser(twilioSettings(), { timeoutMs: TIMEOUT_MS }),
        });
        expect((await retention.runToday()).ran).toBe(true);
        expect(loggedCount('Twilio did not delete a call recording')).toBe(before + 1);
      },
    },
    {
      provider: 'Twilio',
      name: 'data requests: an erasure deleting a recording at Twilio',
      async drive(kind) {
        // A caller of their own (the seller's details serve the other paths), with a recording.
        const callSid = `CA${'abc'[failureKinds.indexOf(kind)]!.repeat(32)}`;
        await t.db.database.db
          .insert(callLogs)
          .values({ callSid, fromNumber: ERASED_CALLER, recordingUrl: RECORDING_URL });
        const erased = await post('/api/admin/data-requests/erase', { phone: ERASED_CALLER, confirm: ERASED_CALLER });
        expect(erased.statusCode).toBe(200);
        expect(erased.json()).toMatchObject({ recordings: { deleted: 0, remaining: [expect.anything()] } });
      },
    },
    {
      provider: 'DVLA',
      name: 'the seller’s vehicle lookup (DVLA and DVSA MOT history)',
      async drive() {
        const lookup = await t.app.inject({ method: 'GET', url: `/api/vehicle/${encodeURIComponent('kn19 cry')}` });
        expect(lookup.statusCode).toBeGreaterThanOrEqual(500);
      },
    },
    {
      provider: 'DVSA',
      name: 'the staff’s vehicle information (DVLA and DVSA MOT history)',
      async drive() {
        expect((await get('/api/dvla-info/KN19CRY')).statusCode).toBeGreaterThanOrEqual(500);
      },
    },
    {
      provider: 'DVSA',
      name: 'the dealer report’s vehicle information',
      async drive() {
        const report = await get(`/api/valuations/${valuationId}/preview-pdf`);
        expect(report.statusCode).toBe(200);
        expect(report.headers['content-type']).toBe('application/pdf');
      },
    },
    {
      provider: 'Google',
      name: 'the distance from the collection base',
      async drive() {
        expect((await get('/api/distance/SW1A%201AA')).statusCode).toBeGreaterThanOrEqual(500);
      },
    },
  ];

  it.each(failureKinds)('logs no credential or personal detail when every provider is %s', async (kind) => {
    await http.become(kind);
    await smtp.become(kind);
    clock.advance(hours(25)); // a new retention day, retries due, fresh request-limit windows
    const from = t.logs.lines.length;
    const admin = await seedUser(t.db.database.db, hasher, { username: uniqueUsername('providers') });
    cookie = sessionCookieFrom(await signIn(t.app, admin.username, admin.password));
    registerSessionToken(cookie.slice(cookie.indexOf('=') + 1));

    for (const providerPath of paths) await providerPath.drive(kind);

    // Each provider was asked (nobody answers when it is unreachable, so nothing is counted then).
    if (kind !== 'unreachable') {
      for (const provider of ['Twilio', 'DVLA', 'DVSA', 'Google'] as const)
        expect(http.seen(provider)).toBeGreaterThan(0);
      expect(smtp.connections()).toBeGreaterThan(0);
    }
    const lines = t.logs.lines.slice(from);
    const violations = lines.flatMap((line) => checkLine(line));
    expect(violations).toEqual([]);
    totals.lines += lines.length;
    totals.canaries += violations.filter((v) => v.kind === 'canary').length;
    totals.runs += 1;
  });

  it('reports the figure', () => {
    expect(totals.runs).toBe(failureKinds.length);
    figures.report(
      `${paths.length} provider failure paths × ${failureKinds.length} failure kinds, ${count(totals.lines)} log lines, ${count(totals.canaries)} canaries`,
      `${engine}, provider failures`,
    );
  });
});
