import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, users } from '~/server/db/schema';
import { transportsFor } from '~/server/features/messages/transports';
import { createOutboxWorker } from '~/server/features/messages/worker';
import { createDiskFileStore } from '~/server/storage/file-store';
import { ensureBuilt } from '../../scripts/lib/ensure-build.mjs';
import { getFreePort, startApp } from '../../scripts/lib/start-app.mjs';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio/fake-twilio';
import { inboundCallParams, signedPost, signedRequest } from '../fakes/twilio/voice-driver';
import { createTestApp, testConfig, type TestApp } from '../helpers/app';
import { cheapHasher, hours, seedUser, sessionCookieFrom, signIn, testClock, uniqueUsername } from '../helpers/auth';
import { canaries, canaryPhoneE164 } from '../helpers/canaries';
import { testEngines } from '../helpers/database';
import { count, suiteFigures } from '../helpers/figures';
import { checkLine, registerCanary, registerSessionToken, type LogViolation } from '../helpers/log-hygiene';
import { validValuation } from '../helpers/valuation';

/**
 * Log hygiene (issue 17): a journey through every API area with every canary in play (the staff
 * password, a seller's e-mail, phone and registration, the Twilio auth token, the SMTP password,
 * session ids), including the failures that tend to log what they were given: refused sign-ins,
 * refused input, a mail server and Twilio answers that name the recipient, a forged webhook and a
 * database error. Then the log is read: every line JSON, no canary in any. Once in-process per
 * database engine, once as the real server process writes its standard output.
 */

const ORIGIN = 'http://localhost';
const BUSINESS = '+441632960000';
const STAFF = '+447700900001';
const CANARY_REGISTRATION_TYPED = canaries.registration.toLowerCase();

/** The seller the journey invents: every personal detail a canary. */
const canarySeller = () => ({
  ...validValuation(),
  email: canaries.email,
  phone: canaries.phone,
  registration: CANARY_REGISTRATION_TYPED,
});

/**
 * An SMTP server that answers as Postfix does: a refused login (while `refuseLogins`), and a
 * refused recipient named in the reply ("<address>: Recipient address rejected"), which is what
 * tempts a mail client to log the address.
 */
