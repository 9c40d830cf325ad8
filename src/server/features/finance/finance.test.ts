import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, collectionBookings, valuationEvents, valuationOffers } from '~/server/db/schema';
import { financeMessages as m, type FinanceSettlement } from '~/shared/finance-settlement';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, days, minutes, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { offerConditions, validValuation } from '../../../../test/helpers/valuation';

/**
 * The finance settlement (issue 36): staff confirm the lender, the figure and the letter's last day
 * for a seller who declared finance; the answer gives the equity against the offer that stands and
 * warns of negative equity and of a letter that runs out before the booked collection.
 */

const ORIGIN = 'http://localhost';
const conditions = offerConditions();

describe.each(testEngines)('finance settlement on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let valuationId: string;
  let staffCookie: string;
  let staffName: string;
  let clock = testClock();

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const db = () => t!.db.database.db;

  async function setup(overrides: Record<string, unknown> = { outstandingFinance: 'yes' }) {
    clock = testClock(); // Monday 2 March 2026, 09:00
    t = await createTestApp(engine, { deps: { passwordHasher: hasher, clock } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: { ...validValuation(), ...overrides },
    });
    expect(response.statusCode, response.body).toBe(201);
    valuationId = response.json<{ id: string }>().id;
    const staff = await seedUser(db(), hasher, { isAdmin: true });
    staffName = staff.username;
    staffCookie = await signedInCookie(t.app, staff);
  }

  const url = () => `/api/admin/valuations/${valuationId}/finance`;
  const get = () => {
    clock.advance(minutes(1));
    return t!.app.inject({ method: 'GET', url: url(), headers: { cookie: staffCookie } });
  };
  const put = (payload: unknown) => {
    clock.advance(minutes(1));
    return t!.app.inject({
      method: 'PUT',
      url: url(),
      payload: payload as object,
      headers: { cookie: staffCookie, origin: ORIGIN },
    });
  };
  const acceptOffer = async (amountPence: number) => {
    await db()
      .insert(valuationOffers)
      .values({
        valuationId,
        amountPence,
        sendMethod: 'email',
        validUntil: new Date(clock().getTime() + days(7)),
        conditions,
        status: 'accepted',
        closedAt: clock(),
      });
    await db().update(carValuations).set({ status: 'offer_accepted' }).where(eq(carValuations.id, valuationId));
  };
  const finance = async () => {
    const response = await get();
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FinanceSettlement>();
  };

  it('confirms the settlement from the letter: the timeline, who confirmed it, and a positive equity', async () => {
    await setup();
    // What the seller said they owe (the wizard's amount, stored as pence).
    await db().update(carValuations).set({ financeAmountPence: 900_000 }).where(eq(carValuations.id, valuationId));
    const before = await finance();
    expect(before).toEqual({
      declared: 'yes',
      declaredAmountPence: 900_000,
      lender: null,
      settlementPence: null,
      validUntil: null,
      confirmedAt: null,
      confirmedBy: null,
      offerPence: null,
      equityPence: null,
      collection: null,
      warnings: [],
    });

    await acceptOffer(1_000_000);
    const confirmed = await put({ lender: '  Black Horse  ', settlement: '8,750.32', validUntil: '2026-03-20' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('no-store, private');
    expect(confirmed.json<FinanceSettlement>()).toMatchObject({
      lender: 'Black Horse',
      settlementPence: 875_032,
      validUntil: '2026-03-20',
      confirmedAt: expect.any(String),
      confirmedBy: staffName,
      offerPence: 1_000_000,
      equityPence: 124_968,
      warnings: [],
    });

    // The same figures again (a double click) write one timeline line; a new letter writes another.
    expect((await put({ lender: 'Black Horse', settlement: 8750.32, validUntil: '2026-03-20' })).statusCode).toBe(200);
    expect((await put({ lender: 'Black Horse', settlement: '£8700', validUntil: '2026-03-27' })).statusCode).toBe(200);
    const events = await db()
      .select({ data: valuationEvents.data, actorUserId: valuationEvents.actorUserId })
      .from(valuationEvents)
      .where(and(eq(valuationEvents.valuationId, valuationId), eq(valuationEvents.type, 'finance_confirmed')));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      data: { lender: 'Black Horse', settlementPence: 875_032, validUntil: '2026-03-20' },
      actorUserId: expect.any(Number),
    });
    expect((await finance()).equityPence).toBe(130_000);
  });

  it('uses the open offer before one is accepted, and warns when the settlement is more than the offer', async () => {
    await setup();
    await db()
      .insert(valuationOffers)
      .values({
        valuationId,
        amountPence: 800_000,
        sendMethod: 'email',
        validUntil: new Date(clock().getTime() + days(7)),
        conditions,
      });
    const answer = await put({ lender: 'Close Brothers', settlement: '9250', validUntil: '2026-03-31' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<FinanceSettlement>();
    expect(body).toMatchObject({ offerPence: 800_000, settlementPence: 925_000, equityPence: -125_000 });
    expect(body.warnings).toEqual([
      {
        kind: 'negative_equity',
        message:
          'The settlement (£9,250) is more than our offer (£8,000): the seller must pay the lender the £1,250 ' +
          'difference before collection, or on the day by bank transfer, so the finance can be cleared.',
      },
    ]);

    // Past its end, the open offer no longer stands: no offer, no equity.
    await db()
      .update(valuationOffers)
      .set({ validUntil: new Date(clock().getTime() - minutes(1)) })
      .where(eq(valuationOffers.valuationId, valuationId));
    expect(await finance()).toMatchObject({ offerPence: null, equityPence: null, warnings: [] });
  });

  it('warns when the letter runs out before the booked collection, and once it has run out', async () => {
    await setup();
    await acceptOffer(1_000_000);
    await db()
      .insert(collectionBookings)
      .values({ valuationId, date: '2026-03-12', slot: 'morning', status: 'booked', bookedBy: 'staff' });
    await db().update(carValuations).set({ status: 'collection_booked' }).where(eq(carValuations.id, valuationId));

    const answer = (
      await put({ lender: 'Black Horse', settlement: '5000', validUntil: '2026-03-10' })
    ).json<FinanceSettlement>();
    expect(answer.collection).toEqual({ date: '2026-03-12', slot: 'morning' });
    expect(answer.warnings).toEqual([
      {
        kind: 'letter_expires_before_collection',
        message:
          'The settlement letter is valid until Tue 10 Mar, before the collection on Thu 12 Mar: ask the seller ' +
          'for an updated letter.',
      },
    ]);
    // A letter to the day of the collection is enough.
    expect((await put({ lender: 'Black Horse', settlement: '5000', validUntil: '2026-03-12' })).json()).toMatchObject({
      warnings: [],
    });
    // A letter that ran out yesterday (Sunday 1 March): expired, whatever the collection.
    await db()
      .update(carValuations)
      .set({ settlementValidUntil: '2026-03-01' })
      .where(eq(carValuations.id, valuationId));
    expect((await finance()).warnings).toEqual([
      {
        kind: 'letter_expired',
        message:
          'The settlement letter was valid until Sun 1 Mar and has expired: ask the seller for an updated letter.',
      },
    ]);
  });

  it('refuses a seller who declared no finance, a closed request, a bad body and anyone signed out', async () => {
    await setup({ outstandingFinance: 'no' });
    expect(await finance()).toMatchObject({ declared: 'no', declaredAmountPence: null });
    const valid = { lender: 'Black Horse', settlement: '5000', validUntil: '2026-03-20' };
    const noFinance = await put(valid);
    expect(noFinance.statusCode).toBe(409);
    expect(noFinance.json()).toMatchObject({ message: m.noFinance });

    await db()
      .update(carValuations)
      .set({ outstandingFinance: 'yes', status: 'lost', lostReason: 'declined', closedAt: clock() })
      .where(eq(carValuations.id, valuationId));
    const closed = await put(valid);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: m.closed });

    const bad = await put({ lender: '  ', settlement: '12.345', validUntil: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    const issues = bad.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'lender', message: m.lenderRequired },
        { path: 'settlement', message: m.settlementInvalid },
        { path: 'validUntil', message: m.validUntilInvalid },
      ]),
    );
    for (const [payload, path, message] of [
      [{ ...valid, settlement: '' }, 'settlement', m.settlementRequired],
      [{ ...valid, settlement: '-5' }, 'settlement', m.settlementInvalid],
      [{ ...valid, settlement: '1000001' }, 'settlement', m.settlementTooHigh],
      [{ ...valid, lender: 'x'.repeat(101) }, 'lender', m.lenderTooLong],
      [{ ...valid, validUntil: '20/03/2026' }, 'validUntil', m.validUntilInvalid],
    ] as const) {
      const refused = await put(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ issues: [{ path, message }] });
    }

    const anonymous = await t!.app.inject({ method: 'GET', url: url() });
    expect(anonymous.statusCode).toBe(401);
    const anonymousPut = await t!.app.inject({
      method: 'PUT',
      url: url(),
      payload: valid,
      headers: { origin: ORIGIN },
    });
    expect(anonymousPut.statusCode).toBe(401);
    const unknown = await t!.app.inject({
      method: 'GET',
      url: '/api/admin/valuations/8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e/finance',
      headers: { cookie: staffCookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
