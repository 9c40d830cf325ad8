import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { outboundMessages, users, type NewOutboundMessage } from '~/server/db/schema';
import { messageMessages, type MessageDetail, type MessageListResponse, type MessageStatus } from '~/shared/messages';
import { phoneMessages } from '~/shared/phone';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, minutes, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { HELD_REASONS, type NewAttachment } from './outbox';
import { messageTest } from './templates/message-test';
import { sellerLink } from './templates/seller-side';
import { HIDDEN_SELLER_SECRET } from '~/shared/paths';

/**
 * The Messages screen's API (/api/admin/messages…) as an admin uses it: the list and its filters,
 * one message with its HTML and attachments, Retry, and "Send test message". Messages are queued
 * through the real outbox; no worker runs, so they stay as queued until a test changes them.
 * Attachments are kept in a folder on every engine, and in S3 once: the S3 run is of the blocks
 * that store or serve one ("one message" and "attachments"); the rest never touch the store.
 */

const SMTP_PASSWORD = 'Smtp-Pa55word-never-shown';
const TWILIO_AUTH_TOKEN = 'twilio-token-never-shown-0123456789';
const MAIL_FROM = 'CarBuy Direct <hello@carbuy.example>';
const TWILIO_FROM_NUMBER = '+447700900123';