async function startPostfixLikeServer() {
  const state = { refuseLogins: true, loginsSeen: 0, refusedRecipients: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      state.loginsSeen += 1;
      const right = auth.username === canaries.smtpUser && auth.password === canaries.smtpPassword;
      if (state.refuseLogins || !right) {
        return callback(Object.assign(new Error('5.7.8 Error: authentication failed'), { responseCode: 535 }));
      }
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() !== canaries.email.toLowerCase()) return callback();
      state.refusedRecipients += 1;
      const reply = `5.1.1 <${address.address}>: Recipient address rejected: User unknown in virtual mailbox table`;
      callback(Object.assign(new Error(reply), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    state,
    url: `smtp://${canaries.smtpUser}:${canaries.smtpPassword}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Smtp = Awaited<ReturnType<typeof startPostfixLikeServer>>;

const messagingEnv = (smtp: Smtp, fake: FakeTwilio) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'CarBuy Direct <hello@carbuy.example>',
  TWILIO_ACCOUNT_SID: fake.accountSid,
  TWILIO_AUTH_TOKEN: canaries.twilioAuthToken,
  TWILIO_API_URL: fake.url,
  TWILIO_PHONE_NUMBER: BUSINESS,
  STAFF_PHONE_NUMBER: STAFF,
});

/** Twilio's live answer names the number it refused ("Twilio's live messages sometimes name the number"). */
const twilioRefusesCanaryNumber = {
  status: 400 as const,
  code: 21211,
  message: `The 'To' number ${canaryPhoneE164} is not a valid phone number.`,
};

const summary = (violations: LogViolation[]) => ({
  canaries: violations.filter((v) => v.kind === 'canary').length,
  nonJson: violations.filter((v) => v.kind === 'not JSON').length,
});

describe.each(testEngines)('log hygiene in-process on %s', (engine) => {
  let figures: ReturnType<typeof suiteFigures>;
  const hasher = cheapHasher();
  const clock = testClock();
  let smtp: Smtp;
  let fake: FakeTwilio;
  let filesDir: string;
  let t: TestApp;

  beforeAll(async () => {
    figures = suiteFigures('Log hygiene');
    smtp = await startPostfixLikeServer();
    fake = await startFakeTwilio({ authToken: canaries.twilioAuthToken, fromNumber: BUSINESS });
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-hygiene-'));
    t = await createTestApp(engine, {
      // No overload refusals: opening the database blocks the loop for a moment on this busy machine.
      env: { LOG_LEVEL: 'trace', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...messagingEnv(smtp, fake) },
      deps: { passwordHasher: hasher, clock, files: createDiskFileStore(filesDir) },
      setup(app) {
        // A database failure on a row holding personal data: the driver's error carries the values.
        app.post('/api/test/failing-insert', { config: { access: 'public' } }, async () => {
          await t.db.database.db.insert(users).values({
            username: sql`null`,
            passwordHash: 'x',
            email: canaries.email,
          } as unknown as typeof users.$inferInsert);
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await smtp?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  /** The outbox worker server.ts runs, on the app's database and clock, logging into the app's log. */
  function worker() {
    return createOutboxWorker({
      db: t.db.database.db,
      transports: transportsFor(testConfig(messagingEnv(smtp, fake)).messaging),
      files: createDiskFileStore(filesDir),
      clock,
      log: t.app.log.child({ feature: 'outbox' }),
      random: () => 0.5,
    });
  }

  it('writes only JSON lines, none holding a password, session id, personal detail or provider secret', async () => {
    const db = t.db.database.db;
    const admin = await seedUser(db, hasher, { username: uniqueUsername('hygiene'), password: canaries.password });
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const send = (method: 'POST' | 'PATCH', url: string, payload: object, cookie?: string) =>
      t.app.inject({ method, url, payload, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

    // Sign-in: refused with the password (or one close to it), then accepted.
    expect((await signIn(t.app, admin.username, `${canaries.password}!`)).statusCode).toBe(401);
    expect((await signIn(t.app, uniqueUsername('nobody'), canaries.password)).statusCode).toBe(401);
    const cookie = sessionCookieFrom(await signIn(t.app, admin.username, canaries.password));

    // The seller's request, refused once (bad mileage), then stored; the vehicle look-ups by registration.
    expect((await send('POST', '/api/valuations', { ...canarySeller(), mileage: -1 })).statusCode).toBe(400);
    const stored = await send('POST', '/api/valuations', canarySeller());
    expect(stored.statusCode).toBe(201);
    const { id: valuationId, uploadToken } = stored.json<{ id: string; uploadToken: string }>();
    registerCanary('upload token', uploadToken);
    const photos = await t.app.inject({
      method: 'GET',
      url: `/api/valuations/${valuationId}`,
      headers: { authorization: `Bearer ${uploadToken}` },
    });
    expect(photos.statusCode).toBe(200);
    await get(`/api/vehicle/${encodeURIComponent(CANARY_REGISTRATION_TYPED)}`);
    await get(`/api/dvla-info/${canaries.registration.replace(' ', '')}`);

    // Staff search for the seller, send an offer by e-mail and text, and a test text.
    for (const q of [canaries.email, canaries.registration, canaries.phone]) {
      expect((await get(`/api/valuations/active?q=${encodeURIComponent(q)}&page=1`, cookie)).statusCode).toBe(200);
    }
    expect((await get(`/api/admin/messages?recipient=${encodeURIComponent(canaryPhoneE164)}`, cookie)).statusCode).toBe(
      200,
    );
    const offer = { offerAmount: '4250', notes: `Call ${canaries.phone}`, sendMethod: 'both' };
    expect((await send('POST', `/api/valuations/${valuationId}/offer`, offer, cookie)).statusCode).toBeLessThan(300);
    const testText = await send('POST', '/api/admin/messages/test', { channel: 'sms', to: canaries.phone }, cookie);
    expect(testText.statusCode).toBe(201);

    // Delivery: the mail server refuses our login, then the seller's address, naming it; Twilio refuses the number.
    fake.failNext(twilioRefusesCanaryNumber, twilioRefusesCanaryNumber);
    await worker().drain();
    smtp.state.refuseLogins = false;
    clock.advance(hours(1));
    await worker().drain();
    const failed = await db.select().from(outboundMessages).where(eq(outboundMessages.status, 'failed'));
    expect(smtp.state.loginsSeen).toBeGreaterThan(0);
    expect(smtp.state.refusedRecipients).toBeGreaterThan(0);
    // The staff screen keeps the provider's reason, recipient and all; the log does not.
    const reasons = failed.map((m) => m.lastError).join('\n');
    expect(reasons).toContain(canaries.email.toLowerCase());
    expect(reasons).toContain(canaryPhoneE164);

    // Twilio: a signed call from the seller, and a forged one.
    const callSid = fake.addInboundCall({ from: canaryPhoneE164, to: BUSINESS });
    const call = inboundCallParams({ callSid, accountSid: fake.accountSid, from: canaryPhoneE164, to: BUSINESS });
    const webhookUrl = `${ORIGIN}/api/twilio/call-webhook`;
    const signed = await t.app.inject(signedRequest(webhookUrl, call, { authToken: canaries.twilioAuthToken }));
    expect(signed.statusCode).toBe(200);
    const forged = await t.app.inject(signedRequest(webhookUrl, call, { authToken: 'f'.repeat(32) }));
    expect(forged.statusCode).toBe(403);

    // A database failure on a row with an e-mail in it; a password change; signing out.
    expect((await send('POST', '/api/test/failing-insert', {})).statusCode).toBe(500);
    const newPassword = `${canaries.password} renewed`;
    const changed = await send(
      'POST',
      '/api/auth/change-password',
      { currentPassword: canaries.password, newPassword },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    const renewed = changed.headers['set-cookie'] ? sessionCookieFrom(changed) : cookie;
    expect((await send('POST', '/api/auth/logout', {}, renewed)).statusCode).toBeLessThan(300);

    const lines = t.logs.lines;
    const logged = lines.join('\n');
    // The journey reached the code that logs: sign-in, storing, delivery failures, the forged webhook, the 500.
    for (const event of [
      'sign-in succeeded',
      'valuation request stored',
      'outbox: will retry',
      'outbox: message failed',
      'Twilio webhook refused',
      'unhandled error',
    ]) {
      expect(logged).toContain(event);
    }
    const violations = lines.flatMap((line) => checkLine(line));
    expect(violations).toEqual([]);
    const found = summary(violations);
    figures.report(
      `${count(lines.length)} log lines, ${count(found.canaries)} canaries, ${count(found.nonJson)} non-JSON`,
      engine,
    );
  });
});

describe('log hygiene of the server process', () => {
  let figures: ReturnType<typeof suiteFigures>;
  let smtp: Smtp;
  let fake: FakeTwilio;

  beforeAll(async () => {
    await ensureBuilt(); // before the app starts, so its output is the server's alone
    figures = suiteFigures('Log hygiene'); // the build's time is not the suite's
    smtp = await startPostfixLikeServer();
    smtp.state.refuseLogins = false;
    fake = await startFakeTwilio({ authToken: canaries.twilioAuthToken, fromNumber: BUSINESS });
  }, 300_000);
  afterAll(async () => {
    await fake?.close();
    await smtp?.close();
  });

  it('writes only JSON lines to standard output, none holding a canary', { timeout: 180_000 }, async () => {
    const port = await getFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const output = { stdout: '', stderr: '' };
    const app = await startApp({
      env: {
        PORT: String(port),
        PUBLIC_BASE_URL: baseUrl,
        LOG_LEVEL: 'info',
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0', // a busy test machine must not turn the journey into 503s
        ADMIN_USERNAME: 'hygiene-admin',
        ADMIN_PASSWORD: canaries.password,
        ...messagingEnv(smtp, fake),
      },
      onOutput: (chunk, stream) => {
        output[stream] += chunk;
      },
    });
    try {
      const post = (url: string, body: object, cookie?: string) =>
        fetch(`${baseUrl}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });
      const refused = await post('/api/auth/login', { username: 'hygiene-admin', password: `${canaries.password}!` });
      expect(refused.status).toBe(401);
      const signedIn = await post('/api/auth/login', { username: 'hygiene-admin', password: canaries.password });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
      registerSessionToken(cookie.slice(cookie.indexOf('=') + 1));

      expect((await post('/api/valuations', canarySeller())).status).toBe(201);
      await fetch(`${baseUrl}/api/vehicle/${encodeURIComponent(CANARY_REGISTRATION_TYPED)}`);
      const search = await fetch(`${baseUrl}/api/valuations/active?q=${encodeURIComponent(canaries.email)}`, {
        headers: { cookie },
      });
      expect(search.status).toBe(200);
      const callSid = fake.addInboundCall({ from: canaryPhoneE164, to: BUSINESS });
      const call = inboundCallParams({ callSid, accountSid: fake.accountSid, from: canaryPhoneE164, to: BUSINESS });
      const webhook = `${baseUrl}/api/twilio/call-webhook`;
      expect((await signedPost(webhook, call, { authToken: canaries.twilioAuthToken })).status).toBe(200);
      expect((await signedPost(webhook, call, { authToken: 'f'.repeat(32) })).status).toBe(403);

      // The worker sends the seller's acknowledgement; the mail server refuses the address, naming it.
      await expect.poll(() => output.stdout.includes('outbox: message failed'), { timeout: 30_000 }).toBe(true);
      expect(smtp.state.refusedRecipients).toBeGreaterThan(0);
    } finally {
      await app.stop();
    }
    expect(output.stdout).toContain('SIGTERM received');

    // Everything the process wrote, standard error included, is the log an operator collects.
    const lines = `${output.stdout}\n${output.stderr}`.split('\n').filter(Boolean);
    const violations = lines.flatMap((line) => checkLine(line));
    expect(violations).toEqual([]);
    const found = summary(violations);
    figures.report(
      `${count(lines.length)} log lines, ${count(found.canaries)} canaries, ${count(found.nonJson)} non-JSON`,
      'server process',
    );
  });
});
