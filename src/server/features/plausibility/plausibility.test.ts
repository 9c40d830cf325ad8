import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { carValuations, vehicleLookups, type NewCarValuation } from '~/server/db/schema';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { adminValuationMessages, type ValuationListResponse } from '~/shared/admin-valuations';
import type { PlausibilityFlag, ValuationFlags } from '~/shared/plausibility';
import type { ValuationCreated } from '~/shared/valuation';
import { dvlaAppEnv, startFakeDvla, type FakeDvla } from '../../../../test/fakes/dvla/fake-dvla';
import { dvsaAppEnv, startFakeDvsa, type FakeDvsa } from '../../../../test/fakes/dvsa/fake-dvsa';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { referenceFor, validValuation } from '../../../../test/helpers/valuation';
import { newValuationReference } from '../valuations';
import { plausibilityFlagsById, plausibilityRelatedQuery } from '.';

/**
 * The plausibility checks against a database (issue 37): the other requests each check finds (the
 * same registration earlier, in any stage; the same phone or e-mail on other open requests, never
 * closed or archived ones), a list's page in one statement, the flags in the list and on the
 * request's page, and the last MOT reading kept from the seller's lookup and stored on submit.
 */

const NOW = new Date('2026-03-02T10:00:00Z');

let minute = 0;
function aValuation(overrides: Partial<NewCarValuation> = {}): NewCarValuation {
  minute += 1;
  return {
    reference: newValuationReference(),
    registration: `AB${String(minute).padStart(2, '0')}CDE`,
    mileage: 42_000,
    firstName: 'Jane',
    lastName: 'Smith',
    postcode: 'LN11 0LQ',
    email: `jane${minute}@example.co.uk`,
    phone: '07911 123456',
    phoneE164: `+447911${String(100_000 + minute)}`,
    contactPreference: ['call'],
    agreeToContact: true,
    outstandingFinance: 'no',
    createdAt: new Date(Date.UTC(2026, 2, 1, 9, minute)),
    ...overrides,
  };
}

const withoutLinks = (flags: readonly PlausibilityFlag[]) => flags.map(({ links: _links, ...flag }) => flag);
const kindsOf = (flags: readonly PlausibilityFlag[] | undefined) => (flags ?? []).map((f) => f.kind);
const linksOf = (flags: readonly PlausibilityFlag[] | undefined, kind: PlausibilityFlag['kind']) =>
  (flags ?? []).find((f) => f.kind === kind)?.links?.map((l) => l.reference) ?? [];

