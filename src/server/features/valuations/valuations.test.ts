import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, idempotencyKeys, outboundMessages, valuationEvents } from '~/server/db/schema';
import { idempotencyMessages, valuationMessages as m, type ValuationRequestInput } from '~/shared/valuation';
import { phoneMessages } from '~/shared/phone';
import { registrationMessages } from '~/shared/registration';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { minutes, testClock } from '../../../../test/helpers/auth';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { validValuation } from '../../../../test/helpers/valuation';
import { deleteExpiredIdempotencyKeys, hashUploadToken } from '.';

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

  function expectCreated(response: LightMyRequestResponse): { id: string; uploadToken: string } {
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('stores the request as new, with its event, and answers { id, uploadToken }', async () => {
    await setup();
    const body = expectCreated(await submit({ ...validValuation(), status: 'completed', isArchived: true, id: 'x' }));
    expect(Object.keys(body).sort()).toEqual(['id', 'uploadToken']);
    expect(body.id).toMatch(UUID);
    expect(Buffer.from(body.uploadToken, 'base64url').length).toBeGreaterThanOrEqual(16);

    const [row] = await db().select().from(carValuations).where(eq(carValuations.id, body.id));
    expect(row).toMatchObject({
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
      uploadTokenHash: hashUploadToken(body.uploadToken),
    });
    expect(JSON.stringify(row)).not.toContain(body.uploadToken);
    expect(JSON.stringify(await db().select().from(idempotencyKeys))).not.toContain(body.uploadToken);

    const events = await db().select().from(valuationEvents);
    expect(events).toMatchObject([{ valuationId: body.id, type: 'created', actorUserId: null }]);
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
    const { id } = expectCreated(await submit({ ...validValuation(), firstName: '<b>Bob</b>' }));
    const messages = await db().select().from(outboundMessages).orderBy(outboundMessages.createdAt);
    expect(messages.map((x) => [x.recipient, x.templateName, x.valuationId])).toEqual([
      ['jo@example.com', 'valuation-received', id],
      [STAFF[0], 'new-valuation', id],
      [STAFF[1], 'new-valuation', id],
    ]);
    const [receipt, alert] = messages;
    expect(receipt!.subject).toBe('We have your valuation request for AB12CDE Ford Focus');
    expect(receipt!.textBody).toContain('AB12CDE');
    expect(receipt!.textBody).toContain('within 24 hours');
    expect(receipt!.htmlBody).toContain('&lt;b&gt;Bob&lt;/b&gt;');
    expect(receipt!.htmlBody).not.toContain('<b>Bob</b>');
    expect(alert!.subject).toContain('AB12CDE');
    expect(alert!.textBody).toContain(`http://localhost/admin/valuations/${id}`);
    expect(alert!.htmlBody).toContain(`href="http://localhost/admin/valuations/${id}"`);
    expect(alert!.htmlBody).toContain('&lt;b&gt;Bob&lt;/b&gt; Seller');
  });

  it('queues no staff e-mail when STAFF_NOTIFY_EMAIL is empty', async () => {
    await setup({ staff: [] });
    expectCreated(await submit(validValuation()));
    expect((await rowCounts()).messages).toBe(1);
  });

  const invalid: [string, unknown, string][] = [
    ['registration', '', registrationMessages.required],
    ['mileage', undefined, m.mileageRequired],
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