/** Both channels configured (nothing is sent: buildApp starts no worker). */
const CONFIGURED = {
  SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@smtp.carbuy.example:587`,
  MAIL_FROM,
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN,
  TWILIO_FROM_NUMBER,
};
const NOT_CONFIGURED = {};

/** app.inject() names localhost as the Host; a browser on the site sends this Origin. */
const ORIGIN = 'http://localhost';
const PDF = Buffer.from('%PDF-1.4\n% a valuation report\n%%EOF\n');
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const pdfNamed = (filename: string): NewAttachment => ({ filename, contentType: 'application/pdf', content: PDF });

/** A refusal as the screen shows it: the status and the message. */
function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ message });
}

const stores = testStores();

describe.each(engineStoreCases())('Messages API on %s, %s storage', (engine, kind) => {
  const hasher = cheapHasher();
  /** A block that never stores a file runs once per engine, with the folder, not again with S3. */
  const storeFree = describe.skipIf(kind === 's3');
  let t: TestApp | undefined;
  let s: TestStores | undefined;
  let clock: ReturnType<typeof testClock>;
  let cookie: string;

  afterEach(async () => {
    await t?.close();
    await s?.cleanup();
    t = undefined;
    s = undefined;
  });

  /** The app with the given settings, and an admin signed in (Sam Staff unless named otherwise). */
  async function setup(
    env: Record<string, string> = CONFIGURED,
    names: { firstName: string | null; lastName: string | null } = { firstName: 'Sam', lastName: 'Staff' },
  ) {
    clock = testClock();
    s = await stores.create(kind);
    t = await createTestApp(engine, {
      env: { ...s.env, ...env },
      deps: { passwordHasher: hasher, clock, files: s.files, uploads: s.uploads },
    });
    const admin = await seedUser(db(), hasher);
    await db().update(users).set(names).where(eq(users.id, admin.id)); // seedUser fills in missing names
    cookie = await signedInCookie(t.app, admin);
    return admin;
  }

  const db = () => t!.db.database.db;
  const get = (url: string) => t!.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload?: object) =>
    t!.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

  /** Queues through the real outbox, each message a minute after the one before. */
  async function queueEmail(to = 'seller@example.com', attachments: NewAttachment[] = []) {
    clock.advance(minutes(1));
    const data = { requestedBy: 'Sam Staff' };
    return db().transaction((tx) => t!.app.outbox.queueEmail(tx, { to, template: messageTest, data, attachments }));
  }
  async function queueSms(to = '07911 123456') {
    clock.advance(minutes(1));
    const data = { requestedBy: 'Sam Staff' };
    return db().transaction((tx) => t!.app.outbox.queueSms(tx, { to, template: messageTest, data }));
  }

  /** One message to each, a text message where the recipient is a phone number. */
  async function queueTo(...to: string[]) {
    for (const recipient of to) await (/^[+\d]/.test(recipient) ? queueSms(recipient) : queueEmail(recipient));
  }

  const row = async (id: string) => (await db().select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;
  const setRow = (id: string, values: Partial<NewOutboundMessage>) =>
    db().update(outboundMessages).set(values).where(eq(outboundMessages.id, id));
  const countMessages = async () => (await db().select().from(outboundMessages)).length;

  async function list(query = ''): Promise<MessageListResponse> {
    const response = await get(`/api/admin/messages${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const recipients = async (query = '') => (await list(query)).items.map((item) => item.recipient);
  /** Which recipients each query of the list finds, newest first. */
  async function expectFinds(found: Record<string, string[]>) {
    for (const [query, expected] of Object.entries(found)) expect(await recipients(query), query).toEqual(expected);
  }

  async function detail(id: string): Promise<MessageDetail> {
    const response = await get(`/api/admin/messages/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function sendTest(payload: object): Promise<MessageDetail> {
    const response = await post('/api/admin/messages/test', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  /** A refused test message: 400 with the issues, and nothing queued. */
  async function refusedTest(payload: object) {
    const response = await post('/api/admin/messages/test', payload);
    expect(response.statusCode).toBe(400);
    expect(await countMessages()).toBe(0);
    return response.json() as { message: string; issues: { path: string; message: string }[] };
  }

  storeFree('the list', () => {
    it('lists messages newest first', async () => {
      await setup();
      await queueTo('first@example.com', '07911 123456', 'third@example.com');
      expect(await recipients()).toEqual(['third@example.com', '+447911123456', 'first@example.com']);
    });

    it('pages the list and says how many pages there are', async () => {
      await setup();
      await queueTo(...[1, 2, 3, 4, 5].map((n) => `seller${n}@example.com`));
      const page = await list('?page=2&pageSize=2');
      expect(page).toMatchObject({ page: 2, pageSize: 2, total: 5, pageCount: 3 });
      expect(page.items.map((item) => item.recipient)).toEqual(['seller3@example.com', 'seller2@example.com']);
      expect(await recipients('?page=3&pageSize=2')).toEqual(['seller1@example.com']);
    });

    it('refuses a page size over 100 with a message', async () => {
      await setup();
      const response = await get('/api/admin/messages?pageSize=101');
      expectRefused(response, 400, 'Page size must be a whole number from 1 to 100.');
    });

    it('filters by status', async () => {
      await setup();
      await queueEmail('waiting@example.com');
      const failed = await queueEmail('failed@example.com');
      const sent = await queueEmail('sent@example.com');
      await setRow(failed.id, { status: 'failed', lastError: 'The mail server refused the message' });
      await setRow(sent.id, { status: 'sent', sentAt: clock() });
      await expectFinds({ '?status=failed': ['failed@example.com'], '?status=queued': ['waiting@example.com'] });
    });

    it('filters by channel', async () => {
      await setup();
      await queueTo('seller@example.com', '07911 123456');
      await expectFinds({ '?channel=sms': ['+447911123456'], '?channel=email': ['seller@example.com'] });
    });

    it('finds recipients by part of the address or number, in any letter case', async () => {
      await setup();
      await queueTo('Jane.Doe@Example.com', 'john@example.com', '07911 123456');
      await expectFinds({
        '?recipient=DOE%40EXAMPLE': ['Jane.Doe@Example.com'],
        '?recipient=jane.doe': ['Jane.Doe@Example.com'],
        '?recipient=7911123': ['+447911123456'],
        // A number typed the UK way finds the E.164 form it is stored in.
        '?recipient=07911%20123': ['+447911123456'],
      });
    });

    it('takes % and _ in a recipient search literally', async () => {
      await setup();
      await queueTo('ten%off@example.com', 'a_b@example.com', 'axb@example.com');
      await expectFinds({ '?recipient=%25': ['ten%off@example.com'], '?recipient=a_b': ['a_b@example.com'] });
    });

    it('previews the first words of the text, on one line', async () => {
      await setup();
      const queued = await queueEmail();
      const [item] = (await list()).items;
      const text = (await row(queued.id)).textBody.replace(/\s+/g, ' ');
      expect(item!.preview).toMatch(/^This is a test e-mail sent from the CarBuy Direct back office by Sam Staff .*…$/);
      expect(item!.preview.length).toBeLessThanOrEqual(120);
      expect(text.startsWith(item!.preview.slice(0, -1))).toBe(true);
      // Cut between words, not inside one.
      expect(text[item!.preview.length - 1]).toBe(' ');
    });

    it('says where each channel sends through, naming host and sender but never a password or token', async () => {
      await setup(CONFIGURED);
      await queueEmail();
      const response = await get('/api/admin/messages');
      const { transports } = response.json() as MessageListResponse;
      expect(transports.email.configured).toBe(true);
      expect(transports.email.description).toContain('smtp.carbuy.example');
      expect(transports.email.description).toContain(MAIL_FROM);
      expect(transports.sms.configured).toBe(true);
      expect(transports.sms.description).toContain('Twilio');
      expect(transports.sms.description).toContain(TWILIO_FROM_NUMBER);
      expect(response.body).not.toContain(SMTP_PASSWORD);
      expect(response.body).not.toContain(TWILIO_AUTH_TOKEN);
    });

    it('says why each channel is not configured when nothing is set', async () => {
      await setup(NOT_CONFIGURED);
      const { transports } = await list();
      expect(transports.email).toEqual({ configured: false, description: expect.stringContaining('SMTP_URL') });
      expect(transports.sms).toEqual({
        configured: false,
        description: expect.stringContaining('TWILIO_ACCOUNT_SID'),
      });
    });
  });

  describe('one message', () => {
    it('shows the full text, that it has HTML, and its attachments without their storage key', async () => {
      await setup();
      const queued = await queueEmail('seller@example.com', [pdfNamed('Valuation AB12 CDE.pdf')]);
      const stored = await row(queued.id);
      const response = await get(`/api/admin/messages/${queued.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: queued.id,
        channel: 'email',
        recipient: 'seller@example.com',
        subject: 'Test message from CarBuy Direct',
        text: stored.textBody,
        hasHtml: true,
        attachments: [{ filename: 'Valuation AB12 CDE.pdf', contentType: 'application/pdf', size: PDF.length }],
      });
      expect(response.json().attachments[0]).not.toHaveProperty('storageKey');
      expect(response.body).not.toContain(stored.attachments[0]!.storageKey);
      // The bytes are in the store, under the key the row holds.
      expect(await s!.fileKeys('outbox')).toEqual([stored.attachments[0]!.storageKey]);
    });

    it("never shows staff the secret in a link to the seller's page, which stays whole for sending", async () => {
      await setup();
      const secret = 'Sx7fQ2-kd_9Lm3Vb8Np1Zr4Tw6Yc0Ha5Ge2Uj7Ki9Oq';
      clock.advance(minutes(1));
      const data = {
        reference: 'CB-7K3-9QX',
        registration: 'AB12CDE',
        make: 'FORD',
        model: 'Focus',
        firstName: 'Jane',
        sellerSecret: secret,
      };
      const email = await db().transaction((tx) =>
        t!.app.outbox.queueEmail(tx, { to: 'jane@example.com', template: sellerLink, data }),
      );
      const text = await queueSms();
      await setRow(text.id, {
        textBody: `Our offer: open your page: https://carbuy.example/your-valuation/open?k=${secret}`,
      });
      expect((await row(email.id)).textBody).toContain(`/your-valuation/open?k=${secret}`);

      const answers = [
        await get('/api/admin/messages'),
        await get(`/api/admin/messages/${email.id}`),
        await get(`/api/admin/messages/${email.id}/html`),
        await get(`/api/admin/messages/${text.id}`),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).not.toContain(secret);
      }
      expect((await detail(email.id)).text).toContain(`/your-valuation/open?k=${HIDDEN_SELLER_SECRET}`);
      expect(answers[2]!.body).toContain(`/your-valuation/open?k=${HIDDEN_SELLER_SECRET}`);
      expect((await detail(text.id)).text).toBe(
        `Our offer: open your page: https://carbuy.example/your-valuation/open?k=${HIDDEN_SELLER_SECRET}`,
      );
    });

    it('says a text message has no HTML', async () => {
      await setup();
      const queued = await queueSms();
      expect(await detail(queued.id)).toMatchObject({ channel: 'sms', subject: null, hasHtml: false });
    });

    it('answers 404 with a message for an unknown id', async () => {
      await setup();
      const response = await get(`/api/admin/messages/${UNKNOWN_ID}`);
      expectRefused(response, 404, messageMessages.notFound);
    });

    it('answers 400 for an id that is not a UUID', async () => {
      await setup();
      const response = await get('/api/admin/messages/12345');
      expectRefused(response, 400, messageMessages.invalidId);
    });
  });

  storeFree('the HTML preview', () => {
    it('serves the HTML part exactly, sandboxed, frameable only by the site, not cached', async () => {
      await setup();
      const queued = await queueEmail();
      const response = await get(`/api/admin/messages/${queued.id}/html`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe((await row(queued.id)).htmlBody);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toMatch(/(^|;\s*)sandbox(;|$)/);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Chromium warns when a sandboxed frame asks for an origin-keyed agent cluster.
      expect(response.headers['origin-agent-cluster']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers 404 for a text message, which has no HTML part', async () => {
      await setup();
      const queued = await queueSms();
      const response = await get(`/api/admin/messages/${queued.id}/html`);
      expectRefused(response, 404, 'This message has no HTML part.');
    });
  });

  describe('attachments', () => {
    const attachmentOf = async (attachment: NewAttachment, index = 0) => {
      const queued = await queueEmail('seller@example.com', [attachment]);
      return get(`/api/admin/messages/${queued.id}/attachments/${index}`);
    };

    it('serves the stored bytes, a PDF shown inline under its filename', async () => {
      await setup();
      const response = await attachmentOf(pdfNamed('Valuation AB12 CDE.pdf'));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(response.rawPayload, PDF)).toBe(0);
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="Valuation AB12 CDE.pdf"; filename*=UTF-8''Valuation%20AB12%20CDE.pdf`,
      );
    });

    it('names a non-ASCII filename in UTF-8 as RFC 6266 says, with an ASCII fallback', async () => {
      await setup();
      const filename = "Offre (O'Brien) – £2,000.pdf";
      const response = await attachmentOf(pdfNamed(filename));
      expect(response.statusCode).toBe(200);
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toBe(
        `inline; filename="Offre (O'Brien) _ _2,000.pdf"; ` +
          `filename*=UTF-8''Offre%20%28O%27Brien%29%20%E2%80%93%20%C2%A32%2C000.pdf`,
      );
      // RFC 8187's ext-value: only attr-chars and %XX after the charset, so it decodes to the name.
      const encoded = /filename\*=UTF-8''((?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+)$/.exec(disposition);
      expect(decodeURIComponent(encoded![1]!)).toBe(filename);
    });

    it('sends a type that is not safe to open in the browser as a download', async () => {
      await setup();
      const page = Buffer.from('<script>alert(1)</script>');
      const response = await attachmentOf({ filename: 'page.html', contentType: 'text/html', content: page });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="page\.html"/);
      expect(Buffer.compare(response.rawPayload, page)).toBe(0);
    });

    it('answers 404 for an attachment number the message does not have', async () => {
      await setup();
      const response = await attachmentOf(pdfNamed('Valuation.pdf'), 1);
      expectRefused(response, 404, 'This message has no such attachment.');
    });
  });

  storeFree('Retry', () => {
    it('queues a failed message again with fresh attempts, due now', async () => {
      await setup();
      const queued = await queueEmail();
      await setRow(queued.id, { status: 'failed', attempts: 6, lastError: 'Gave up after 6 attempts.' });
      clock.advance(minutes(30));
      const response = await post(`/api/admin/messages/${queued.id}/retry`);
      expect(response.statusCode, response.body).toBe(200);
      const now = clock().toISOString();
      // The old error goes: the list must not show a queued message as if it had just failed.
      expect(response.json()).toMatchObject({ status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null });
      const retried = await row(queued.id);
      expect(retried).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
      expect(retried.nextAttemptAt.toISOString()).toBe(now);
    });

    it('keeps a held message held, with the reason, while its channel has no provider', async () => {
      await setup(NOT_CONFIGURED);
      const queued = await queueEmail();
      const response = await post(`/api/admin/messages/${queued.id}/retry`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'held', lastError: HELD_REASONS.email });
      expect(await row(queued.id)).toMatchObject({ status: 'held', lastError: HELD_REASONS.email });
    });

    it('holds a failed message, with the reason, when its channel no longer has a provider', async () => {
      await setup(NOT_CONFIGURED);
      const queued = await queueEmail();
      await setRow(queued.id, { status: 'failed', lastError: 'The mail server refused our login' });
      const response = await post(`/api/admin/messages/${queued.id}/retry`);
      expect(response.statusCode, response.body).toBe(200);
      expect(await row(queued.id)).toMatchObject({ status: 'held', lastError: HELD_REASONS.email });
    });

    it.each<MessageStatus>(['sent', 'queued', 'sending'])(
      'refuses a %s message with 409 and changes nothing',
      async (status) => {
        await setup();
        const queued = await queueEmail();
        await setRow(queued.id, { status, ...(status === 'sent' ? { sentAt: clock(), attempts: 1 } : {}) });
        const before = await row(queued.id);
        clock.advance(minutes(30));
        const response = await post(`/api/admin/messages/${queued.id}/retry`);
        expectRefused(response, 409, messageMessages.notRetryable);
        expect(await row(queued.id)).toEqual(before);
      },
    );

    it('answers 404 for an unknown message', async () => {
      await setup();
      const response = await post(`/api/admin/messages/${UNKNOWN_ID}/retry`);
      expectRefused(response, 404, messageMessages.notFound);
    });
  });

  storeFree('Send test message', () => {
    it('queues a test e-mail naming the admin who sent it', async () => {
      await setup(CONFIGURED, { firstName: 'Priya', lastName: 'Shah' });
      const sent = await sendTest({ channel: 'email', to: 'priya@example.com' });
      expect(sent).toMatchObject({
        channel: 'email',
        recipient: 'priya@example.com',
        status: 'queued',
        templateName: 'message-test',
        subject: 'Test message from CarBuy Direct',
        hasHtml: true,
      });
      expect(sent.text).toContain('back office by Priya Shah on ');
      expect(await countMessages()).toBe(1);
    });

    it('holds the test e-mail when no mail transport is configured', async () => {
      await setup(NOT_CONFIGURED);
      const sent = await sendTest({ channel: 'email', to: 'priya@example.com' });
      expect(sent).toMatchObject({ status: 'held', lastError: HELD_REASONS.email, templateName: 'message-test' });
    });

    it('names the admin by username when they have no name', async () => {
      const admin = await setup(CONFIGURED, { firstName: null, lastName: null });
      const sent = await sendTest({ channel: 'email', to: 'priya@example.com' });
      expect(sent.text).toContain(`back office by ${admin.username} on `);
    });

    it('texts a UK number written as people write it, stored in E.164', async () => {
      await setup();
      const sent = await sendTest({ channel: 'sms', to: '07911 123456' });
      expect(sent).toMatchObject({ channel: 'sms', recipient: '+447911123456', status: 'queued', subject: null });
      expect(sent.text).toContain('by Sam Staff');
    });

    it('refuses an invalid e-mail address with the form message, and queues nothing', async () => {
      await setup();
      const refused = await refusedTest({ channel: 'email', to: 'not-an-email' });
      expect(refused.issues).toEqual([{ path: 'to', message: messageMessages.invalidEmail }]);
    });

    it('refuses an invalid phone number, and queues nothing', async () => {
      await setup();
      const refused = await refusedTest({ channel: 'sms', to: '12345' });
      expect(refused.issues).toEqual([{ path: 'to', message: phoneMessages.invalid }]);
    });

    it('refuses an unknown channel, and queues nothing', async () => {
      await setup();
      const refused = await refusedTest({ channel: 'pigeon', to: 'priya@example.com' });
      expect(refused.message).toBe('Choose e-mail or text message.');
    });

    it('is for admins only: a signed-in non-admin gets 403 and nothing is queued', async () => {
      await setup();
      const staff = await seedUser(db(), hasher, { isAdmin: false });
      cookie = await signedInCookie(t!.app, staff);
      const response = await post('/api/admin/messages/test', { channel: 'email', to: 'priya@example.com' });
      expect(response.statusCode).toBe(403);
      expect(await countMessages()).toBe(0);
    });
  });
});