describe.each(testEngines)('plausibility checks on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let cookie: string;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup() {
    minute = 0;
    t = await createTestApp(engine, { deps: { passwordHasher: hasher, clock: testClock(NOW) } });
    cookie = await signedInCookie(t.app, await seedUser(db(), hasher));
  }
  const db = () => t!.db.database.db;
  const insert = (...rows: Partial<NewCarValuation>[]) =>
    db()
      .insert(carValuations)
      .values(rows.map((row) => aValuation(row)))
      .returning();
  /** Each request's flags with their links, as its page and a list row's popover read them. */
  const flagsOf = async (rows: readonly { id: string }[]) =>
    new Map(await Promise.all(rows.map(async ({ id }) => [id, await plausibilityFlagsById(db(), id, NOW)] as const)));
  const get = async <T>(url: string): Promise<T> => {
    const response = await t!.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('link earlier requests for the registration in any stage, archived or not, never later ones', async () => {
    await setup();
    const [first, second, closed, latest, other] = await insert(
      { registration: 'KX19QAB', status: 'completed' },
      { registration: 'KX19QAB', status: 'lost', lostReason: 'declined', isArchived: true },
      { registration: 'KX19QAB', status: 'contacted' },
      { registration: 'KX19QAB' },
      { registration: 'KX19QAC' },
    );
    const flags = await flagsOf([first!, latest!, other!]);
    expect(kindsOf(flags.get(first!.id))).toEqual([]);
    expect(kindsOf(flags.get(other!.id))).toEqual([]);
    // Read as the index gives them; the flag shows them newest first.
    expect(linksOf(flags.get(latest!.id), 'registration_seen_before')).toEqual([
      closed!.reference,
      second!.reference,
      first!.reference,
    ]);
    expect(flags.get(latest!.id)?.[0]).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('3 earlier requests'),
    });
  });

  it('link other open requests with the same phone or e-mail (any case); closed, archived and self do not count', async () => {
    await setup();
    const phone = '+447911123000';
    const [me, open, byEmail, completed, , , stranger] = await insert(
      { phoneE164: phone, email: 'Sam.Seller@Example.com' },
      { phoneE164: phone, status: 'offer_made' },
      { email: 'sam.seller@example.com', phoneE164: null },
      { phoneE164: phone, status: 'completed' },
      { phoneE164: phone, status: 'lost', lostReason: 'sold_elsewhere' },
      { phoneE164: phone, isArchived: true },
      {},
    );
    const flags = await flagsOf([me!, completed!, stranger!]);
    expect(linksOf(flags.get(me!.id), 'contact_on_open_requests')).toEqual([byEmail!.reference, open!.reference]);
    expect(flags.get(me!.id)?.[0]?.message).toMatch(/^The same phone number or e-mail address is on 2 other open/);
    // A closed request still sees the open ones that share its number; nobody sees it.
    expect(linksOf(flags.get(completed!.id), 'contact_on_open_requests')).toEqual([open!.reference, me!.reference]);
    expect(kindsOf(flags.get(stranger!.id))).toEqual([]);
    // A number that could not be normalised (null) matches nothing.
    const [a, b] = await insert({ phoneE164: null }, { phoneE164: null });
    const unmatched = await flagsOf([a!, b!]);
    expect([...unmatched.values()].flat()).toEqual([]);
  });

  it('read a list’s page, its count and every row’s flags in one statement', async () => {
    await setup();
    const rows = await insert(...Array.from({ length: 20 }, () => ({ registration: 'KX19QAB' })));
    const statements: string[] = [];
    const logger = await (async () => {
      // Counted on the driver: every statement the call sends.
      const client = t!.db.database.client as { query: (...args: unknown[]) => Promise<unknown> };
      const query = client.query.bind(client);
      client.query = (...args: unknown[]) => {
        statements.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text));
        return query(...args);
      };
      return () => (client.query = query);
    })();
    const response = await t!.app.inject({ url: '/api/valuations/active?pageSize=20', headers: { cookie } });
    logger();
    expect(response.statusCode, response.body).toBe(200);
    // The session's look-up, then the page with its count, its owners and its flags.
    expect(statements).toHaveLength(2);
    const page = response.json<ValuationListResponse>();
    expect(page).toMatchObject({ total: 20, totalCapped: false });
    // The newest has more than five earlier ones; the oldest none.
    expect(page.items[0]!.id).toBe(rows[19]!.id);
    expect(page.items[0]!.flags?.[0]?.message).toContain('more than 5 earlier requests');
    expect(page.items[19]!.flags).toEqual([]);
  });

  it('probe the registration, phone and lower(email) indexes, never reading the table through', async () => {
    await setup();
    // Enough analysed rows that reading the table costs more than the indexes (900 cars, 700 phones).
    await db().execute(sql`
      insert into car_valuations (reference, registration, mileage, first_name, last_name, postcode, email, phone,
        phone_e164, agree_to_contact, created_at)
      select ${referenceFor(sql`n`)}, 'PL' || (n % 900), 1000, 'Jane', 'Smith', 'LN11 0LQ',
        'seller' || n || '@example.com', '07911 123456', '+44791' || (1000000 + n % 700), true,
        timestamptz '2024-01-01T00:00:00Z' + n * interval '1 hour'
      from generate_series(1, 20000) as n`);
    await db().execute(sql`vacuum analyze car_valuations`);
    const ids = (await db().select({ id: carValuations.id }).from(carValuations).limit(20)).map((r) => r.id);
    const plan = await db().execute<{ 'QUERY PLAN': string }>(sql`explain ${plausibilityRelatedQuery(db(), ids)}`);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('car_valuations_registration_created_at_id_archived_idx');
    expect(text).toContain('car_valuations_phone_e164_created_at_idx');
    expect(text).toContain('car_valuations_email_lower_idx');
    expect(text).not.toContain('Seq Scan');
  }, 60_000);

  it('put the flags in both lists and on the request’s page, with what could not be checked', async () => {
    await setup();
    const [earlier, flagged, archived] = await insert(
      { registration: 'KX19QAB', status: 'lost', lostReason: 'declined' },
      {
        registration: 'KX19QAB',
        mileage: 30_000,
        motLastOdometerMiles: 31_250,
        motLastTestOn: '2025-11-20',
        motExpiryDate: '2026-03-10',
        markedForExport: true,
        dateOfLastV5CIssued: '2026-02-20',
        outstandingFinance: 'yes',
      },
      { isArchived: true, archivedAt: NOW, markedForExport: true },
    );
    const active = await get<ValuationListResponse>('/api/valuations/active');
    const row = active.items.find((item) => item.id === flagged!.id);
    expect(kindsOf(row?.flags)).toEqual([
      'mileage_below_mot',
      'mot_due_soon',
      'marked_for_export',
      'v5c_recent',
      'finance_without_settlement',
      'registration_seen_before',
    ]);
    expect(active.items.find((item) => item.id === earlier!.id)?.flags).toEqual([]);
    const archive = await get<ValuationListResponse>('/api/valuations/archived');
    expect(kindsOf(archive.items[0]?.flags)).toEqual(['marked_for_export']);
    expect(archive.items[0]?.id).toBe(archived!.id);

    // The list words the flags without their links; the request's page and its flags' call link them.
    expect(row?.flags?.some((flag) => flag.links)).toBe(false);
    const detail = await get<ValuationDetail>(`/api/admin/valuations/${flagged!.id}`);
    expect(withoutLinks(detail.plausibility)).toEqual(row?.flags);
    expect(linksOf(detail.plausibility, 'registration_seen_before')).toEqual([earlier!.reference]);
    expect(await get<ValuationFlags>(`/api/admin/valuations/${flagged!.id}/flags`)).toEqual({
      flags: detail.plausibility,
    });
    const unknown = await t!.app.inject({
      method: 'GET',
      url: `/api/admin/valuations/${crypto.randomUUID()}/flags`,
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: adminValuationMessages.notFound });
    const malformed = await t!.app.inject({
      method: 'GET',
      url: '/api/admin/valuations/42/flags',
      headers: { cookie },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: adminValuationMessages.invalidId });
    expect(detail.plausibility[0]?.message).toContain(
      'Declared mileage (30,000) is lower than the last MOT reading (31,250 miles on 20 November 2025)',
    );
    expect(detail.plausibilityUnchecked).toEqual([]);
    const plain = await get<ValuationDetail>(`/api/admin/valuations/${earlier!.id}`);
    expect(plain.plausibility).toEqual([]);
    expect(plain.plausibilityUnchecked.map((u) => u.check)).toEqual(['mileage', 'mot', 'export', 'v5c']);
  });

  it('word a list row’s flags from counts as the request’s page words them from the requests', async () => {
    await setup();
    const phone = '+447911123000';
    const email = 'sam.seller@example.com';
    // Six earlier requests for one car, by the same seller: "more than 5", and no other seller.
    const sold = await insert(
      ...Array.from({ length: 6 }, () => ({ registration: 'KX19QAD', phoneE164: phone, status: 'completed' as const })),
    );
    // Open requests sharing the phone, the e-mail or both: each counted once, however it matches.
    const [both, byPhone, byEmail] = await insert(
      { phoneE164: phone, email },
      { phoneE164: phone },
      { phoneE164: null, email: email.toUpperCase() },
    );
    const [me] = await insert({ registration: 'KX19QAD', phoneE164: phone, email });
    const listed = await get<ValuationListResponse>('/api/valuations/active');
    for (const request of [me!, both!, byPhone!, byEmail!, sold[0]!]) {
      const detail = await get<ValuationDetail>(`/api/admin/valuations/${request.id}`);
      expect(listed.items.find((item) => item.id === request.id)?.flags).toEqual(withoutLinks(detail.plausibility));
    }
    const mine = listed.items.find((item) => item.id === me!.id)?.flags;
    expect(mine?.map((flag) => [flag.severity, flag.message.split('.')[0]])).toEqual([
      ['info', 'This car (KX19 QAD) was submitted before by the same seller, in more than 5 earlier requests'],
      ['info', 'The same phone number or e-mail address is on 3 other open requests'],
    ]);
    expect(listed.items.find((item) => item.id === byEmail!.id)?.flags?.[0]?.message).toMatch(
      /^The same e-mail address is on 2 other open requests/,
    );
  });
});

