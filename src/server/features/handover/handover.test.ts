import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  carValuations,
  collectionBookings,
  launchVouchers,
  outboundMessages,
  valuationEvents,
  valuationOffers,
} from '~/server/db/schema';
import { amountMismatch, handoverMessages as m, type HandoverView } from '~/shared/handover';
import type { SellerView } from '~/shared/seller-portal-basics';
import { stageChoiceMessages } from '~/shared/valuation-lifecycle';
import type { VoucherList } from '~/shared/voucher-schemas';
import type { VoucherListItem } from '~/shared/vouchers';
import { voucherMessages } from '~/shared/vouchers';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, days, hours, minutes, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { pdfText } from '../../../../test/helpers/pdf';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { offerConditions, validValuation } from '../../../../test/helpers/valuation';

/**
 * Collection day at the door (issue 36): the handover moves a booked car to `collected`, the
 * payment (split between the lender and the seller, each with its reference and time) completes
 * the sale, e-mails the receipt (PDF) and owes the launch voucher inside the promotion, due in 14
 * working days that skip the bank holidays; staff mark vouchers sent and the seller gets the code.
 * The receipt is stored as the e-mail's attachment: in a folder on every engine, and in S3 once.
 */

const ORIGIN = 'http://localhost';
/** Monday 14 December 2026, 10:00 UK time. */
const NOW = new Date('2026-12-14T10:00:00Z');
/** Wednesday 16 December: a morning collection. */
const COLLECTION_DAY = '2026-12-16';
const PROMOTION = {
  PROMOTION_ANNOUNCE_DATE: '2026-11-01',
  PROMOTION_START_DATE: '2026-12-01',
  PROMOTION_END_DATE: '2026-12-31',
};
const conditions = offerConditions();

const stores = testStores();

