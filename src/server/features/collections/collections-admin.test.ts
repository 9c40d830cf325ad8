import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  carValuations,
  collectionDays,
  collectionSettings,
  valuationDocuments,
  valuationOffers,
} from '~/server/db/schema';
import {
  bookedAboveMessage,
  collectionAdminMessages,
  collectionMessages as m,
  type AdminCollectionDay,
  type AdminCollections,
} from '~/shared/collection-schemas';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { offerConditions, validValuation } from '../../../../test/helpers/valuation';
import { documentsState, financeState } from './collections-admin';

/**
 * Staff's Collections screen (issue 36): the coming days with each slot's capacity and bookings
 * (the car, the seller, the band, where documents and finance stand, the accepted offer), the
 * usual capacity and a day's own (never below what is booked), and the driver's day sheet.
 */

const ORIGIN = 'http://localhost';
/** Thursday 28 October 2027, 10:00 UK time. */
const NOW = new Date('2027-10-28T09:00:00Z');
const MONDAY = '2027-11-01';

describe.each(testEngines)('the Collections screen on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let cookie: string;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const db = () => t!.db.database.db;
  const headers = () => ({ cookie, origin: ORIGIN });

  async function setup() {
    t = await createTestApp(engine, { deps: { passwordHasher: hasher, clock: testClock(NOW) } });
    cookie = await signedInCookie(t.app, await seedUser(db(), hasher, { isAdmin: true }));
  }

  /** A request whose offer of `offerPence` was accepted, booked by staff for `date`'s `slot`. */
  async function booked(
    seller: { firstName: string; email: string; registration: string },
    offerPence: number,
    date: string,
    slot: 'morning' | 'afternoon',
  ) {
    const response = await t!.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: { ...validValuation(), ...seller },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    await db().update(carValuations).set({ status: 'offer_accepted' }).where(eq(carValuations.id, id));
    await db()
      .insert(valuationOffers)
      .values({
        valuationId: id,
        amountPence: offerPence,
        sendMethod: 'email',
        validUntil: new Date('2027-11-30T23:59:59Z'),
        conditions: offerConditions('no'),
        status: 'accepted',
        closedAt: NOW,
      });
    const booking = await t!.app.inject({
      method: 'PUT',
      url: `/api/admin/valuations/${id}/collection`,
      payload: { date, slot },
      headers: headers(),
    });
    expect(booking.statusCode, booking.body).toBe(200);
    return id;
  }

  const list = async (query = '') => {
    const response = await t!.app.inject({ url: `/api/admin/collections${query}`, headers: headers() });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminCollections>();
  };

  it('lists each calendar day with its slots, bookings and where documents and finance stand', async () => {
    await setup();
    const jo = await booked(
      { firstName: 'Jo', email: 'jo@example.com', registration: 'AB12CDE' },
      425_000,
      MONDAY,
      'morning',
    );
    const sam = await booked(
      { firstName: 'Sam', email: 'sam@example.com', registration: 'CD34EFG' },
      300_000,
      MONDAY,
      'afternoon',
    );
    const kim = await booked(
      { firstName: 'Kim', email: 'kim@example.com', registration: 'EF56GHJ' },
      500_000,
      '2027-11-02',
      'morning',
    );
    await db().update(carValuations).set({ documentsCompletedAt: NOW, keysCount: 2 }).where(eq(carValuations.id, jo));
    // Sam: finance confirmed at more than our offer, and a document waiting for a check.
    await db()
      .update(carValuations)
      .set({
        outstandingFinance: 'yes',
        financeLender: 'Black Horse',
        settlementPence: 320_000,
        settlementValidUntil: '2027-11-15',
        financeConfirmedAt: NOW,
      })
      .where(eq(carValuations.id, sam));
    await db().insert(valuationDocuments).values({
      valuationId: sam,
      kind: 'v5c',
      fileKey: 'a',
      previewKey: 'b',
      mediaType: 'image/jpeg',
      sizeBytes: 100,
      pages: 1,
      uploadedAt: NOW,
    });
    // Kim: finance declared, not yet confirmed.
    await db().update(carValuations).set({ outstandingFinance: 'yes' }).where(eq(carValuations.id, kim));

    const answer = await list();
    expect(answer).toMatchObject({
      today: '2027-10-28',
      from: '2027-10-28',
      to: '2027-11-10',
      usual: { morning: 2, afternoon: 2 },
    });
    expect(answer.days).toHaveLength(14);
    const saturday = answer.days.find((d) => d.date === '2027-10-30')!;
    expect(saturday).toMatchObject({ weekend: true, bankHoliday: null, changed: false });
    expect(saturday.slots.map((s) => s.capacity)).toEqual([0, 0]);

    const monday = answer.days.find((d) => d.date === MONDAY)!;
    expect(monday.slots.map((s) => [s.slot, s.capacity, s.booked, s.free])).toEqual([
      ['morning', 2, 1, 1],
      ['afternoon', 2, 1, 1],
    ]);
    expect(monday.slots[0]!.bookings).toEqual([
      expect.objectContaining({
        valuationId: jo,
        registration: 'AB12CDE',
        make: 'FORD',
        model: 'Focus',
        sellerName: 'Jo Seller',
        postcode: 'LN11 0LQ',
        phone: '07911 123456',
        band: 'Local',
        documents: 'complete',
        keysCount: 2,
        finance: 'none',
        offerPence: 425_000,
        bookedBy: 'staff',
      }),
    ]);
    expect(monday.slots[1]!.bookings[0]).toMatchObject({
      valuationId: sam,
      documents: 'to_check',
      finance: 'negative_equity',
      financeLender: 'Black Horse',
      settlementPence: 320_000,
    });
    const tuesday = answer.days.find((d) => d.date === '2027-11-02')!;
    expect(tuesday.slots[0]!.bookings[0]).toMatchObject({
      valuationId: kim,
      documents: 'waiting',
      finance: 'declared',
    });

    // Another window: Christmas, with its bank holidays named; at most 60 days.
    const christmas = await list('?from=2027-12-24&days=5');
    expect(christmas.days.map((d) => [d.date, d.bankHoliday])).toEqual([
      ['2027-12-24', null],
      ['2027-12-25', 'Christmas Day'],
      ['2027-12-26', 'Boxing Day'],
      ['2027-12-27', expect.stringContaining('Christmas Day')],
      ['2027-12-28', expect.stringContaining('Boxing Day')],
    ]);
    expect(christmas.days[3]!.slots.map((s) => s.capacity)).toEqual([0, 0]);
    const tooMany = await t!.app.inject({ url: '/api/admin/collections?days=61', headers: headers() });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: collectionAdminMessages.windowDays });
  });

  it('saves the usual capacity and a day’s own, never below what is booked, and puts a day back', async () => {
    await setup();
    await booked({ firstName: 'Jo', email: 'jo@example.com', registration: 'AB12CDE' }, 425_000, MONDAY, 'morning');

    const settings = await t!.app.inject({
      method: 'PUT',
      url: '/api/admin/collections/settings',
      payload: { morning: 3, afternoon: 1 },
      headers: headers(),
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({ morning: 3, afternoon: 1 });
    const [row] = await db().select().from(collectionSettings);
    expect(row).toMatchObject({ id: 1, morningCapacity: 3, afternoonCapacity: 1 });
    expect(row!.updatedByUserId).not.toBeNull();
    expect((await list()).usual).toEqual({ morning: 3, afternoon: 1 });

    const changeDay = (date: string, payload: object) =>
      t!.app.inject({ method: 'PUT', url: `/api/admin/collections/days/${date}`, payload, headers: headers() });
    const refused = await changeDay(MONDAY, { morning: 0, afternoon: 0, note: 'Van in for service' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: bookedAboveMessage(1, 'morning') });
    expect(bookedAboveMessage(3, 'morning')).toBe('3 collections are booked that morning: move them first.');
    expect(await db().select().from(collectionDays)).toEqual([]);

    const closed = await changeDay('2027-11-03', { morning: 0, afternoon: 0, note: 'Van in for service' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<AdminCollectionDay>()).toMatchObject({
      date: '2027-11-03',
      changed: true,
      note: 'Van in for service',
      slots: [
        { slot: 'morning', capacity: 0, booked: 0, free: 0, bookings: [] },
        { slot: 'afternoon', capacity: 0, booked: 0, free: 0, bookings: [] },
      ],
    });
    // Down to exactly what is booked is fine.
    const exact = await changeDay(MONDAY, { morning: 1, afternoon: 4 });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json<AdminCollectionDay>().slots.map((s) => [s.capacity, s.booked])).toEqual([
      [1, 1],
      [4, 0],
    ]);

    const back = await t!.app.inject({
      method: 'DELETE',
      url: '/api/admin/collections/days/2027-11-03',
      headers: headers(),
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<AdminCollectionDay>()).toMatchObject({ changed: false, note: '' });
    expect(back.json<AdminCollectionDay>().slots.map((s) => s.capacity)).toEqual([3, 1]);

    const past = await changeDay('2027-10-27', { morning: 1, afternoon: 1 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: m.pastDate });
    const badDate = await changeDay('2027-02-30', { morning: 1, afternoon: 1 });
    expect(badDate.statusCode).toBe(400);
  });

  it('prints the driver’s day sheet as a PDF', async () => {
    await setup();
    await booked({ firstName: 'Jo', email: 'jo@example.com', registration: 'AB12CDE' }, 425_000, MONDAY, 'morning');
    const response = await t!.app.inject({ url: `/api/admin/collections/days/${MONDAY}/sheet`, headers: headers() });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(`inline; filename="collections-${MONDAY}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-day-sheet-'));
    try {
      const file = path.join(folder, 'sheet.pdf');
      fs.writeFileSync(file, response.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text.replace(/\s/g, '')).toContain('AB12CDE');
      expect(text).toContain('Jo Seller');
      expect(text).toContain('Monday 1 November 2027');
      expect(text).toContain('£4,250');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is for admins only', async () => {
    await setup();
    const calls = [
      { method: 'GET', url: '/api/admin/collections' },
      { method: 'PUT', url: '/api/admin/collections/settings', payload: { morning: 1, afternoon: 1 } },
      { method: 'PUT', url: `/api/admin/collections/days/${MONDAY}`, payload: { morning: 1, afternoon: 1 } },
      { method: 'DELETE', url: `/api/admin/collections/days/${MONDAY}` },
      { method: 'GET', url: `/api/admin/collections/days/${MONDAY}/sheet` },
    ] as const;
    const staff = await signedInCookie(t!.app, await seedUser(db(), hasher, { isAdmin: false }));
    for (const call of calls) {
      const anonymous = await t!.app.inject({ ...call, headers: { origin: ORIGIN } });
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      const notAdmin = await t!.app.inject({ ...call, headers: { cookie: staff, origin: ORIGIN } });
      expect(notAdmin.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });
});

describe('documents and finance states', () => {
  const valuation = { status: 'offer_accepted' as const, documentsRequestedAt: null, documentsCompletedAt: null };
  it('says where the documents stand', () => {
    expect(documentsState({ ...valuation, documentsCompletedAt: NOW }, 1)).toBe('complete');
    expect(documentsState(valuation, 1)).toBe('to_check');
    expect(documentsState(valuation, 0)).toBe('waiting');
    expect(documentsState({ ...valuation, status: 'contacted' }, 0)).toBe('not_asked');
  });

  it('says where the finance stands on the day', () => {
    const confirmed = {
      outstandingFinance: 'yes',
      financeConfirmedAt: NOW,
      settlementPence: 200_000,
      settlementValidUntil: '2027-11-05',
    };
    expect(financeState({ ...confirmed, outstandingFinance: 'no' }, 300_000, MONDAY)).toBe('none');
    expect(financeState({ ...confirmed, financeConfirmedAt: null }, 300_000, MONDAY)).toBe('declared');
    expect(financeState(confirmed, 300_000, MONDAY)).toBe('confirmed');
    expect(financeState(confirmed, 150_000, MONDAY)).toBe('negative_equity');
    expect(financeState(confirmed, 300_000, '2027-11-08')).toBe('letter_expires');
  });
});
