import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, outboundMessages } from '~/server/db/schema';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import type { ValuationCreated } from '~/shared/valuation';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { pastOffer } from '../../../../test/helpers/past-offers';
import { validValuation } from '../../../../test/helpers/valuation';

/**
 * The indicative price at submit (issue 34): found once, in the request's own transaction, stored
 * with it, and the same figure in the answer, the seller's receipt and staff's detail page; with
 * fewer than five similar offers, no figure anywhere.
 */

const NOW = new Date('2026-03-02T09:00:00Z');
const DAY = 86_400_000;
const LABEL =
  'Indicative, based on 5 offers we made for similar cars in the last 12 months. We confirm your price within 24 hours.';

describe.each(testEngines)('the indicative price at submit on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The app, with `offers` past requests like validValuation()'s car (a 2018 Focus, 45,000 miles, great). */
  async function setup(offers: number[]) {
    t = await createTestApp(engine, {
      deps: { passwordHasher: hasher, clock: testClock(NOW) },
    });
    for (const [i, amount] of offers.entries()) {
      await pastOffer(
        t.db.database.db,
        { make: 'FORD', model: 'FOCUS', year: 2017 + (i % 3), mileage: 40_000 + i * 1_000, overallCondition: 'great' },
        [amount],
        new Date(NOW.getTime() - (i + 1) * 20 * DAY),
      );
    }
  }

  async function submit(): Promise<ValuationCreated> {
    const response = await t!.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ValuationCreated>();
  }

  async function receipt(id: string) {
    const [message] = await t!.db.database.db
      .select({ subject: outboundMessages.subject, text: outboundMessages.textBody, html: outboundMessages.htmlBody })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.valuationId, id), eq(outboundMessages.templateName, 'valuation-received')));
    return message!;
  }

  async function detail(id: string): Promise<ValuationDetail> {
    const admin = await seedUser(t!.db.database.db, hasher, { username: 'dana' });
    const cookie = await signedInCookie(t!.app, admin);
    const response = await t!.app.inject({ method: 'GET', url: `/api/admin/valuations/${id}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ValuationDetail>();
  }

  it('with five similar offers: the range in the answer, the row, the receipt and the detail page', async () => {
    await setup([601_000, 622_400, 650_000, 707_600, 720_000]);
    const created = await submit();
    const price = { lowPence: 620_000, highPence: 710_000, count: 5 };
    expect(created.indicativePrice).toEqual(price);

    const [row] = await t!.db.database.db.select().from(carValuations).where(eq(carValuations.id, created.id));
    expect(row).toMatchObject({ indicativeLowPence: 620_000, indicativeHighPence: 710_000, indicativeOfferCount: 5 });

    const message = await receipt(created.id);
    expect(message.subject).toBe(`We have your valuation request (reference ${created.reference})`);
    expect(message.text).toContain(`Indicative price: £6,200 to £7,100. ${LABEL}`);
    expect(message.text).toMatch(/How we work this out: http:\/\/localhost(:\d+)?\/how-we-value\n/);
    expect(message.html).toContain('<strong>Indicative price: £6,200 to £7,100.</strong>');
    expect(message.html).toMatch(/<a href="http:\/\/localhost(:\d+)?\/how-we-value">How we work this out<\/a>/);

    expect((await detail(created.id)).indicativePrice).toEqual(price);
  });

  it('with four: no figure in the answer, the row, the receipt or the detail page', async () => {
    await setup([601_000, 622_400, 650_000, 707_600]);
    const created = await submit();
    expect(created.indicativePrice).toBeNull();

    const [row] = await t!.db.database.db.select().from(carValuations).where(eq(carValuations.id, created.id));
    expect(row).toMatchObject({ indicativeLowPence: null, indicativeHighPence: null, indicativeOfferCount: null });

    const message = await receipt(created.id);
    for (const body of [message.text, message.html]) {
      expect(body).not.toMatch(/£[\d,]+ to £/);
      expect(body).not.toContain('£');
      expect(body).not.toContain('Indicative');
      expect(body).not.toContain('/how-we-value');
    }

    expect((await detail(created.id)).indicativePrice).toBeNull();
  });
});