describe.each(testEngines)('the last MOT reading on %s', (engine) => {
  let dvla: FakeDvla;
  let dvsa: FakeDvsa;
  let t: TestApp | undefined;
  const clock = testClock(NOW);

  beforeAll(async () => {
    [dvla, dvsa] = await Promise.all([startFakeDvla({ now: clock }), startFakeDvsa({ now: clock })]);
  });
  afterAll(() => Promise.all([dvla.close(), dvsa.close()]));
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const submit = async (registration: string, mileage: number) => {
    const response = await t!.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: { ...validValuation(), registration, mileage },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<ValuationCreated>();
    const [row] = await t!.db.database.db.select().from(carValuations).where(eq(carValuations.id, id));
    return row!;
  };

  it('is kept from the seller’s lookup (never shown to them) and stored with the request', async () => {
    t = await createTestApp(engine, {
      env: { ...dvlaAppEnv(dvla), ...dvsaAppEnv(dvsa) },
      deps: { clock, vehicleData: { perMinute: 1000 } },
    });
    const lookup = await t.app.inject({ method: 'GET', url: '/api/vehicle/AA19AAA' });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.body).not.toContain('48210');
    const [cached] = await t.db.database.db.select().from(vehicleLookups);
    // The fake DVSA's newest test: 20 days before now, 48,210 miles.
    expect(cached?.data).toMatchObject({ lastMotReading: { miles: 48_210, testedOn: '2026-02-10' } });
    const again = await t.app.inject({ method: 'GET', url: '/api/vehicle/AA19AAA' });
    expect(again.json()).toEqual(lookup.json());

    const row = await submit('AA19AAA', 45_000);
    expect(row).toMatchObject({ motLastOdometerMiles: 48_210, motLastTestOn: '2026-02-10' });
    const requests = dvsa.requests;
    // Nothing kept for a car nobody looked up: null, and no provider call on submit.
    expect(await submit('AB12CDE', 45_000)).toMatchObject({ motLastOdometerMiles: null, motLastTestOn: null });
    expect(dvsa.requests).toBe(requests);
  });
});
