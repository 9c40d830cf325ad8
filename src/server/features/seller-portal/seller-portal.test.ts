import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  carValuations,
  offerAcceptances,
  outboundMessages,
  valuationEvents,
  valuationMessages,
  valuationOffers,
} from '~/server/db/schema';
import type { SellerView } from '~/shared/seller-portal-basics';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, days, hours, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { registerCanary } from '../../../../test/helpers/log-hygiene';
import { appPages } from '../../../../test/helpers/pages';
import { multipart, smallJpeg } from '../../../../test/helpers/images';
import { pastOffer } from '../../../../test/helpers/past-offers';
import { validValuation } from '../../../../test/helpers/valuation';

/**
 * The seller's page and its calls (issue 34): the link from a message exchanges the secret for a
 * cookie and an address without it; the cookie opens the view; the seller accepts or declines the
 * newest offer before its end, asks for a fresh one after it, and writes to staff; a wrong, stale
 * or missing secret answers as a request that does not exist.
 */

const ORIGIN = 'http://localhost';
const STAFF = 'team@example.com';

describe.each(testEngines)('the seller’s page on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let staffCookie: string;
  let clock = testClock();

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const db = () => t!.db.database.db;

  async function setup(options: { pages?: boolean } = {}) {
    clock = testClock(new Date('2026-03-02T09:00:00Z'));
    t = await createTestApp(engine, {
      env: { STAFF_NOTIFY_EMAIL: STAFF },
      deps: { passwordHasher: hasher, clock, ...(options.pages ? { renderSource: appPages } : {}) },
    });
    const admin = await seedUser(db(), hasher, { username: 'dana' });
    staffCookie = await signedInCookie(t.app, admin);
    return submit();
  }

  async function submit() {
    const response = await t!.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; uploadToken: string }>();
  }

  /** Opens the link as a browser would, and gives back the cookie header it then sends to the seller's paths. */
  async function open(secret: string) {
    const response = await t!.app.inject({ method: 'GET', url: `/your-valuation/open?k=${secret}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/your-valuation');
    const cookies = response.cookies;
    return { response, cookies, header: cookies.find((c) => c.value)?.value };
  }

  const sellerCall = (method: 'GET' | 'POST', url: string, secret: string | undefined, payload?: object) =>
    t!.app.inject({
      method,
      url,
      headers: { ...(secret ? { cookie: `seller=${secret}` } : {}), origin: ORIGIN },
      ...(payload ? { payload } : {}),
    });

  const offer = (id: string, payload: Record<string, unknown>) =>
    t!.app.inject({
      method: 'POST',
      url: `/api/valuations/${id}/offer`,
      headers: { cookie: staffCookie, origin: ORIGIN },
      payload,
    });

  it('exchanges the link’s secret for an HttpOnly cookie on the seller’s paths, then an address without it', async () => {
    const { uploadToken } = await setup();
    const { cookies } = await open(uploadToken);
    expect(cookies.map((c) => [c.name, c.path, c.httpOnly, c.sameSite])).toEqual([
      ['seller', '/your-valuation', true, 'Lax'],
      ['seller', '/api/your-valuation', true, 'Lax'],
    ]);
    const view = await sellerCall('GET', '/api/your-valuation', uploadToken);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.headers['referrer-policy']).toBe('no-referrer');
    expect(view.json<SellerView>()).toMatchObject({
      firstName: 'Jo',
      stage: 'new',
      offer: null,
      replyBy: '2026-03-03T09:00:00.000Z',
      messages: [],
      indicativePrice: null,
    });
  });

  it('the offer e-mail’s link opens the page; no log line holds its secret', async () => {
    const { id } = await setup();
    await offer(id, { offerAmount: 6500 });
    const [mail] = await db()
      .select({ text: outboundMessages.textBody })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.valuationId, id), eq(outboundMessages.templateName, 'valuation-offer')));
    const secret = /\/your-valuation\/open\?k=([\w-]{43})/.exec(mail!.text)![1]!;
    registerCanary('seller secret from an e-mail', secret);
    const { cookies } = await open(secret);
    expect(cookies[0]!.value).toBe(secret);
    expect((await sellerCall('GET', '/api/your-valuation', secret)).json<SellerView>().offer).not.toBeNull();
    // The request was logged, with its query left out.
    expect(t!.logs.text()).toContain('/your-valuation/open');
    expect(t!.logs.text()).not.toContain(secret);
  });

  it('shows the indicative price found at submit, with its words, until an offer is made', async () => {
    clock = testClock(new Date('2026-03-02T09:00:00Z'));
    t = await createTestApp(engine, { deps: { passwordHasher: hasher, clock } });
    const car = { make: 'FORD', model: 'Focus', year: 2018, mileage: 44_000, overallCondition: 'great' };
    for (const pounds of [6000, 6200, 6400, 6600, 6800]) {
      await pastOffer(db(), car, [pounds * 100], new Date('2026-02-01T10:00:00Z'));
    }
    const { uploadToken } = await submit();
    const view = (await sellerCall('GET', '/api/your-valuation', uploadToken)).json<SellerView>();
    expect(view.indicativePrice).toEqual({ lowPence: 620_000, highPence: 660_000, count: 5 });
  });

  it('answers a wrong, missing, another shape or stale secret as a request that does not exist', async () => {
    const { uploadToken } = await setup();
    const wrong = 'x'.repeat(43);
    const answers = await Promise.all(
      [undefined, wrong, 'short', `${uploadToken}x`].map((secret) => sellerCall('GET', '/api/your-valuation', secret)),
    );
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(404);
    // A wrong link clears any cookie held and lands on the same page as a stranger.
    const { cookies } = await open(wrong);
    expect(cookies.every((c) => c.value === '')).toBe(true);
  });

  it('the seller accepts the open offer: recorded, the stage moves, the seller and staff are told', async () => {
    const { id, uploadToken } = await setup();
    const sent = (await offer(id, { offerAmount: 6500, validityDays: 2 })).json<{ id: string }>();
    const view = (await sellerCall('GET', '/api/your-valuation', uploadToken)).json<SellerView>();
    expect(view.offer).toMatchObject({
      id: sent.id,
      amountPence: 650_000,
      status: 'open',
      validUntil: '2026-03-04T23:59:59.000Z',
    });
    expect(view.offer!.conditions[0]).toBe('The mileage is within 500 miles of the 45,000 you told us.');

    const accepted = await t!.app.inject({
      method: 'POST',
      url: '/api/your-valuation/offer/accept',
      headers: { cookie: `seller=${uploadToken}`, origin: ORIGIN, 'user-agent': 'Phone browser 1.0' },
      payload: { offerId: sent.id },
      remoteAddress: '81.2.69.142',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [acceptance] = await db().select().from(offerAcceptances);
    expect(acceptance).toMatchObject({
      offerId: sent.id,
      valuationId: id,
      clientAddress: '81.2.69.0',
      userAgent: 'Phone browser 1.0',
      declarations: { mileage: 45_000 },
    });
    const [row] = await db().select({ status: carValuations.status }).from(carValuations);
    expect(row!.status).toBe('offer_accepted');
    const mail = await db()
      .select({ to: outboundMessages.recipient, template: outboundMessages.templateName })
      .from(outboundMessages)
      .where(eq(outboundMessages.valuationId, id))
      .orderBy(asc(outboundMessages.createdAt));
    expect(mail).toEqual(
      expect.arrayContaining([
        { to: 'jo@example.com', template: 'offer-accepted' },
        { to: STAFF, template: 'seller-activity' },
      ]),
    );
    const events = await db()
      .select({ type: valuationEvents.type, data: valuationEvents.data })
      .from(valuationEvents)
      .where(eq(valuationEvents.valuationId, id));
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'offer_accepted', data: { offerId: sent.id, amountPence: 650_000, by: 'seller' } },
        {
          type: 'status_changed',
          data: { from: 'offer_made', to: 'offer_accepted', event: 'accept_offer', by: 'seller' },
        },
      ]),
    );
    // Once accepted, the same offer cannot be answered again.
    const again = await sellerCall('POST', '/api/your-valuation/offer/decline', uploadToken, { offerId: sent.id });
    expect(again.statusCode).toBe(409);
  });

  it('refuses acceptance after the end; the seller then asks for a fresh offer, and staff hear once', async () => {
    const { id, uploadToken } = await setup();
    const sent = (await offer(id, { offerAmount: 6500, validityDays: 2 })).json<{ id: string }>();
    // From 09:00 on Monday 2 March to midnight, the first second after 23:59:59 on Wednesday 4 March.
    clock.advance(days(2) + hours(15));
    const refused = await sellerCall('POST', '/api/your-valuation/offer/accept', uploadToken, { offerId: sent.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message:
        'This offer ended at 23:59 on Wednesday 4 March, so it can no longer be accepted. Ask us for a fresh offer and we will look at your car again.',
    });
    expect(await db().select().from(offerAcceptances)).toEqual([]);
    const view = (await sellerCall('GET', '/api/your-valuation', uploadToken)).json<SellerView>();
    expect(view.offer!.status).toBe('expired');

    for (let i = 0; i < 2; i++) {
      const fresh = await sellerCall('POST', '/api/your-valuation/offer/fresh', uploadToken, { offerId: sent.id });
      expect(fresh.statusCode, fresh.body).toBe(200);
    }
    const alerts = await db()
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.valuationId, id), eq(outboundMessages.templateName, 'seller-activity')));
    expect(alerts).toHaveLength(1);
    const [stored] = await db().select().from(valuationOffers).where(eq(valuationOffers.id, sent.id));
    expect(stored!.status).toBe('expired');
    expect((await sellerCall('GET', '/api/your-valuation', uploadToken)).json<SellerView>().freshOfferRequestedAt).toBe(
      clock().toISOString(),
    );
  });

  it('asking for a fresh offer while the offer is open answers that it is still open', async () => {
    const { id, uploadToken } = await setup();
    const sent = (await offer(id, { offerAmount: 6500 })).json<{ id: string }>();
    const early = await sellerCall('POST', '/api/your-valuation/offer/fresh', uploadToken, { offerId: sent.id });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'Your offer is still open: you can accept or decline it.' });
  });

  it('declining records the reason and closes the request as declined', async () => {
    const { id, uploadToken } = await setup();
    const sent = (await offer(id, { offerAmount: 6500 })).json<{ id: string }>();
    const declined = await sellerCall('POST', '/api/your-valuation/offer/decline', uploadToken, {
      offerId: sent.id,
      reason: '  Sold it to a neighbour. ',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [stored] = await db().select().from(valuationOffers).where(eq(valuationOffers.id, sent.id));
    expect(stored).toMatchObject({ status: 'declined', declineReason: 'Sold it to a neighbour.' });
    const [row] = await db()
      .select({ status: carValuations.status, lostReason: carValuations.lostReason })
      .from(carValuations);
    expect(row).toEqual({ status: 'lost', lostReason: 'declined' });
  });

  it('a message from the seller is stored, on the timeline, and staff are told; an empty one is refused', async () => {
    const { id, uploadToken } = await setup();
    const empty = await sellerCall('POST', '/api/your-valuation/messages', uploadToken, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      issues: [{ path: 'body', message: 'Write your message before sending it.' }],
    });
    const sent = await sellerCall('POST', '/api/your-valuation/messages', uploadToken, {
      body: 'Can you collect on Saturday?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(
      await db().select({ body: valuationMessages.body, author: valuationMessages.author }).from(valuationMessages),
    ).toEqual([{ body: 'Can you collect on Saturday?', author: 'seller' }]);
    const alerts = await db()
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.valuationId, id), eq(outboundMessages.templateName, 'seller-activity')));
    expect(alerts).toHaveLength(1);
    const view = (await sellerCall('GET', '/api/your-valuation', uploadToken)).json<SellerView>();
    expect(view.messages.map((m) => [m.author, m.body])).toEqual([['seller', 'Can you collect on Saturday?']]);
  });

  it('links stop working 30 days after the request closes', async () => {
    const { id, uploadToken } = await setup();
    const lost = await t!.app.inject({
      method: 'PATCH',
      url: `/api/valuations/${id}/status`,
      headers: { cookie: staffCookie, origin: ORIGIN },
      payload: { status: 'lost', lostReason: 'withdrawn' },
    });
    expect(lost.statusCode, lost.body).toBe(200);
    clock.advance(days(30));
    expect((await sellerCall('GET', '/api/your-valuation', uploadToken)).statusCode).toBe(200);
    clock.advance(1_000);
    expect((await sellerCall('GET', '/api/your-valuation', uploadToken)).statusCode).toBe(404);
    const { cookies } = await open(uploadToken);
    expect(cookies.every((c) => c.value === '')).toBe(true);
  });

  it('the page’s forms work without JavaScript: each answers with the page saying what happened', async () => {
    const { id, uploadToken } = await setup({ pages: true });
    const sent = (await offer(id, { offerAmount: 6500, validityDays: 1 })).json<{ id: string }>();
    const post = (body: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/your-valuation',
        headers: {
          origin: ORIGIN,
          cookie: `seller=${uploadToken}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: body,
      });
    const page = (query: string) =>
      t!.app.inject({ method: 'GET', url: `/your-valuation${query}`, headers: { cookie: `seller=${uploadToken}` } });

    const empty = await post('action=message&body=+');
    expect(empty.headers.location).toBe('/your-valuation?problem=message-empty#messages');
    expect((await page('?problem=message-empty')).body).toContain('Write your message before sending it.');
    const message = await post('action=message&body=Is+Saturday+possible%3F');
    expect(message.headers.location).toBe('/your-valuation?done=message#messages');
    const shown = await page('?done=message');
    expect(shown.body).toContain('Message sent. We will reply by e-mail and here.');
    expect(shown.body).toContain('Is Saturday possible?');

    // Past the offer's end, a plain Accept is refused with the page's words, and a fresh one asked for.
    clock.advance(days(2));
    const late = await post(`action=accept&offerId=${sent.id}`);
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe('/your-valuation?problem=ended');
    expect((await page('?problem=ended')).body).toContain('This offer has ended, so it can no longer be accepted.');
    expect((await post(`action=fresh&offerId=${sent.id}`)).headers.location).toBe('/your-valuation?done=fresh');
    expect(await db().select().from(offerAcceptances)).toEqual([]);

    // Without the seller's cookie, nothing is done.
    const stranger = await t!.app.inject({
      method: 'POST',
      url: '/your-valuation',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=message&body=hello',
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('the photo area on the seller’s page: the same calls, opened by the cookie, and by nothing else', async () => {
    const { uploadToken } = await setup();
    const body = multipart([
      { filename: 'front.jpg', content: await smallJpeg() },
      { filename: 'note.txt', content: Buffer.from('not a photo'), contentType: 'text/plain' },
    ]);
    const send = (cookie: string | undefined, payload = body) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/your-valuation/photos',
        headers: { origin: ORIGIN, 'content-type': payload.contentType, ...(cookie ? { cookie } : {}) },
        payload: payload.payload,
      });
    // The same rules as after submit: a file that is not a photo is refused, and nothing is kept.
    const refused = await send(`seller=${uploadToken}`);
    expect(refused.statusCode).toBe(415);
    const one = multipart([{ filename: 'front.jpg', content: await smallJpeg() }]);
    expect((await send(undefined, one)).statusCode).toBe(404);
    const stored = await send(`seller=${uploadToken}`, one);
    expect(stored.statusCode, stored.body).toBe(201);
    const [photoId] = stored.json<{ photoPaths: string[] }>().photoPaths;
    const list = await sellerCall('GET', '/api/your-valuation/photos', uploadToken);
    expect(list.json()).toEqual({ photoPaths: [photoId], photos: [{ id: photoId, shot: null }] });
    const thumb = await sellerCall('GET', `/api/your-valuation/photos/${photoId}?size=thumb`, uploadToken);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sellerCall('GET', `/api/your-valuation/photos/${photoId}`, 'B'.repeat(43))).statusCode).toBe(404);
    const removed = await t!.app.inject({
      method: 'DELETE',
      url: `/api/your-valuation/photos/${photoId}`,
      headers: { origin: ORIGIN, cookie: `seller=${uploadToken}` },
    });
    expect(removed.statusCode).toBe(204);
    expect((await sellerCall('GET', '/api/your-valuation', uploadToken)).json<SellerView>().photoCount).toBe(0);
  });

  describe('“Lost your link?”', () => {
    const ask = (payload: object, ip = '203.0.113.9') =>
      t!.app.inject({
        method: 'POST',
        url: '/api/your-valuation/lost-link',
        headers: { origin: ORIGIN },
        payload,
        remoteAddress: ip,
      });
    const links = () =>
      db()
        .select({ to: outboundMessages.recipient, text: outboundMessages.textBody })
        .from(outboundMessages)
        .where(eq(outboundMessages.templateName, 'seller-link'));

    it('sends a new link to the address on file, and answers a stranger exactly the same', async () => {
      const { id } = await setup();
      const matched = await ask({ email: ' JO@example.com ', registration: 'ab12 cde' });
      const stranger = await ask({ email: 'someone@example.com', registration: 'AB12CDE' });
      const otherCar = await ask({ email: 'jo@example.com', registration: 'ZZ99ZZZ' });
      expect(matched.statusCode, matched.body).toBe(200);
      expect(stranger.body).toBe(matched.body);
      expect(otherCar.body).toBe(matched.body);
      const sent = await links();
      expect(sent.map((m) => m.to)).toEqual(['jo@example.com']);
      const secret = /k=([\w-]{43})/.exec(sent[0]!.text)![1]!;
      registerCanary('seller secret from a new link', secret);
      expect((await sellerCall('GET', '/api/your-valuation', secret)).statusCode).toBe(200);
      const [event] = await db()
        .select({ type: valuationEvents.type })
        .from(valuationEvents)
        .where(and(eq(valuationEvents.valuationId, id), eq(valuationEvents.type, 'seller_link_resent')));
      expect(event).toBeDefined();
    });

    it('sends one recipient at most three a day, still answering the same; refuses a connection that asks too often', async () => {
      await setup();
      const answers = [];
      for (let i = 0; i < 5; i++)
        answers.push(await ask({ email: 'jo@example.com', registration: 'AB12CDE' }, `198.51.100.${i}`));
      expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
      expect(await links()).toHaveLength(3);
      const flood = [];
      for (let i = 0; i < 11; i++)
        flood.push((await ask({ email: `x${i}@example.com`, registration: 'AB12CDE' })).statusCode);
      expect(flood.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(flood[10]).toBe(429);
    });

    it('works as a plain form without JavaScript: the same answer page, or the form again with its message', async () => {
      await setup({ pages: true });
      const post = (body: string) =>
        t!.app.inject({
          method: 'POST',
          url: '/your-valuation/lost-link',
          headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        });
      const sent = await post('email=jo%40example.com&registration=AB12+CDE&website=');
      expect(sent.statusCode).toBe(303);
      expect(sent.headers.location).toBe('/your-valuation/lost-link?sent=1');
      expect(await links()).toHaveLength(1);
      const bad = await post('email=not-an-address&registration=');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Enter the e-mail address you gave us, such as name@example.com');
      expect(bad.body).toContain('Registration is required');
    });
  });
});