describe.each(engineStoreCases())('handover and payment on %s, %s storage', (engine, kind) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let s: TestStores | undefined;
  let clock = testClock(NOW);
  let staffCookie: string;
  let staffUser: Awaited<ReturnType<typeof seedUser>>;

  afterEach(async () => {
    await t?.close();
    await s?.cleanup();
    t = undefined;
    s = undefined;
  });

  const db = () => t!.db.database.db;

  async function setup(env: Record<string, string> = PROMOTION) {
    clock = testClock(NOW);
    s = await stores.create(kind);
    t = await createTestApp(engine, {
      env: { ...s.env, ...env },
      deps: { passwordHasher: hasher, clock, files: s.files, uploads: s.uploads },
    });
    staffUser = await seedUser(db(), hasher, { isAdmin: true });
    staffCookie = await signedInCookie(t.app, staffUser);
    // Room for every sale a test books on the one morning.
    const roomy = await call('PUT', '/api/admin/collections/settings', { morning: 10, afternoon: 10 });
    expect(roomy.statusCode, roomy.body).toBe(200);
  }

  const staff = () => ({ cookie: staffCookie, origin: ORIGIN });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t!.app.inject({ method, url, headers: staff(), ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A seller with an accepted offer of `pricePence`, finance confirmed when `settlementPence` is given, and a booked morning. */
  async function bookedSale(options: { pricePence: number; settlementPence?: number; email?: string }) {
    const finance = options.settlementPence !== undefined;
    const response = await t!.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: {
        ...validValuation(),
        email: options.email ?? 'jo@example.com',
        outstandingFinance: finance ? 'yes' : 'no',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id, uploadToken } = response.json<{ id: string; uploadToken: string }>();
    await db()
      .insert(valuationOffers)
      .values({
        valuationId: id,
        amountPence: options.pricePence,
        sendMethod: 'email',
        validUntil: new Date(clock().getTime() + days(7)),
        conditions,
        status: 'accepted',
        closedAt: clock(),
      });
    await db().update(carValuations).set({ status: 'offer_accepted' }).where(eq(carValuations.id, id));
    if (finance) {
      const confirmed = await call('PUT', `/api/admin/valuations/${id}/finance`, {
        lender: 'Black Horse',
        settlement: options.settlementPence! / 100,
        validUntil: '2026-12-31',
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    const booked = await call('PUT', `/api/admin/valuations/${id}/collection`, {
      date: COLLECTION_DAY,
      slot: 'morning',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    return { id, secret: uploadToken };
  }

  const handover = (id: string, payload: unknown) => call('POST', `/api/admin/valuations/${id}/handover`, payload);
  const pay = (id: string, payload: unknown) => call('POST', `/api/admin/valuations/${id}/payment`, payload);
  const asDeclared = { condition: 'as_declared', mileage: 45_210, keys: 2, v5cHandedOver: true, sellerIsKeeper: true };
  const paidAt = '2026-12-16T10:42:00Z';
  /** The morning of the collection; staff sign in again (two days idle ends a session). */
  const onTheDay = async () => {
    clock.advance(new Date('2026-12-16T10:50:00Z').getTime() - clock().getTime());
    staffCookie = await signedInCookie(t!.app, staffUser);
  };
  const signInAgain = async () => {
    staffCookie = await signedInCookie(t!.app, staffUser);
  };

  it('hands over, pays the lender and the seller, e-mails the receipt and owes a voucher due after the bank holidays', async () => {
    await setup();
    const { id, secret } = await bookedSale({ pricePence: 1_000_000, settlementPence: 875_032 });
    await onTheDay();

    const before = (await call('GET', `/api/admin/valuations/${id}/handover`)).json<HandoverView>();
    expect(before).toMatchObject({
      stage: 'collection_booked',
      booking: { date: COLLECTION_DAY, slot: 'morning' },
      pricePence: 1_000_000,
      finance: { declared: 'yes', lender: 'Black Horse', settlementPence: 875_032, confirmed: true },
      split: { pricePence: 1_000_000, lenderPence: 875_032, sellerPence: 124_968 },
      handover: null,
      payments: [],
      receiptPath: null,
    });
    // Paying before the handover is refused: the car is not ours yet.
    expect((await pay(id, {})).statusCode).toBe(400);
    const early = await pay(id, { seller: null, lender: null });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: m.paymentNeedsCollection });

    // Bad input changes nothing, with each field's words.
    const bad = await handover(id, { condition: 'as_declared', mileage: -1, keys: 9, v5cHandedOver: 'yes' });
    expect(bad.statusCode).toBe(400);
    const issues = bad.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'mileage', message: m.mileageRequired },
        { path: 'keys', message: m.keysRequired },
        { path: 'v5cHandedOver', message: m.v5cRequired },
        { path: 'sellerIsKeeper', message: m.keeperRequired },
      ]),
    );

    const collected = await handover(id, { ...asDeclared, notes: 'Small chip on the windscreen, as declared.' });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json<HandoverView>()).toMatchObject({
      stage: 'collected',
      handover: { condition: 'as_declared', mileage: 45_210, keys: 2, v5cHandedOver: true, sellerIsKeeper: true },
    });
    // A double tap changes nothing; the booking is collected.
    expect((await handover(id, asDeclared)).statusCode).toBe(200);
    const [booking] = await db().select().from(collectionBookings).where(eq(collectionBookings.valuationId, id));
    expect(booking).toMatchObject({ status: 'collected' });

    // The split is checked payee by payee.
    const part = (amount: string, reference: string) => ({ amount, reference, paidAt });
    const missingLender = await pay(id, { seller: part('1,249.68', 'CARBUY JO'), lender: null });
    expect(missingLender.json()).toMatchObject({ issues: [{ path: 'lender', message: m.lenderPaymentMissing }] });
    const wrongSeller = await pay(id, { seller: part('1,250', 'CARBUY JO'), lender: part('8,750.32', 'AGR 5512') });
    expect(wrongSeller.json()).toMatchObject({
      issues: [{ path: 'seller.amount', message: amountMismatch('seller', 124_968) }],
    });
    const future = await pay(id, {
      seller: { ...part('1,249.68', 'CARBUY JO'), paidAt: '2026-12-16T11:00:00Z' },
      lender: part('8,750.32', 'AGR 5512'),
    });
    expect(future.json()).toMatchObject({ issues: [{ path: 'seller.paidAt', message: m.paidAtFuture }] });
    const stale = await pay(id, {
      seller: { ...part('1,249.68', 'CARBUY JO'), paidAt: '2026-12-14T10:00:00Z' },
      lender: part('8,750.32', 'AGR 5512'),
    });
    expect(stale.json()).toMatchObject({ issues: [{ path: 'seller.paidAt', message: m.paidAtBeforeCollection }] });
    const badReference = await pay(id, { seller: part('1,249.68', 'CARBUY <JO>'), lender: part('8,750.32', 'AGR') });
    expect(badReference.json()).toMatchObject({
      issues: [{ path: 'seller.reference', message: m.referenceCharacters }],
    });

    const payment = { seller: part('1,249.68', 'CARBUY JO'), lender: part('8,750.32', 'AGR 5512') };
    const paid = await pay(id, payment);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<HandoverView>()).toMatchObject({
      stage: 'completed',
      payments: [
        { payee: 'lender', amountPence: 875_032, reference: 'AGR 5512', paidAt: '2026-12-16T10:42:00.000Z' },
        { payee: 'seller', amountPence: 124_968, reference: 'CARBUY JO', paidAt: '2026-12-16T10:42:00.000Z' },
      ],
      receiptPath: `/api/admin/valuations/${id}/receipt`,
    });
    expect((await pay(id, payment)).statusCode).toBe(200); // a double tap
    const different = await pay(id, { ...payment, seller: part('1,249.68', 'OTHER') });
    expect(different.statusCode).toBe(409);
    expect(different.json()).toMatchObject({ message: m.alreadyPaid });

    // The receipt e-mail, with the PDF, through the outbox.
    const [receiptMail] = await db()
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.valuationId, id), eq(outboundMessages.templateName, 'purchase-receipt')));
    expect(receiptMail!.recipient).toBe('jo@example.com');
    expect(receiptMail!.textBody).toContain('£8,750.32 to Black Horse to settle the finance');
    expect(receiptMail!.textBody).toContain('£1,249.68 to you by Faster Payments');
    expect(receiptMail!.attachments).toHaveLength(1);
    const receiptKey = receiptMail!.attachments[0]!.storageKey;
    expect(await s!.fileKeys(receiptKey.split('/')[0]!)).toContain(receiptKey);
    const attached = await s!.files.read(receiptKey);
    const text = await pdfText(attached);
    for (const words of [
      'Purchase receipt',
      'Black Horse',
      '£10,000',
      '£8,750.32',
      '£1,249.68',
      'AGR 5512',
      'CARBUY JO',
    ]) {
      expect(text).toContain(words);
    }

    // Staff and the seller can download it; the seller's page says "Paid" and shows the voucher owed.
    const staffReceipt = await call('GET', `/api/admin/valuations/${id}/receipt`);
    expect(staffReceipt.statusCode).toBe(200);
    expect(staffReceipt.headers['content-type']).toBe('application/pdf');
    expect(staffReceipt.rawPayload.equals(attached)).toBe(true); // the same sale, the same bytes
    const sellerHeaders = { cookie: `seller=${secret}`, origin: ORIGIN };
    const sellerReceipt = await t!.app.inject({
      method: 'GET',
      url: '/api/your-valuation/receipt',
      headers: sellerHeaders,
    });
    expect(sellerReceipt.statusCode).toBe(200);
    expect(sellerReceipt.headers['cache-control']).toBe('no-store, private');
    const page = (
      await t!.app.inject({ method: 'GET', url: '/api/your-valuation', headers: sellerHeaders })
    ).json<SellerView>();
    expect(page).toMatchObject({
      stage: 'completed',
      payment: {
        sellerPence: 124_968,
        lenderPence: 875_032,
        lender: 'Black Horse',
        receiptPath: '/api/your-valuation/receipt',
      },
      // Completed Wednesday 16 December: 14 working days skip Christmas Day, the Boxing Day holiday
      // (Monday 28th) and New Year's Day, so Friday 8 January rather than Tuesday 5 January.
      voucher: { status: 'owed', amountPounds: 100, brand: 'Love2Shop', dueDate: '2027-01-08', sentAt: null },
    });

    const events = await db()
      .select({ type: valuationEvents.type })
      .from(valuationEvents)
      .where(eq(valuationEvents.valuationId, id))
      .orderBy(asc(valuationEvents.id));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['handover_recorded', 'payment_recorded', 'voucher_owed', 'status_changed']),
    );
  });

  it('with no finance the seller is paid the price, and a lender payment is refused', async () => {
    await setup();
    const { id } = await bookedSale({ pricePence: 650_000 });
    await onTheDay();
    expect((await handover(id, asDeclared)).statusCode).toBe(200);
    const part = { amount: '6500', reference: 'CARBUY 1', paidAt };
    const withLender = await pay(id, { seller: part, lender: part });
    expect(withLender.json()).toMatchObject({ issues: [{ path: 'lender', message: m.lenderPaymentNotOwed }] });
    const paid = await pay(id, { seller: part, lender: null });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<HandoverView>().split).toEqual({ pricePence: 650_000, sellerPence: 650_000, lenderPence: 0 });
  });

  it('with negative equity the lender takes the whole price and the seller is paid nothing', async () => {
    await setup();
    const { id } = await bookedSale({ pricePence: 500_000, settlementPence: 620_000 });
    await onTheDay();
    expect((await handover(id, asDeclared)).statusCode).toBe(200);
    const view = (await call('GET', `/api/admin/valuations/${id}/handover`)).json<HandoverView>();
    expect(view.split).toEqual({ pricePence: 500_000, sellerPence: 0, lenderPence: 500_000 });
    expect(view.warnings.join(' ')).toMatch(/the seller must pay the lender the £1,200 difference/);
    const paid = await pay(id, { seller: null, lender: { amount: '5,000', reference: 'AGR 77', paidAt } });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('a car not as declared is not bought: the request is lost, the slot freed and the seller told why', async () => {
    await setup();
    const { id } = await bookedSale({ pricePence: 650_000 });
    await onTheDay();
    const noNotes = await handover(id, { condition: 'not_as_declared', notes: '  ' });
    expect(noNotes.json()).toMatchObject({ issues: [{ path: 'notes', message: m.notAsDeclaredNeedsNotes }] });
    const refused = await handover(id, {
      condition: 'not_as_declared',
      notes: 'Gearbox slips in third; not declared.',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<HandoverView>()).toMatchObject({ stage: 'lost', handover: { condition: 'not_as_declared' } });
    const [valuation] = await db().select().from(carValuations).where(eq(carValuations.id, id));
    expect(valuation).toMatchObject({ status: 'lost', lostReason: 'not_buying' });
    const [booking] = await db().select().from(collectionBookings).where(eq(collectionBookings.valuationId, id));
    expect(booking).toMatchObject({ status: 'cancelled' });
    const [mail] = await db()
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.valuationId, id), eq(outboundMessages.templateName, 'car-not-bought')));
    expect(mail!.textBody).toContain('Gearbox slips in third; not declared.');
    // And it cannot then be handed over as declared.
    expect((await handover(id, asDeclared)).json()).toMatchObject({ message: m.alreadyCollected });
  });

  it('the stage control no longer jumps to collected or completed: the handover screen records them', async () => {
    await setup();
    const { id } = await bookedSale({ pricePence: 650_000 });
    const response = await t!.app.inject({
      method: 'PATCH',
      url: `/api/valuations/${id}/status`,
      headers: staff(),
      payload: { status: 'collected' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: stageChoiceMessages.collected });
  });

  it('one voucher per customer, none for a seller who is not the keeper, none outside the promotion', async () => {
    await setup();
    const first = await bookedSale({ pricePence: 400_000, email: 'Sam@Example.com' });
    const second = await bookedSale({ pricePence: 300_000, email: 'sam@example.com' });
    const notKeeper = await bookedSale({ pricePence: 300_000, email: 'kim@example.com' });
    await onTheDay();
    const complete = async (id: string, sellerIsKeeper: boolean, amount: string) => {
      expect((await handover(id, { ...asDeclared, sellerIsKeeper })).statusCode).toBe(200);
      const paid = await pay(id, { seller: { amount, reference: 'CARBUY', paidAt }, lender: null });
      expect(paid.statusCode, paid.body).toBe(200);
    };
    await complete(first.id, true, '4000');
    await complete(second.id, true, '3000');
    await complete(notKeeper.id, false, '3000');
    const vouchers = await db().select().from(launchVouchers);
    expect(vouchers.map((v) => v.valuationId)).toEqual([first.id]);
    const reasons = await db()
      .select({ valuationId: valuationEvents.valuationId, data: valuationEvents.data })
      .from(valuationEvents)
      .where(eq(valuationEvents.type, 'voucher_not_owed'));
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ valuationId: second.id, data: expect.objectContaining({ reason: 'alreadyOwed' }) }),
        expect.objectContaining({ valuationId: notKeeper.id, data: expect.objectContaining({ reason: 'notKeeper' }) }),
      ]),
    );
  });

  it('no voucher for a sale completed after the promotion ended', async () => {
    await setup({ ...PROMOTION, PROMOTION_START_DATE: '2026-11-01', PROMOTION_END_DATE: '2026-12-15' });
    const { id } = await bookedSale({ pricePence: 400_000 });
    await onTheDay();
    expect((await handover(id, asDeclared)).statusCode).toBe(200);
    expect((await pay(id, { seller: { amount: '4000', reference: 'CARBUY', paidAt }, lender: null })).statusCode).toBe(
      200,
    );
    expect(await db().select().from(launchVouchers)).toEqual([]);
  });

  it('staff list vouchers owed (overdue marked) and mark one sent: the seller is e-mailed its code', async () => {
    await setup();
    const { id, secret } = await bookedSale({ pricePence: 400_000 });
    await onTheDay();
    expect((await handover(id, asDeclared)).statusCode).toBe(200);
    expect((await pay(id, { seller: { amount: '4000', reference: 'CARBUY', paidAt }, lender: null })).statusCode).toBe(
      200,
    );

    const owed = (await call('GET', '/api/admin/vouchers')).json<VoucherList>();
    expect(owed).toMatchObject({ total: 1, counts: { owed: 1, overdue: 0, sent: 0 } });
    expect(owed.items[0]).toMatchObject({ valuationId: id, status: 'owed', dueDate: '2027-01-08', overdue: false });
    // Past its due date, it is overdue.
    clock.advance(days(24));
    await signInAgain();
    const late = (await call('GET', '/api/admin/vouchers?status=owed')).json<VoucherList>();
    expect(late).toMatchObject({ counts: { overdue: 1 }, items: [{ overdue: true }] });

    const voucherId = owed.items[0]!.id;
    const empty = await call('POST', `/api/admin/vouchers/${voucherId}/sent`, { code: ' ' });
    expect(empty.json()).toMatchObject({ issues: [{ path: 'code', message: voucherMessages.codeRequired }] });
    const sent = await call('POST', `/api/admin/vouchers/${voucherId}/sent`, { code: 'L2S-4471-9920' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<VoucherListItem>()).toMatchObject({ status: 'sent', code: 'L2S-4471-9920', overdue: false });
    expect((await call('POST', `/api/admin/vouchers/${voucherId}/sent`, { code: 'L2S-4471-9920' })).statusCode).toBe(
      200,
    );
    const other = await call('POST', `/api/admin/vouchers/${voucherId}/sent`, { code: 'OTHER' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ message: voucherMessages.alreadySent });

    const mails = await db()
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.valuationId, id), eq(outboundMessages.templateName, 'voucher-sent')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Your voucher code: L2S-4471-9920');
    const list = (await call('GET', '/api/admin/vouchers?status=sent')).json<VoucherList>();
    expect(list).toMatchObject({ total: 1, counts: { owed: 0, sent: 1 }, items: [{ code: 'L2S-4471-9920' }] });
    const page = await t!.app.inject({
      method: 'GET',
      url: '/api/your-valuation',
      headers: { cookie: `seller=${secret}`, origin: ORIGIN },
    });
    // The page says it was sent, never the code itself (that goes by e-mail only).
    expect(page.json<SellerView>().voucher).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    expect(page.body).not.toContain('L2S-4471-9920');
  });

  it('the seller has no receipt before payment, and staff none for an unpaid sale', async () => {
    await setup();
    const { id, secret } = await bookedSale({ pricePence: 400_000 });
    clock.advance(hours(1));
    const seller = await t!.app.inject({
      method: 'GET',
      url: '/api/your-valuation/receipt',
      headers: { cookie: `seller=${secret}` },
    });
    expect(seller.statusCode).toBe(404);
    expect((await call('GET', `/api/admin/valuations/${id}/receipt`)).statusCode).toBe(404);
    clock.advance(minutes(1));
  });
});
