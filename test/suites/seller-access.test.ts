import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { cheapHasher, days, seedUser, signedInCookie, testClock } from '../helpers/auth';
import { suiteFigures } from '../helpers/figures';
import { appPages } from '../helpers/pages';
import { validValuation } from '../helpers/valuation';

/**
 * The seller's routes (issue 34) against everyone but the seller: no cookie, another seller's
 * secret, a secret gone stale (its request closed more than 30 days ago), a made-up one, and staff
 * signed in to the back office. None may read or change the seller's request, and every refusal is
 * the one a request that does not exist gets, so nobody learns whether it does. The seller's own
 * secret is served, which shows the calls themselves work.
 */

const ORIGIN = 'http://localhost';
const SELLER = { firstName: 'Philippa', lastName: 'Quenneville', email: 'philippa.q@example.com' };
const OTHER = { firstName: 'Ambrose', lastName: 'Ottershaw', email: 'ambrose.o@example.com' };

type Caller = 'anonymous' | 'another seller' | 'stale secret' | 'made-up secret' | 'staff' | 'the seller';
const strangers: Caller[] = ['anonymous', 'another seller', 'stale secret', 'made-up secret', 'staff'];

describe('the seller’s routes, by caller', () => {
  const figures = suiteFigures('Seller access');
  const hasher = cheapHasher();
  const clock = testClock(new Date('2026-03-02T09:00:00Z'));
  let t: TestApp;
  let secrets: Record<'seller' | 'other' | 'stale', string>;
  let staffCookie: string;
  let offerId: string;

  const submit = async (who: typeof SELLER) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: { ...validValuation(), ...who },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; uploadToken: string }>();
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', { deps: { passwordHasher: hasher, clock, renderSource: appPages } });
    const admin = await seedUser(t.db.database.db, hasher, { username: 'dana' });
    staffCookie = await signedInCookie(t.app, admin);
    const staff = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: staffCookie, origin: ORIGIN }, payload });

    // A request closed 31 days ago: its link has gone stale.
    const stale = await submit({ firstName: 'Stale', lastName: 'Seller', email: 'stale@example.com' });
    await staff('PATCH', `/api/valuations/${stale.id}/status`, { status: 'lost', lostReason: 'withdrawn' });
    clock.advance(days(31));
    // Sessions run on the same clock: a fresh one after the jump.
    staffCookie = await signedInCookie(t.app, admin);

    const seller = await submit(SELLER);
    const other = await submit(OTHER);
    const offer = await staff('POST', `/api/valuations/${seller.id}/offer`, { offerAmount: 7250 });
    offerId = offer.json<{ id: string }>().id;
    await staff('POST', `/api/valuations/${seller.id}/messages`, {
      body: 'Philippa, can you send a photo of the odometer?',
    });
    secrets = { seller: seller.uploadToken, other: other.uploadToken, stale: stale.uploadToken };
  });
  afterAll(async () => t?.close());

  function headersOf(caller: Caller): Record<string, string> {
    const cookie = (secret: string) => ({ cookie: `seller=${secret}` });
    const base = { origin: ORIGIN };
    switch (caller) {
      case 'anonymous':
        return base;
      case 'another seller':
        return { ...base, ...cookie(secrets.other) };
      case 'stale secret':
        return { ...base, ...cookie(secrets.stale) };
      case 'made-up secret':
        return { ...base, ...cookie('A'.repeat(43)) };
      case 'staff':
        return { ...base, cookie: staffCookie };
      case 'the seller':
        return { ...base, ...cookie(secrets.seller) };
    }
  }

  /** Each seller route with a body that would do something for the seller. Decline last: it closes the offer. */
  const calls = () =>
    [
      { method: 'GET', url: '/api/your-valuation' },
      { method: 'GET', url: '/api/your-valuation/photos' },
      { method: 'GET', url: '/api/your-valuation/damage' },
      {
        method: 'POST',
        url: '/api/your-valuation/damage',
        payload: { panel: 'bonnet', x: 0.5, y: 0.2364, kind: 'dent' },
      },
      { method: 'GET', url: '/api/your-valuation/documents' },
      { method: 'PUT', url: '/api/your-valuation/documents/keys', payload: { count: 2 } },
      { method: 'GET', url: '/api/your-valuation/documents/8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e/file' },
      { method: 'GET', url: '/api/your-valuation/collection' },
      { method: 'PUT', url: '/api/your-valuation/collection', payload: { date: '2026-12-01', slot: 'morning' } },
      { method: 'DELETE', url: '/api/your-valuation/collection' },
      { method: 'GET', url: '/api/your-valuation/receipt' },
      // A price revision's photo and answers (issue 37).
      { method: 'GET', url: '/api/your-valuation/revision-photos/8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e?size=thumb' },
      {
        method: 'POST',
        url: '/api/your-valuation/revision/accept',
        payload: { revisionId: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e' },
      },
      {
        method: 'POST',
        url: '/api/your-valuation/revision/decline',
        payload: { revisionId: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e' },
      },
      { method: 'GET', url: '/your-valuation' },
      { method: 'POST', url: '/api/your-valuation/messages', payload: { body: 'Hello' } },
      { method: 'POST', url: '/api/your-valuation/offer/fresh', payload: { offerId } },
      { method: 'POST', url: '/api/your-valuation/offer/accept', payload: { offerId } },
    ] as const;

  it('refuses everyone but the seller as if the request did not exist, and shows them nothing of it', async () => {
    let tried = 0;
    for (const call of calls()) {
      const answers = [];
      for (const caller of strangers) {
        const response = await t.app.inject({ ...call, headers: headersOf(caller) });
        tried++;
        const body = response.body;
        // Nothing of the seller's request in any answer: their name, e-mail, offer or staff's message.
        for (const detail of [SELLER.firstName, SELLER.lastName, SELLER.email, '7,250', 'odometer']) {
          expect(body, `${caller} ${call.method} ${call.url}`).not.toContain(detail);
        }
        if (caller === 'another seller') {
          // Their own request, or a refusal: never a change to someone else's.
          expect(response.statusCode, `${caller} ${call.url}`).not.toBe(500);
          continue;
        }
        expect(response.statusCode, `${caller} ${call.method} ${call.url}`).toBe(404);
        answers.push(call.url.startsWith('/api/') ? body : response.statusCode);
      }
      // The same answer whichever way the secret was wrong.
      expect(new Set(answers).size, call.url).toBe(1);
    }
    figures.report(`${tried} calls by ${strangers.length} kinds of stranger, 0 served`);
  });

  it('another seller’s secret opens only their own request', async () => {
    const view = await t.app.inject({
      method: 'GET',
      url: '/api/your-valuation',
      headers: headersOf('another seller'),
    });
    expect(view.statusCode).toBe(200);
    // Their own, with what they sent above (the message is theirs), and no offer.
    expect(view.json()).toMatchObject({ firstName: OTHER.firstName, offer: null });
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/your-valuation/offer/accept',
      headers: headersOf('another seller'),
      payload: { offerId },
    });
    expect(accept.statusCode).toBe(409);
  });

  it('serves the seller, whose offer is still open after all that', async () => {
    const view = await t.app.inject({ method: 'GET', url: '/api/your-valuation', headers: headersOf('the seller') });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      firstName: SELLER.firstName,
      offer: { id: offerId, status: 'open', amountPence: 725_000 },
      messages: [{ author: 'staff', body: 'Philippa, can you send a photo of the odometer?' }],
    });
    const page = await t.app.inject({ method: 'GET', url: '/your-valuation', headers: headersOf('the seller') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
