import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MessagingConfig } from '~/server/config';
import { openDatabase, type Database, type Db } from '~/server/db/client';
import { outboundMessages } from '~/server/db/schema';
import type { FileStore } from '~/server/storage/file-store';
import { startSmtpSink, type SmtpSink } from '../../../../test/fakes/smtp-sink';
import { startFakeTwilio, type FakeTwilio } from '../../../../test/fakes/twilio/fake-twilio';
import { minutes, testClock } from '../../../../test/helpers/auth';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/database';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { createOutbox, OUTBOX_CHANNEL, type Outbox } from './outbox';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './retry-schedule';
import type { MessageContext } from './templates/layout';
import { messageTest } from './templates/message-test';
import { createSmtpTransport } from './transports/smtp';
import { createTwilioSmsTransport } from './transports/twilio-sms';
import type { EmailTransport } from './transports/transport';
import { createOutboxWorker, type OutboxWorker, type WorkerTransports } from './worker';

/**
 * The outbox end to end: real e-mail over SMTP to an in-process server, real SMS through the
 * twilio client to the local fake Twilio, and the faults the issue names. Attachments are kept in
 * a folder on every engine, and in S3 once.
 */

const FROM = 'CarBuy Direct <hello@carbuy.example>';
const quietLog = { info() {}, warn() {}, error() {} };
const site: MessageContext['site'] = {
  tradingName: 'CarBuy Direct',
  email: 'hello@carbuy.example',
  address: { lines: ['Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
  openingHours: [],
  publicBaseUrl: 'https://www.carbuy.example',
  demo: false,
  callRecording: false,
};

let sink: SmtpSink;
let twilioFake: FakeTwilio;
beforeAll(async () => {
  sink = await startSmtpSink();
  twilioFake = await startFakeTwilio();
});
afterAll(async () => {
  await sink?.close();
  await twilioFake?.close();
});

const stores = testStores();

describe.each(engineStoreCases())('outbox delivery on %s, %s storage', (engine, kind) => {
  let t: TestDatabase;
  let db: Db;
  let s: TestStores;
  let files: FileStore;
  let clock: ReturnType<typeof testClock>;
  const transportsToClose: { close(): Promise<void> }[] = [];

  const messaging = (): MessagingConfig => ({
    email: { smtpUrl: sink.url, from: FROM, replyTo: 'sales@carbuy.example' },
    sms: {
      accountSid: twilioFake.accountSid,
      authToken: twilioFake.authToken,
      from: twilioFake.fromNumber,
      messagingServiceSid: undefined,
      apiUrl: twilioFake.url,
    },
  });

  function realTransports(): Required<WorkerTransports> {
    const config = messaging();
    const email = createSmtpTransport({ url: sink.url, from: FROM, replyTo: config.email!.replyTo });
    const sms = createTwilioSmsTransport(config.sms!);
    transportsToClose.push(email, sms);
    return { email, sms };
  }

  function outboxWith(config: MessagingConfig = messaging()): Outbox {
    return createOutbox({ messaging: config, site, files, clock });
  }

  function workerWith(transports: WorkerTransports = realTransports(), database: Db = db): OutboxWorker {
    return createOutboxWorker({
      db: database,
      transports,
      files,
      clock,
      log: quietLog,
      random: () => 0.5, // no jitter: retry times are exact
      options: { stopGraceMs: 50 },
    });
  }

  const row = async (id: string) => (await db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;

  const queueTestEmail = (outbox: Outbox, to = 'seller@example.com', attachments = []) =>
    db.transaction((tx) =>
      outbox.queueEmail(tx, { to, template: messageTest, data: { requestedBy: 'Sam Admin' }, attachments }),
    );

  beforeEach(async () => {
    t = await createTestDatabase(engine);
    db = t.database.db;
    s = await stores.create(kind);
    files = s.files;
    clock = testClock();
    sink.received.length = 0;
    sink.rejectRecipients.clear();
    sink.temporaryFailures = 0;
    twilioFake.reset();
  });
  afterEach(async () => {
    await Promise.all(transportsToClose.splice(0).map((transport) => transport.close()));
    await t.cleanup();
    await s.cleanup();
    expect(twilioFake.contractProblems).toEqual([]);
  });

  it('sends an e-mail over SMTP with its headers, text and HTML parts and an attachment', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% a valuation report\n%%EOF\n');
    const outbox = outboxWith();
    const queued = await db.transaction((tx) =>
      outbox.queueEmail(tx, {
        to: 'seller@example.com',
        template: messageTest,
        data: { requestedBy: 'Sam Admin' },
        attachments: [{ filename: 'Valuation AB12 CDE.pdf', contentType: 'application/pdf', content: pdf }],
      }),
    );
    expect(queued.status).toBe('queued');

    expect(await workerWith().drain()).toBe(1);

    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.envelopeTo).toEqual(['seller@example.com']);
    expect(mail.parsed.from?.value).toEqual([{ name: 'CarBuy Direct', address: 'hello@carbuy.example' }]);
    expect(mail.parsed.replyTo?.text).toBe('sales@carbuy.example');
    expect(mail.parsed.subject).toBe('Test message from CarBuy Direct');
    expect(mail.parsed.messageId).toBe(`<${queued.id}@carbuy.example>`);
    expect(mail.parsed.text).toContain('This is a test e-mail sent from the CarBuy Direct back office by Sam Admin');
    expect(mail.parsed.text).toContain('https://www.carbuy.example/admin/messages');
    expect(mail.parsed.html).toContain('<h1');
    expect(mail.parsed.html).toContain('E-mail is working');
    expect(mail.parsed.html).toContain('href="https://www.carbuy.example/admin/messages"');
    expect(mail.parsed.html).not.toMatch(/<img|<script/i);
    expect(mail.parsed.attachments).toHaveLength(1);
    expect(mail.parsed.attachments[0]!.filename).toBe('Valuation AB12 CDE.pdf');
    expect(mail.parsed.attachments[0]!.contentType).toBe('application/pdf');
    expect(Buffer.compare(mail.parsed.attachments[0]!.content, pdf)).toBe(0);

    const sent = await row(queued.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, leaseToken: null });
    expect(sent.providerMessageId).toBe(`<${queued.id}@carbuy.example>`);
    expect(sent.sentAt).toEqual(clock());
    // The row holds a reference to the stored file, not the bytes.
    expect(sent.attachments[0]).toMatchObject({ filename: 'Valuation AB12 CDE.pdf', size: pdf.length });
    expect(JSON.stringify(sent.attachments)).not.toContain('PDF-1.4');
    // The bytes are in the store, under that reference.
    const { storageKey } = sent.attachments[0]!;
    expect(await s.fileKeys('outbox')).toEqual([storageKey]);
    expect(Buffer.compare(await files.read(storageKey), pdf)).toBe(0);
  });

  it('sends a text message through the real twilio client to the fake Twilio, to the number in E.164', async () => {
    const outbox = outboxWith();
    const queued = await db.transaction((tx) =>
      outbox.queueSms(tx, { to: '07911 123456', template: messageTest, data: { requestedBy: 'Sam Admin' } }),
    );
    await workerWith().drain();

    expect(twilioFake.sent).toHaveLength(1);
    const sms = twilioFake.sent[0]!;
    expect(sms.to).toBe('+447911123456');
    expect(sms.from).toBe(twilioFake.fromNumber);
    expect(sms.body).toMatch(/^CarBuy Direct: test text message sent from the back office by Sam Admin on /);
    const sent = await row(queued.id);
    expect(sent).toMatchObject({ status: 'sent', recipient: '+447911123456', providerMessageId: sms.sid });
  });

  it('never sends a message queued in a transaction that rolled back', async () => {
    const outbox = outboxWith();
    await expect(
      db.transaction(async (tx) => {
        await outbox.queueEmail(tx, { to: 'seller@example.com', template: messageTest, data: { requestedBy: 'A' } });
        throw new Error('the offer could not be saved');
      }),
    ).rejects.toThrow('the offer could not be saved');

    expect(await workerWith().drain()).toBe(0);
    expect(await db.select().from(outboundMessages)).toHaveLength(0);
    expect(sink.received).toHaveLength(0);
  });

  it('wakes a listener when a queuing transaction commits, and not when it rolls back', async () => {
    let notified = 0;
    const stop = await t.database.listen(OUTBOX_CHANNEL, () => notified++);
    try {
      const outbox = outboxWith();
      await db
        .transaction(async (tx) => {
          await outbox.queueEmail(tx, { to: 'a@example.com', template: messageTest, data: { requestedBy: 'A' } });
          throw new Error('rolled back');
        })
        .catch(() => {});
      await queueTestEmail(outbox);
      await expect.poll(() => notified).toBe(1);
      await db.execute('select 1'); // a later round trip: a notification for the rollback would have arrived
      expect(notified).toBe(1);
    } finally {
      await stop();
    }
  });

  it('SMTP down, then up: the message waits, then is sent exactly once', async () => {
    const outbox = outboxWith();
    const queued = await queueTestEmail(outbox);
    await sink.stop();
    const worker = workerWith();
    try {
      await worker.drain();
      const waiting = await row(queued.id);
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      expect(waiting.lastError).toMatch(/Could not reach the mail server/);
      expect(waiting.nextAttemptAt).toEqual(new Date(clock().getTime() + minutes(1)));

      // Not due yet: nothing is tried.
      expect(await worker.drain()).toBe(0);
    } finally {
      await sink.start();
    }
    clock.advance(minutes(1));
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    expect(sink.received).toHaveLength(1);
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('retries on the schedule (1 min, 5 min, 30 min, 2 h, 6 h), then fails with the last reason', async () => {
    const outbox = outboxWith();
    const queued = await queueTestEmail(outbox);
    sink.temporaryFailures = 100;
    const worker = workerWith();
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      await worker.drain();
      const waiting = await row(queued.id);
      expect(waiting).toMatchObject({ status: 'queued', attempts: index + 1 });
      expect(waiting.lastError).toMatch(/451 Try again later: server busy/);
      expect(waiting.nextAttemptAt.getTime() - clock().getTime()).toBe(delay);
      clock.advance(delay);
    }
    await worker.drain();
    const failed = await row(queued.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(failed.lastError).toMatch(/^Gave up after 6 attempts\. Last error: .*451 Try again later/);
    expect(sink.received).toHaveLength(0);
  });

  it('fails at once on a permanent refusal, with the provider’s reason', async () => {
    const outbox = outboxWith();
    sink.rejectRecipients.add('nobody@example.com');
    const email = await queueTestEmail(outbox, 'nobody@example.com');
    const sms = await db.transaction((tx) =>
      outbox.queueSms(tx, { to: '+15005550004', template: messageTest, data: { requestedBy: 'A' } }),
    );
    await workerWith().drain();

    const failedEmail = await row(email.id);
    expect(failedEmail).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failedEmail.lastError).toMatch(/550 Mailbox unavailable: no such user here/);
    const failedSms = await row(sms.id);
    expect(failedSms).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failedSms.lastError).toMatch(/^Twilio 21610: /);
  });

  it('a worker that dies while sending leaves the message to be sent again after the lease', async () => {
    const outbox = outboxWith();
    const queued = await queueTestEmail(outbox);
    // The first worker's provider never answers, and the worker never finishes: it "died".
    let releaseDeadSend: () => void = () => {};
    const hanging: EmailTransport = {
      send: () => new Promise((resolve) => (releaseDeadSend = () => resolve({ providerMessageId: 'too-late' }))),
      close: async () => {},
    };
    void workerWith({ email: hanging }).drain();
    await expect.poll(async () => (await row(queued.id)).status).toBe('sending');

    const survivor = workerWith();
    expect(await survivor.drain()).toBe(0); // the lease still holds it
    clock.advance(10 * 60_000);
    expect(await survivor.drain()).toBe(1);
    expect(sink.received).toHaveLength(1);

    // The dead worker's late answer changes nothing: its claim is gone.
    releaseDeadSend();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await row(queued.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      providerMessageId: `<${queued.id}@carbuy.example>`,
    });
  });

  it('on shutdown starts nothing new and leaves no message "sending"', async () => {
    const outbox = outboxWith();
    const first = await queueTestEmail(outbox, 'first@example.com');
    clock.advance(1000);
    const second = await queueTestEmail(outbox, 'second@example.com');
    const hanging: EmailTransport = { send: () => new Promise(() => {}), close: async () => {} };
    const worker = createOutboxWorker({
      db,
      transports: { email: hanging },
      files,
      clock,
      log: quietLog,
      options: { concurrency: 1, stopGraceMs: 20 },
    });
    const stopping = new AbortController();
    const draining = worker.drain(stopping.signal);
    await expect.poll(async () => (await row(first.id)).status).toBe('sending');
    stopping.abort();
    await draining;

    const interrupted = await row(first.id);
    expect(interrupted).toMatchObject({ status: 'queued', attempts: 1, leaseToken: null });
    expect(interrupted.lastError).toMatch(/Interrupted when the server stopped/);
    // Claimed but never started: back in the queue, the attempt not counted.
    expect(await row(second.id)).toMatchObject({ status: 'queued', attempts: 0, leaseToken: null });
  });

  it('holds messages while a channel is not configured, and sends them once it is', async () => {
    const withoutSms = outboxWith({ ...messaging(), sms: undefined });
    const queued = await db.transaction((tx) =>
      withoutSms.queueSms(tx, { to: '07911 123456', template: messageTest, data: { requestedBy: 'A' } }),
    );
    const held = await row(queued.id);
    expect(held.status).toBe('held');
    expect(held.lastError).toMatch(/No text message provider configured/);

    // A server still without Twilio settings leaves it held.
    const emailOnly = workerWith({ email: realTransports().email });
    expect(await emailOnly.releaseHeld()).toBe(0);
    expect(await emailOnly.drain()).toBe(0);
    expect((await row(queued.id)).status).toBe('held');

    // Restarted with the settings: it goes.
    const configured = workerWith();
    expect(await configured.releaseHeld()).toBe(1);
    await configured.drain();
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(twilioFake.sent).toHaveLength(1);
  });

  it.runIf(engine === 'postgres')(
    'two workers on one PostgreSQL deliver 1,000 messages exactly once',
    async () => {
      const outbox = outboxWith();
      const total = 1000;
      for (let start = 0; start < total; start += 100) {
        await db.transaction(async (tx) => {
          for (let i = start; i < start + 100; i++) {
            await outbox.queueEmail(tx, {
              to: `seller${i}@example.com`,
              template: messageTest,
              data: { requestedBy: 'A' },
            });
          }
        });
      }
      const second: Database = await openDatabase({ databaseUrl: t.databaseUrl!, dataDir: '/nonexistent' });
      try {
        const [a, b] = await Promise.all([workerWith().drain(), workerWith(realTransports(), second.db).drain()]);
        expect(a + b).toBe(total);
        expect(a).toBeGreaterThan(0);
        expect(b).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
      const ids = sink.received.map((mail) => mail.parsed.messageId);
      console.info(`two workers: ${sink.received.length} e-mails received, ${new Set(ids).size} distinct`);
      expect(sink.received).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      const statuses = await db
        .select({ status: outboundMessages.status, attempts: outboundMessages.attempts })
        .from(outboundMessages);
      expect(statuses.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
    },
    120_000,
  );
});
