import { count, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, idempotencyKeys, outboundMessages, sellerSecrets, valuationEvents } from '~/server/db/schema';
import { saveIdempotentAnswer } from '~/server/http/idempotency';
import {
  idempotencyMessages,
  valuationMessages as m,
  valuationRequestSchema,
  type ValuationCreated,
  type ValuationRequestInput,
} from '~/shared/valuation';
import { phoneMessages } from '~/shared/phone';
import { registrationMessages } from '~/shared/registration';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { minutes, testClock } from '../../../../test/helpers/auth';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { validValuation } from '../../../../test/helpers/valuation';
import { createValuation, deleteExpiredIdempotencyKeys, hashSellerSecret } from '.';
import { PUBLIC_FORM_CAP_REASON, PUBLIC_FORM_MESSAGES_PER_RECIPIENT } from '../messages';
import { VALUATIONS_SCOPE } from './valuations-routes';

/**
 * POST /api/valuations as the wizard calls it: the stored request, its event, the two queued
 * e-mails, Idempotency-Key replays, the per-address limit, and nothing written on bad input.
 */

const STAFF = ['desk@carbuy.example', 'owner@carbuy.example'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testEngines)('POST /api/valuations on %s', (engine) => {
  let t: TestApp | undefined;
  let database: TestDatabase | undefined;
  let clock: ReturnType<typeof testClock>;

  afterEach(async () => {
    await t?.close();
    await database?.cleanup();
    t = undefined;
    database = undefined;
  });

  async function setup(options: { staff?: string[]; limit?: number } = {}) {
    clock = testClock();
    // The app's database, opened here so the test can read what the request wrote.
    database = await createTestDatabase(engine);
    t = await createTestApp(engine, {
      env: { STAFF_NOTIFY_EMAIL: (options.staff ?? STAFF).join(',') },
      deps: {
        clock,
        database: database.database,
        ...(options.limit ? { valuations: { submitLimit: { limit: options.limit, windowMs: minutes(10) } } } : {}),
      },
    });
  }
  const db = () => database!.database.db;

  const submit = (body: unknown, headers: Record<string, string> = {}) =>
    t!.app.inject({ method: 'POST', url: '/api/valuations', payload: body as object, headers });

  async function rowCounts() {
    const [valuations] = await db().select({ n: count() }).from(carValuations);
    const [events] = await db().select({ n: count() }).from(valuationEvents);
    const [messages] = await db().select({ n: count() }).from(outboundMessages);
    return { valuations: valuations!.n, events: events!.n, messages: messages!.n };
  }

  function expectCreated(response: LightMyRequestResponse): ValuationCreated {
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('stores the request as new, with its event, and answers { id, reference, uploadToken, indicativePrice }', async () => {
    await setup();
    const body = expectCreated(
      await submit({ ...validValuation(), status: 'completed', isArchived: true, id: 'x', reference: 'CB-222-222' }),
    );
    expect(Object.keys(body).sort()).toEqual(['id', 'indicativePrice', 'reference', 'uploadToken']);
    // No offers made for similar cars in this database: no figure (features/comparables tests the rest).
    expect(body.indicativePrice).toBeNull();
    expect(body.id).toMatch(UUID);
    expect(body.reference).toMatch(/^CB-[2-46-9A-HJKMNP-RTV-Z]{3}-[2-46-9A-HJKMNP-RTV-Z]{3}$/);
    expect(body.reference).not.toBe('CB-222-222');
    expect(Buffer.from(body.uploadToken, 'base64url').length).toBeGreaterThanOrEqual(16);

    const [row] = await db().select().from(carValuations).where(eq(carValuations.id, body.id));
    expect(row).toMatchObject({
      reference: body.reference,
      status: 'new',
      isArchived: false,
      registration: 'AB12CDE',
      postcode: 'LN11 0LQ',
      email: 'jo@example.com',
      phone: '07911 123456',
      phoneE164: '+447911123456',
      contactPreference: ['call', 'text'],
      make: 'FORD',
      model: 'Focus',
      year: 2018,
      scuffedWheels: 1,
      tyresNeedReplacing: -1,
      cambeltDate: 'March 2022',
      mechanicalDetails: null,
      agreeToContact: true,
    });
    // The upload token is the seller's first secret: only its SHA-256 is kept.
    expect(await db().select().from(sellerSecrets)).toMatchObject([
      { valuationId: body.id, secretHash: hashSellerSecret(body.uploadToken) },
    ]);
    expect(JSON.stringify(row)).not.toContain(body.uploadToken);
    expect(JSON.stringify(await db().select().from(idempotencyKeys))).not.toContain(body.uploadToken);

    const events = await db().select().from(valuationEvents);
    expect(events).toMatchObject([{ valuationId: body.id, type: 'created', actorUserId: null }]);
  });

  it('gives each request a reference of its own', async () => {
    await setup();
    const references = [];
    for (let i = 0; i < 5; i += 1) references.push(expectCreated(await submit(validValuation())).reference);
    expect(new Set(references).size).toBe(5);
    const stored = await db().select({ reference: carValuations.reference }).from(carValuations);
    expect(stored.map((row) => row.reference).sort()).toEqual([...references].sort());
  });

  it('draws another reference when the one drawn is taken', async () => {
    await setup({ staff: [] });
    const taken = expectCreated(await submit(validValuation())).reference;
    const drawn = [taken, taken, 'CB-7K3-9QX'];
    const input = valuationRequestSchema.parse(validValuation());
    const deps = { outbox: t!.app.outbox, staffNotifyEmails: [], clock, newReference: () => drawn.shift()! };
    const created = await db().transaction((tx) => createValuation(tx, deps, input));
    expect(created.reference).toBe('CB-7K3-9QX');
    expect(drawn).toEqual([]);
    const stored = await db().select({ reference: carValuations.reference }).from(carValuations);
    expect(stored.map((row) => row.reference).sort()).toEqual(['CB-7K3-9QX', taken].sort());
    const [receipt] = await db().select().from(outboundMessages).where(eq(outboundMessages.valuationId, created.id));
    expect(receipt!.textBody).toContain('CB-7K3-9QX');
  });

  it('stores nothing when every reference drawn is taken', async () => {
    await setup({ staff: [] });
    const taken = expectCreated(await submit(validValuation())).reference;
    const input = valuationRequestSchema.parse(validValuation());
    const deps = { outbox: t!.app.outbox, staffNotifyEmails: [], clock, newReference: () => taken };
    await expect(db().transaction((tx) => createValuation(tx, deps, input))).rejects.toThrow(
      /No free valuation reference/,
    );
    expect(await rowCounts()).toEqual({ valuations: 1, events: 1, messages: 1 });
  });

  it('drops the cambelt date and mechanical details when the answers are no', async () => {
    await setup();
    const { id } = expectCreated(
      await submit({ ...validValuation(), cambeltChanged: 'no', mechanicalIssues: 'no', mechanicalDetails: 'Noisy' }),
    );
    const [row] = await db().select().from(carValuations).where(eq(carValuations.id, id));
    expect(row).toMatchObject({ cambeltDate: null, mechanicalDetails: null });
  });

  it('queues the receipt to the seller and the alert to each staff address', async () => {
    await setup();
    const { id, reference } = expectCreated(await submit({ ...validValuation(), firstName: '<b>Bob</b>' }));
    const messages = await db().select().from(outboundMessages).orderBy(outboundMessages.createdAt);
    expect(messages.map((x) => [x.recipient, x.templateName, x.valuationId])).toEqual([
      ['jo@example.com', 'valuation-received', id],
      [STAFF[0], 'new-valuation', id],
      [STAFF[1], 'new-valuation', id],
    ]);
    const [receipt, alert] = messages;
    expect(receipt!.subject).toBe(`We have your valuation request (reference ${reference})`);
    for (const part of [receipt!.textBody, receipt!.htmlBody]) {
      expect(part).toContain(`Your reference is ${reference}: please quote it if you contact us about it.`);
    }
    expect(alert!.subject).toBe(`New valuation request ${reference}`);
    expect(alert!.textBody).toContain(`Reference: ${reference}`);
    expect(receipt!.textBody).toContain('AB12CDE');
    expect(receipt!.textBody).toContain('within 24 hours');
    expect(receipt!.htmlBody).toContain('&lt;b&gt;Bob&lt;/b&gt;');
    expect(receipt!.htmlBody).not.toContain('<b>Bob</b>');
    expect(alert!.textBody).toContain('AB12CDE');
    expect(alert!.textBody).toContain(`http://localhost/admin/valuations/${id}`);
    expect(alert!.htmlBody).toContain(`href="http://localhost/admin/valuations/${id}"`);
    expect(alert!.htmlBody).toContain('&lt;b&gt;Bob&lt;/b&gt; Seller');
  });

  it('sends one address at most the day’s cap of form receipts, however its case; the requests are all stored', async () => {
    await setup();
    const { limit } = PUBLIC_FORM_MESSAGES_PER_RECIPIENT;
    const spellings = ['victim@example.com', 'Victim@Example.com', 'VICTIM@EXAMPLE.COM'];
    for (let i = 0; i < limit + 2; i += 1) {
      expectCreated(await submit({ ...validValuation(), email: spellings[i % spellings.length] }));
    }
    expectCreated(await submit({ ...validValuation(), email: 'someone.else@example.com' }));
    const receipts = await db()
      .select({
        recipient: outboundMessages.recipient,
        status: outboundMessages.status,
        lastError: outboundMessages.lastError,
      })
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'valuation-received'))
      .orderBy(outboundMessages.createdAt);
    const toVictim = receipts.filter((r) => r.recipient.toLowerCase() === 'victim@example.com');
    expect(toVictim.map((r) => r.status)).toEqual([...Array(limit).fill('held'), 'failed', 'failed']);
    expect(toVictim.at(-1)!.lastError).toBe(PUBLIC_FORM_CAP_REASON);
    expect(receipts.find((r) => r.recipient === 'someone.else@example.com')?.status).toBe('held');
    // Staff hear of every request, capped receipt or not.
    expect((await rowCounts()).valuations).toBe(limit + 3);
    const [alerts] = await db()
      .select({ n: count() })
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'new-valuation'));
    expect(alerts!.n).toBe((limit + 3) * STAFF.length);

    // The cap is the outbox's, for every public form: a complaint's receipt counts against it too.
    const complaint = await t!.app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: { name: 'Jo Seller', email: 'victim@example.com', details: 'Please delete my number.' },
    });
    expect(complaint.statusCode, complaint.body).toBe(201);
    const [complaintReceipt] = await db()
      .select({ status: outboundMessages.status })
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'complaint-received'));
    expect(complaintReceipt!.status).toBe('failed');

    // A day later the address gets receipts again.
    clock.advance(minutes(24 * 60 + 1));
    expectCreated(await submit({ ...validValuation(), email: 'victim@example.com' }));
    const [latest] = await db()
      .select({ status: outboundMessages.status })
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'valuation-received'))
      .orderBy(desc(outboundMessages.createdAt))
      .limit(1);
    expect(latest!.status).toBe('held');
  });

  it('queues no staff e-mail when STAFF_NOTIFY_EMAIL is empty', async () => {
    await setup({ staff: [] });
    expectCreated(await submit(validValuation()));
    expect((await rowCounts()).messages).toBe(1);
  });

  const invalid: [string, unknown, string][] = [
    ['registration', '', registrationMessages.required],
    ['mileage', undefined, m.mileageRequired],
    ['mileage', 'lots', m.mileageNotNumber],
    ['mileage', -5, m.mileageTooLow],
    ['overallCondition', undefined, m.conditionRequired],
    ['scuffedWheels', 9, m.scuffedWheelsRequired],
    ['tyresNeedReplacing', undefined, m.tyresRequired],
    ['cambeltChanged', 'maybe', m.cambeltRequired],
    ['serviceHistory', undefined, m.serviceHistoryRequired],
    ['mechanicalIssues', undefined, m.mechanicalIssuesRequired],
    ['outstandingFinance', undefined, m.financeRequired],
    ['firstName', ' ', m.firstNameRequired],
    ['lastName', undefined, m.lastNameRequired],
    ['postcode', undefined, m.postcodeRequired],
    ['postcode', 'ZZ99', m.postcodeInvalid],
    ['email', 'not-an-email', m.emailInvalid],
    ['phone', '0123', phoneMessages.invalid],
    ['contactPreference', [], m.contactPreferenceRequired],
    ['agreeToContact', false, m.consentRequired],
  ];

  it.each(invalid)('refuses %s = %j with "%s" and writes nothing', async (field, value, message) => {
    await setup();
    const response = await submit({ ...validValuation(), [field]: value } as ValuationRequestInput);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().issues).toContainEqual({ path: field, message });
    expect(await rowCounts()).toEqual({ valuations: 0, events: 0, messages: 0 });
  });

  it('requires mechanicalDetails with mechanical issues', async () => {
    await setup();
    const response = await submit({ ...validValuation(), mechanicalIssues: 'yes', mechanicalDetails: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: m.mechanicalDetailsRequired,
      issues: [{ path: 'mechanicalDetails', message: m.mechanicalDetailsRequired }],
    });
    expectCreated(await submit({ ...validValuation(), mechanicalIssues: 'yes', mechanicalDetails: 'Clutch slips' }));
  });

  describe('Idempotency-Key', () => {
    const key = { 'idempotency-key': 'wizard-3f1c9a7e-5b2d' };

    it('answers a repeat with the first answer and creates nothing new', async () => {
      await setup();
      const first = expectCreated(await submit(validValuation(), key));
      const again = await submit(validValuation(), key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first);
      expect(await rowCounts()).toEqual({ valuations: 1, events: 1, messages: 3 });
    });

    it('replays an answer stored before references existed with the valuation’s reference', async () => {
      await setup();
      const first = expectCreated(await submit(validValuation(), key));
      // What the key held when it was answered by the version before issue 31.
      const { reference: _new, indicativePrice: _newer, ...older } = first;
      const claim = { scope: VALUATIONS_SCOPE, key: key['idempotency-key'] };
      await saveIdempotentAnswer(db(), claim, { status: 201, body: older });
      const again = await submit(validValuation(), key);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toEqual(first);
      expect((await rowCounts()).valuations).toBe(1);
    });

    it('replays an answer stored before indicative prices existed with the valuation’s (issue 34)', async () => {
      await setup();
      const first = expectCreated(await submit(validValuation(), key));
      const { indicativePrice: _new, ...older } = first;
      const claim = { scope: VALUATIONS_SCOPE, key: key['idempotency-key'] };
      await saveIdempotentAnswer(db(), claim, { status: 201, body: older });
      const again = await submit(validValuation(), key);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toEqual(first);
    });

    it('refuses the same key with a different request (422)', async () => {
      await setup();
      expectCreated(await submit(validValuation(), key));
      const other = await submit({ ...validValuation(), mileage: 46000 }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ message: idempotencyMessages.keyReused });
      expect((await rowCounts()).valuations).toBe(1);
    });

    it('makes one valuation of two identical requests at once', async () => {
      await setup();
      const [a, b] = await Promise.all([submit(validValuation(), key), submit(validValuation(), key)]);
      expect(expectCreated(a)).toEqual(expectCreated(b));
      expect(await rowCounts()).toEqual({ valuations: 1, events: 1, messages: 3 });
    });

    it('treats an expired key as new, and the clean-up removes expired keys', async () => {
      await setup();
      const first = expectCreated(await submit(validValuation(), key));
      clock.advance(minutes(24 * 60 + 1));
      const second = expectCreated(await submit(validValuation(), key));
      expect(second.id).not.toBe(first.id);
      clock.advance(minutes(24 * 60 + 1));
      await deleteExpiredIdempotencyKeys(db(), clock());
      expect(await db().select().from(idempotencyKeys)).toEqual([]);
    });

    it.each(['short', 'x'.repeat(201), 'has space inside', 'café-key-123'])('refuses the key %j (400)', async (bad) => {
      await setup();
      const response = await submit(validValuation(), { 'idempotency-key': bad });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(idempotencyMessages.invalidKey);
      expect((await rowCounts()).valuations).toBe(0);
    });
  });

  it('limits submissions per client address with 429 and Retry-After', async () => {
    await setup({ limit: 2 });
    expectCreated(await submit(validValuation()));
    expect((await submit({})).statusCode).toBe(400); // bad requests count too
    const limited = await submit(validValuation());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await rowCounts()).valuations).toBe(1);
    clock.advance(minutes(10));
    expectCreated(await submit(validValuation()));
  });
});
