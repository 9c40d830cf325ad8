import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, outboundMessages, valuationEvents, valuationOffers } from '~/server/db/schema';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { formatPounds, offerMessages, poundsToPence, type Offer } from '~/shared/valuation-offer';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { validValuation } from '../../../../test/helpers/valuation';

/**
 * Sending an offer (issue 11): stored in pence, its e-mail and/or text queued through the outbox
 * in the same transaction, the valuation moved from new to contacted, the timeline written, and
 * SPEC's messages for a missing or invalid amount with nothing written.
 */

const ORIGIN = 'http://localhost';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('amounts', () => {
  it('reads pounds as staff type them into pence', () => {
    expect(['1250', '1,250', '£1,250.5', '1250.50', 1250.5, '0.01'].map(poundsToPence)).toEqual([
      125_000, 125_000, 125_050, 125_050, 125_050, 1,
    ]);
    expect(['', 'abc', '12.345', '1,25', '-5', '1e3', null].map(poundsToPence)).toEqual(Array(7).fill(undefined));
  });

  it('shows pounds the British way', () => {
    expect([125_000, 125_050, 99].map(formatPounds)).toEqual(['£1,250', '£1,250.50', '£0.99']);
  });
});

describe.each(testEngines)('POST /api/valuations/:id/offer on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let cookie: string;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup() {
    t = await createTestApp(engine, {
      deps: { passwordHasher: hasher, clock: testClock(new Date('2026-03-02T09:00:00Z')) },
    });
    const admin = await seedUser(t.db.database.db, hasher, { username: 'dana' });
    cookie = await signedInCookie(t.app, admin);
    const response = await t.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  const db = () => t!.db.database.db;
  const referenceOf = async (id: string) =>
    (await db().select({ reference: carValuations.reference }).from(carValuations).where(eq(carValuations.id, id)))[0]!
      .reference;
  const offer = (id: string, payload: Record<string, unknown>) =>
    t!.app.inject({ method: 'POST', url: `/api/valuations/${id}/offer`, headers: { cookie, origin: ORIGIN }, payload });
  const offerMessagesOf = (id: string) =>
    db()
      .select({
        channel: outboundMessages.channel,
        recipient: outboundMessages.recipient,
        subject: outboundMessages.subject,
        text: outboundMessages.textBody,
        offerId: outboundMessages.offerId,
      })
      .from(outboundMessages)
      .where(eq(outboundMessages.valuationId, id))
      .orderBy(asc(outboundMessages.createdAt), asc(outboundMessages.channel));

  it('stores the offer in pence, queues the e-mail with it, and moves the valuation to "offer made"', async () => {
    const id = await setup();
    const response = await offer(id, {
      offerAmount: '1,250.50',
      notes: '  Collection this week.  ',
      sendMethod: 'email',
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json<Offer>();
    expect(sent).toMatchObject({
      amountPence: 125_050,
      sendMethod: 'email',
      notes: 'Collection this week.',
      sentBy: 'dana',
      // Seven UK days by default, to 23:59:59 UK time (GMT in March).
      validUntil: '2026-03-09T23:59:59.000Z',
      status: 'open',
      acceptedAt: null,
    });
    expect(sent.messages).toEqual([{ id: expect.any(String), channel: 'email', status: 'held' }]);

    const offerEmails = (await offerMessagesOf(id)).filter((m) => m.offerId === sent.id);
    expect(offerEmails).toHaveLength(1);
    expect(offerEmails[0]).toMatchObject({
      channel: 'email',
      recipient: 'jo@example.com',
      subject: expect.stringContaining('£1,250.50'),
    });
    expect(offerEmails[0]!.text).toContain('Collection this week.');
    expect(offerEmails[0]!.text).toContain('we offer £1,250.50, valid until 23:59 on Monday 9 March (UK time).');
    expect(offerEmails[0]!.text).toContain('The mileage is within 500 miles of the 45,000 you told us.');
    expect(offerEmails[0]!.text).toMatch(
      /To accept or decline, open your page: http\S+\/your-valuation\/open\?k=[\w-]{43}\n/,
    );
    expect(offerEmails[0]!.text).toContain(`(reference ${await referenceOf(id)})`);

    const [row] = await db()
      .select({ status: carValuations.status })
      .from(carValuations)
      .where(eq(carValuations.id, id));
    expect(row!.status).toBe('offer_made');
    const detail = (
      await t!.app.inject({ method: 'GET', url: `/api/admin/valuations/${id}`, headers: { cookie } })
    ).json<ValuationDetail>();
    expect(detail.status).toBe('offer_made');
    expect(detail.offers.map((o) => o.id)).toEqual([sent.id]);
    expect(detail.events.map((e) => [e.type, e.actor, e.data])).toEqual(
      expect.arrayContaining([
        [
          'offer_sent',
          'dana',
          { offerId: sent.id, amountPence: 125_050, sendMethod: 'email', validUntil: '2026-03-09T23:59:59.000Z' },
        ],
        ['status_changed', 'dana', { from: 'new', to: 'offer_made', event: 'send_offer' }],
      ]),
    );
  });

  it('texts the seller’s normalised number, or both; a second offer leaves the status alone', async () => {
    const id = await setup();
    const bySms = (await offer(id, { offerAmount: 900, sendMethod: 'sms' })).json<Offer>();
    expect(bySms.messages.map((m) => m.channel)).toEqual(['sms']);
    const both = (await offer(id, { offerAmount: '950', sendMethod: 'both' })).json<Offer>();
    expect(both.messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const texts = (await offerMessagesOf(id)).filter((m) => m.channel === 'sms');
    expect(texts.map((m) => m.recipient)).toEqual(['+447911123456', '+447911123456']);
    expect(texts[0]!.text).toContain('£900');
    expect(texts[0]!.text).toContain(`(ref ${await referenceOf(id)})`);
    const statusChanges = await db().select().from(valuationEvents).where(eq(valuationEvents.type, 'status_changed'));
    expect(statusChanges).toHaveLength(1);
  });

  it('a new offer supersedes the open one; staff choose how long it stands, from 1 to 14 days', async () => {
    const id = await setup();
    const first = (await offer(id, { offerAmount: 900 })).json<Offer>();
    const second = await offer(id, { offerAmount: 950, validityDays: 2 });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<Offer>()).toMatchObject({ status: 'open', validUntil: '2026-03-04T23:59:59.000Z' });
    const stored = await db()
      .select({ id: valuationOffers.id, status: valuationOffers.status })
      .from(valuationOffers)
      .where(eq(valuationOffers.valuationId, id));
    expect(stored).toEqual(
      expect.arrayContaining([
        { id: first.id, status: 'superseded' },
        { id: second.json<Offer>().id, status: 'open' },
      ]),
    );
    for (const validityDays of [0, 15, 2.5, '7']) {
      const refused = await offer(id, { offerAmount: 1000, validityDays });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        issues: [{ path: 'validityDays', message: 'Choose how long the offer stands: 1 to 14 days.' }],
      });
    }
  });

  it('refuses an offer once the request is lost, storing and sending nothing', async () => {
    const id = await setup();
    await db()
      .update(carValuations)
      .set({ status: 'lost', lostReason: 'sold_elsewhere', closedAt: new Date() })
      .where(eq(carValuations.id, id));
    const refused = await offer(id, { offerAmount: 900, sendMethod: 'both' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'This request is lost. Reopen it before sending an offer.' });
    expect((await offerMessagesOf(id)).filter((message) => message.offerId !== null)).toEqual([]);
    expect(await db().select().from(valuationOffers).where(eq(valuationOffers.valuationId, id))).toEqual([]);
  });

  it.each([
    [{}, offerMessages.amountRequired],
    [{ offerAmount: '' }, offerMessages.amountRequired],
    [{ offerAmount: '   ' }, offerMessages.amountRequired],
    [{ offerAmount: 'abc' }, offerMessages.amountInvalid],
    [{ offerAmount: 0 }, offerMessages.amountInvalid],
    [{ offerAmount: '-5' }, offerMessages.amountInvalid],
    [{ offerAmount: '12.345' }, offerMessages.amountInvalid],
    [{ offerAmount: '1000001' }, offerMessages.amountTooHigh],
  ])('refuses %j with "%s" and writes nothing', async (payload, message) => {
    const id = await setup();
    const response = await offer(id, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ issues: [{ path: 'offerAmount', message }] });
    expect(await db().select().from(valuationOffers)).toEqual([]);
    expect((await offerMessagesOf(id)).filter((m) => m.offerId !== null)).toEqual([]);
  });

  it('refuses a text to a number that cannot receive one, and an unknown valuation, writing nothing', async () => {
    const id = await setup();
    await db().update(carValuations).set({ phoneE164: null }).where(eq(carValuations.id, id));
    const refused = await offer(id, { offerAmount: 900, sendMethod: 'both' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: offerMessages.noMobile });
    expect((await offer(UNKNOWN_ID, { offerAmount: 900 })).statusCode).toBe(404);
    expect(await db().select().from(valuationOffers)).toEqual([]);
    const [row] = await db()
      .select({ status: carValuations.status })
      .from(carValuations)
      .where(eq(carValuations.id, id));
    expect(row!.status).toBe('new');
  });
});
