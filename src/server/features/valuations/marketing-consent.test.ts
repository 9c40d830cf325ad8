import { count, eq, or } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, outboundMessages } from '~/server/db/schema';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { paths } from '~/shared/paths';
import { DEFAULT_PROMOTION, promotionPhase } from '~/shared/promotion';
import { toE164 } from '~/shared/phone';
import { valuationMessages as m } from '~/shared/valuation';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { validValuation } from '../../../../test/helpers/valuation';

/**
 * Marketing consent apart (PECR reg 22, DESIGN 7, issue 18): the wizard's contact box covers this
 * valuation only; a separate optional box records marketing consent; and what the seller is sent
 * about their valuation carries no promotion, even while the launch offer is running.
 */

const ORIGIN = 'http://localhost';
// A day inside the configured promotion, so its texts would be at hand for any template tempted to add them.
const DURING_PROMOTION = new Date('2026-07-15T09:00:00Z');
const PROMOTION_ENV = {
  PROMOTION_ANNOUNCE_DATE: '2026-06-01',
  PROMOTION_START_DATE: '2026-07-01',
  PROMOTION_END_DATE: '2026-08-31',
  STAFF_NOTIFY_EMAIL: 'desk@carbuy.example',
};

const configuredPromotion = {
  ...DEFAULT_PROMOTION,
  announceDate: PROMOTION_ENV.PROMOTION_ANNOUNCE_DATE,
  startDate: PROMOTION_ENV.PROMOTION_START_DATE,
  endDate: PROMOTION_ENV.PROMOTION_END_DATE,
};

/** Words and links that would make a message promotional: the launch offer's, and marketing's in general. */
const promotionMarkers = [
  `£${DEFAULT_PROMOTION.voucherPounds}`,
  DEFAULT_PROMOTION.voucherBrand,
  'voucher',
  'launch offer',
  'promotion',
  'news and offers',
  'newsletter',
  'special offer',
  'limited time',
  paths.launchOfferTerms,
];

function promotionIn(text: string | null): string[] {
  const lower = (text ?? '').toLowerCase();
  return promotionMarkers.filter((marker) => lower.includes(marker.toLowerCase()));
}

describe.each(testEngines)('marketing consent on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup() {
    t = await createTestApp(engine, {
      env: PROMOTION_ENV,
      deps: { passwordHasher: hasher, clock: testClock(DURING_PROMOTION) },
    });
    const admin = await seedUser(t.db.database.db, hasher, { username: 'dana' });
    return { cookie: await signedInCookie(t.app, admin) };
  }
  const db = () => t!.db.database.db;
  const submit = (payload: object) => t!.app.inject({ method: 'POST', url: '/api/valuations', payload });

  it('records consent only when the separate box is ticked, and shows staff which', async () => {
    const { cookie } = await setup();
    const unticked = await submit(validValuation());
    const ticked = await submit({ ...validValuation(), email: 'keen@example.com', marketingConsent: true });
    const saidNo = await submit({ ...validValuation(), email: 'no@example.com', marketingConsent: false });
    for (const response of [unticked, ticked, saidNo]) expect(response.statusCode, response.body).toBe(201);

    const detail = async (id: string) =>
      (
        await t!.app.inject({ method: 'GET', url: `/api/admin/valuations/${id}`, headers: { cookie } })
      ).json<ValuationDetail>();
    expect((await detail(unticked.json<{ id: string }>().id)).marketingConsentAt).toBeNull();
    expect((await detail(saidNo.json<{ id: string }>().id)).marketingConsentAt).toBeNull();
    expect((await detail(ticked.json<{ id: string }>().id)).marketingConsentAt).toBe(DURING_PROMOTION.toISOString());
    // The contact box was ticked on all three: it is never read as marketing consent.
    expect((await detail(unticked.json<{ id: string }>().id)).agreeToContact).toBe(true);
  });

  it('lets staff record a withdrawal, never an opt-in, and writes it on the timeline', async () => {
    const { cookie } = await setup();
    const created = await submit({ ...validValuation(), marketingConsent: true });
    const { id } = created.json<{ id: string }>();
    const withdraw = () =>
      t!.app.inject({
        method: 'POST',
        url: `/api/valuations/${id}/withdraw-marketing-consent`,
        headers: { cookie, origin: ORIGIN },
      });
    const first = await withdraw();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ marketingConsentAt: null });
    // Again: nothing left to withdraw, the same answer, no second timeline entry.
    expect((await withdraw()).statusCode).toBe(200);
    const detail = (
      await t!.app.inject({ method: 'GET', url: `/api/admin/valuations/${id}`, headers: { cookie } })
    ).json<ValuationDetail>();
    expect(detail.marketingConsentAt).toBeNull();
    expect(detail.events.filter((event) => event.type === 'marketing_consent_withdrawn')).toEqual([
      expect.objectContaining({ actor: 'dana', data: { consentGivenAt: DURING_PROMOTION.toISOString() } }),
    ]);
  });

  it('refuses a marketing answer that is not true or false, and writes nothing', async () => {
    await setup();
    for (const marketingConsent of ['yes', 1, null, 'on']) {
      const response = await submit({ ...validValuation(), marketingConsent });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toContainEqual({ path: 'marketingConsent', message: m.marketingConsentInvalid });
    }
    const [rows] = await db().select({ n: count() }).from(carValuations);
    expect(rows!.n).toBe(0);
  });

  it('sends a seller who did not opt in no promotion: not in the receipt, not with an offer by e-mail and text', async () => {
    const { cookie } = await setup();
    // The promotion is running on this day: its texts are what a careless template would add.
    expect(promotionPhase(configuredPromotion, DURING_PROMOTION)).toBe('running');
    const seller = validValuation();
    const created = await submit(seller);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const offer = await t!.app.inject({
      method: 'POST',
      url: `/api/valuations/${id}/offer`,
      headers: { cookie, origin: ORIGIN },
      payload: { offerAmount: '4,250', notes: 'Collection this week.', sendMethod: 'both' },
    });
    expect(offer.statusCode, offer.body).toBe(201);

    const toSeller = await db()
      .select()
      .from(outboundMessages)
      .where(
        or(
          eq(outboundMessages.recipient, seller.email.trim().toLowerCase()),
          eq(outboundMessages.recipient, toE164(seller.phone)!),
        ),
      );
    // The receipt, the offer e-mail and the offer text.
    expect(toSeller).toHaveLength(3);
    expect(toSeller.map((message) => message.channel).sort()).toEqual(['email', 'email', 'sms']);
    for (const message of toSeller) {
      const found = [message.subject, message.textBody, message.htmlBody].flatMap(promotionIn);
      expect(found, `${message.templateName} (${message.channel})`).toEqual([]);
    }
  });
});
