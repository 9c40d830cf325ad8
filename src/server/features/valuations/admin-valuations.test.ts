import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  carValuations,
  outboundMessages,
  priceRevisionPhotos,
  valuationDocuments,
  valuationEvents,
  valuationOffers,
  type NewCarValuation,
} from '~/server/db/schema';
import type { FileStore } from '~/server/storage/file-store';
import {
  adminValuationMessages as m,
  VALUATION_LIST_COUNT_CAP,
  valuationListStatusFilters,
  type ValuationListItem,
  type ValuationListResponse,
  type ValuationDeletionSummary,
  type ValuationStats,
} from '~/shared/admin-valuations';
import { authMessages } from '~/shared/auth-schemas';
import { paginationMessages } from '~/shared/schema-kit';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { referenceFor } from '../../../../test/helpers/valuation';
import { formatPhotoEntry, PHOTO_AREA } from './photos';
import { createDailyTallies } from './daily-tallies';
import { createValuationStats } from './stats';
import { newValuationReference } from './valuation-reference';
import { SEARCH_VOCABULARY_MAX } from './valuation-search';

/**
 * The back office's valuation calls as the dashboard and the archive use them (issue 11): both
 * lists with paging, search and the status filter, the stats around UK midnights and clock
 * changes, and archive, restore and permanent delete with their timeline and files.
 */

const ORIGIN = 'http://localhost';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A stored valuation, as submitted; each call one minute after the one before unless told, from
 * 09:01 on 1 March for each test (setup starts again), so they stay before the 10:00 some tests use.
 */
let minute = 0;
function aValuation(overrides: Partial<NewCarValuation> = {}): NewCarValuation {
  minute += 1;
  return {
    reference: newValuationReference(),
    registration: 'AB12CDE',
    mileage: 42_000,
    make: 'FORD',
    model: 'Focus',
    year: 2018,
    firstName: 'Jane',
    lastName: 'Smith',
    postcode: 'LN11 0LQ',
    email: 'jane@example.co.uk',
    phone: '07700 900123',
    contactPreference: ['call'],
    agreeToContact: true,
    overallCondition: 'good',
    scuffedWheels: 1,
    tyresNeedReplacing: 0,
    outstandingFinance: 'no',
    createdAt: new Date(Date.UTC(2026, 2, 1, 9, minute)),
    ...overrides,
  };
}

function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ message });
}

const stores = testStores();

describe.each(engineStoreCases())('admin valuations API on %s, %s storage', (engine, kind) => {
  const hasher = cheapHasher();
  /** A block that never stores a file runs once per engine, with the folder, not again with S3. */
  const storeFree = describe.skipIf(kind === 's3');
  let t: TestApp | undefined;
  let s: TestStores | undefined;
  let files: FileStore;
  let cookie: string;
  let adminId: number;

  afterEach(async () => {
    await t?.close();
    await s?.cleanup();
    t = undefined;
    s = undefined;
  });

  async function setup(now = new Date('2026-03-02T09:00:00Z')) {
    minute = 0;
    s = await stores.create(kind);
    files = s.files;
    t = await createTestApp(engine, {
      env: s.env,
      deps: { passwordHasher: hasher, clock: testClock(now), files, uploads: s.uploads },
    });
    const admin = await seedUser(db(), hasher);
    adminId = admin.id;
    cookie = await signedInCookie(t.app, admin);
  }

  const db = () => t!.db.database.db;
  const get = (url: string) => t!.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string) => t!.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN } });
  const del = (url: string) => t!.app.inject({ method: 'DELETE', url, headers: { cookie, origin: ORIGIN } });

  async function insert(...rows: Partial<NewCarValuation>[]) {
    if (rows.length === 0) rows.push({});
    return db()
      .insert(carValuations)
      .values(rows.map((row) => aValuation(row)))
      .returning();
  }

  async function list(url: string): Promise<ValuationListResponse> {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json();
  }
  const registrations = async (url: string) => (await list(url)).items.map((item) => item.registration);

  storeFree('the lists', () => {
    it('answer the active ones newest first with SPEC’s fields, and the archived ones apart', async () => {
      await setup();
      const [older, newer, archived] = await insert(
        { registration: 'OLD1' },
        {
          registration: 'NEW1',
          make: null,
          model: null,
          year: null,
          documentsCompletedAt: new Date('2026-03-01T15:30:00Z'),
        },
        { registration: 'ARC1', isArchived: true, archivedAt: new Date('2026-03-01T12:00:00Z') },
      );
      const active = await list('/api/valuations/active');
      expect(active).toMatchObject({ page: 1, pageSize: 20, total: 2, totalCapped: false, pageCount: 1 });
      expect(active.items.map((i) => i.id)).toEqual([newer!.id, older!.id]);
      expect(active.items[1]).toEqual<ValuationListItem>({
        id: older!.id,
        reference: older!.reference,
        registration: 'OLD1',
        make: 'FORD',
        model: 'Focus',
        year: 2018,
        mileage: 42_000,
        firstName: 'Jane',
        lastName: 'Smith',
        email: 'jane@example.co.uk',
        phone: '07700 900123',
        postcode: 'LN11 0LQ',
        overallCondition: 'good',
        scuffedWheels: 1,
        tyresNeedReplacing: 0,
        outstandingFinance: 'no',
        status: 'new',
        createdAt: older!.createdAt.toISOString(),
        archivedAt: null,
        documentsCompletedAt: null,
        owner: null,
        firstAnsweredAt: null,
        promiseDueAt: new Date(older!.createdAt.getTime() + 24 * 3_600_000).toISOString(),
        // Issue 37's plausibility checks: the newer request has the same e-mail and is open. The list
        // words the flag; which request it is comes with the flags' own call (or the request's page).
        flags: [
          {
            kind: 'contact_on_open_requests',
            severity: 'info',
            message: expect.stringMatching(/^The same e-mail address is on 1 other open request\./),
          },
        ],
      });
      expect(active.items[0]).toMatchObject({
        make: null,
        model: null,
        year: null,
        documentsCompletedAt: '2026-03-01T15:30:00.000Z',
      });
      const archive = await list('/api/valuations/archived');
      expect(archive.items.map((i) => [i.id, i.archivedAt])).toEqual([[archived!.id, '2026-03-01T12:00:00.000Z']]);
    });

    it('page through the list, equal times in a stable order', async () => {
      await setup();
      const sameTime = new Date('2026-03-01T10:00:00Z');
      await insert(
        { registration: 'A1' },
        { registration: 'B1' },
        { registration: 'C1', createdAt: sameTime },
        { registration: 'D1', createdAt: sameTime },
        { registration: 'E1', createdAt: sameTime },
      );
      const first = await list('/api/valuations/active?pageSize=2');
      expect(first).toMatchObject({ page: 1, pageSize: 2, total: 5, pageCount: 3 });
      const pages = [
        first.items,
        ...(await Promise.all(
          [2, 3, 4].map(async (p) => (await list(`/api/valuations/active?pageSize=2&page=${p}`)).items),
        )),
      ];
      const seen = pages.flat().map((i) => i.registration);
      expect(seen.slice(3)).toEqual(['B1', 'A1']);
      expect(new Set(seen.slice(0, 3))).toEqual(new Set(['C1', 'D1', 'E1']));
      expect(pages[3]).toEqual([]);
    });

    it('search by the beginnings of words: registration, make and model, the customer’s name, an address', async () => {
      await setup();
      await insert(
        {
          registration: 'AB12CDE',
          make: 'FORD',
          model: 'Focus',
          firstName: 'Jane',
          lastName: 'Smith',
          email: 'js@mail.example',
        },
        {
          registration: 'XY70ZZZ',
          make: 'VOLKSWAGEN',
          model: 'Golf',
          firstName: 'Ravi',
          lastName: 'Patel',
          email: 'rp@example.com',
        },
        {
          registration: 'KD19ABC',
          make: 'Ford',
          model: 'Fiesta',
          firstName: 'Tom',
          lastName: 'Jones_x',
          email: 'tj@example.com',
        },
      );
      const q = (term: string) => registrations(`/api/valuations/active?q=${encodeURIComponent(term)}`);
      expect(await q('ab12 cde')).toEqual(['AB12CDE']);
      expect(await q('xy70')).toEqual(['XY70ZZZ']);
      expect(await q('XY 70 Z')).toEqual(['XY70ZZZ']);
      expect(await q('ford')).toEqual(['KD19ABC', 'AB12CDE']);
      expect(await q('Ford  Focus')).toEqual(['AB12CDE']);
      expect(await q('volkswagen golf')).toEqual(['XY70ZZZ']);
      expect(await q('ravi pat')).toEqual(['XY70ZZZ']);
      expect(await q('SMITH')).toEqual(['AB12CDE']);
      expect(await q('smi')).toEqual(['AB12CDE']);
      expect(await q('JS@Mail')).toEqual(['AB12CDE']);
      expect(await q('rp@example.com')).toEqual(['XY70ZZZ']);
      // The beginnings of words only: not the middle of a name or a registration, nor of an address.
      expect(await q('mith')).toEqual([]);
      expect(await q('70z')).toEqual([]);
      expect(await q('example.com')).toEqual([]);
      // Punctuation splits words; LIKE's wildcards are plain characters in an address.
      expect(await q('jones_')).toEqual(['KD19ABC']);
      expect(await q('t%@example.com')).toEqual([]);
      expect(await q('  ')).toEqual(['KD19ABC', 'XY70ZZZ', 'AB12CDE']);
      expect((await list('/api/valuations/active?q=nobody')).items).toEqual([]);
    });

    it('page a common name’s matches newest first, each request once, under the list’s filters', async () => {
      await setup();
      const at = (hour: number) => new Date(Date.UTC(2026, 2, 1, hour));
      // 22 Smiths on the active list, one of them also "Smithy" (two of its words begin "smith").
      await insert(
        ...Array.from({ length: 21 }, (_, i) => ({ registration: `SM${i}`, lastName: 'Smith', createdAt: at(i) })),
        {
          registration: 'TWICE',
          firstName: 'Smithy',
          lastName: 'Smith',
          createdAt: at(21),
          status: 'contacted' as const,
        },
        { registration: 'ARCH', lastName: 'Smith', isArchived: true, archivedAt: at(23), createdAt: at(22) },
        { registration: 'OTHER', lastName: 'Jones', createdAt: at(23) },
      );
      const first = await list('/api/valuations/active?q=smith&pageSize=20');
      expect(first).toMatchObject({ total: 22, totalCapped: false, pageCount: 2 });
      expect(first.items.map((item) => item.registration)).toEqual([
        'TWICE',
        ...Array.from({ length: 19 }, (_, i) => `SM${20 - i}`),
      ]);
      const second = await list('/api/valuations/active?q=smith&pageSize=20&page=2');
      expect(second.items.map((item) => item.registration)).toEqual(['SM1', 'SM0']);
      // Past the end: nothing, and still the count.
      expect(await list('/api/valuations/active?q=smith&pageSize=20&page=3')).toMatchObject({ items: [], total: 22 });
      // A stage filter, the time-left order (oldest first) and the archive each apply to the search.
      expect(await registrations('/api/valuations/active?q=smith&status=contacted')).toEqual(['TWICE']);
      const oldestFirst = await registrations('/api/valuations/active?q=smith&sort=time_left&pageSize=3');
      expect(oldestFirst).toEqual(['SM0', 'SM1', 'SM2']);
      expect(await registrations('/api/valuations/archived?q=smith')).toEqual(['ARCH']);
      // Two words typed: both must begin words of the same request.
      expect(await registrations('/api/valuations/active?q=smithy%20smi')).toEqual(['TWICE']);
    });

    it('walk the list for a letter that begins too many words to read each, and find the same', async () => {
      await setup();
      const models = Array.from({ length: SEARCH_VOCABULARY_MAX + 1 }, (_, i) => `Model${i}`);
      await insert(
        ...models.map((model, i) => ({
          registration: `M${i}`,
          model,
          createdAt: new Date(Date.UTC(2026, 2, 1, 0, i)),
        })),
        { registration: 'NOPE', make: 'KIA', model: 'Ceed', createdAt: new Date(Date.UTC(2026, 2, 2)) },
      );
      const found = await list('/api/valuations/active?q=m&pageSize=5');
      expect(found).toMatchObject({ total: models.length, totalCapped: false });
      expect(found.items.map((item) => item.registration)).toEqual(['M100', 'M99', 'M98', 'M97', 'M96']);
      // The same rule as the index: "m" begins words (Model…, M…) but not "Kia Ceed" (nor "Jane Smith"'s).
      expect(await registrations('/api/valuations/active?q=model100')).toEqual(['M100']);
    });

    it('find a car by its whole registration, newest first, and not a name or address that holds it', async () => {
      await setup();
      await insert(
        { registration: 'AB12CDE', lastName: 'Older', createdAt: new Date('2026-01-01T10:00:00Z') },
        { registration: 'AB12CDE', lastName: 'Newer', createdAt: new Date('2026-02-01T10:00:00Z') },
        { registration: 'A123BCD', email: 'ab12cde@mail.example' },
        { registration: 'ABC123D', lastName: 'Suffix' },
        { registration: 'AB12CDF' },
      );
      const q = (term: string) => registrations(`/api/valuations/active?q=${encodeURIComponent(term)}`);
      const found = await list(`/api/valuations/active?q=${encodeURIComponent('ab12 cde')}`);
      expect(found.items.map((item) => item.lastName)).toEqual(['Newer', 'Older']);
      expect(found).toMatchObject({ total: 2, totalCapped: false, pageCount: 1 });
      expect(await q('a123bcd')).toEqual(['A123BCD']);
      expect(await q('ABC 123D')).toEqual(['ABC123D']);
      // The beginning of a registration finds every car it begins (not an address holding it).
      expect(new Set(await q('ab12cd'))).toEqual(new Set(['AB12CDE', 'AB12CDF']));
      expect(await q('AB12CDX')).toEqual([]);
    });

    it('find a valuation by its whole reference however it is typed, in either list', async () => {
      await setup();
      await insert(
        { reference: 'CB-7K3-9QX', registration: 'REF1' },
        { reference: 'CB-7K3-9QY', registration: 'REF2' },
        { reference: 'CB-ABC-DEF', registration: 'ARC1', isArchived: true, archivedAt: new Date() },
      );
      const q = (term: string, list = 'active') =>
        registrations(`/api/valuations/${list}?q=${encodeURIComponent(term)}`);
      for (const typed of ['CB-7K3-9QX', 'cb-7k3-9qx', 'cb7k39qx', 'CB 7K3 9QX', ' 7K3-9QX ', '7k39qx']) {
        expect(await q(typed), typed).toEqual(['REF1']);
      }
      // A part of one is no reference, and look-alikes are not guessed at.
      expect(await q('CB-7K3')).toEqual([]);
      expect(await q('CB-7K3-9QO')).toEqual([]);
      expect(await q('cb abc def')).toEqual([]);
      expect(await q('cb abc def', 'archived')).toEqual(['ARC1']);
    });

    it('filter on the real status, together with a search; empty status is every status', async () => {
      await setup();
      await insert(
        { registration: 'NEW1', status: 'new' },
        { registration: 'CON1', status: 'contacted' },
        { registration: 'COM1', status: 'completed', make: 'BMW' },
        { registration: 'CON2', status: 'contacted', isArchived: true },
      );
      expect(await registrations('/api/valuations/active?status=contacted')).toEqual(['CON1']);
      expect(await registrations('/api/valuations/active?status=completed&q=bmw')).toEqual(['COM1']);
      expect(await registrations('/api/valuations/active?status=new&q=bmw')).toEqual([]);
      expect(await registrations('/api/valuations/archived?status=contacted')).toEqual(['CON2']);
      expect(await registrations('/api/valuations/active?status=')).toEqual(['COM1', 'CON1', 'NEW1']);
    });

    it(`count matches only up to ${VALUATION_LIST_COUNT_CAP}, and say there are more`, async () => {
      await setup();
      await db().execute(sql`
        insert into car_valuations (reference, registration, mileage, first_name, last_name, postcode, email,
          phone, agree_to_contact, created_at)
        select ${referenceFor(sql`n`)}, 'CAP' || n, n, 'Many', 'Rows', 'LN11 0LQ', 'many@example.com',
          '07700 900123', true,
          timestamptz '2026-01-01T00:00:00Z' + n * interval '1 second'
        from generate_series(1, ${VALUATION_LIST_COUNT_CAP + 2}) as n`);
      const capped = await list('/api/valuations/active?pageSize=100&page=11');
      expect(capped).toMatchObject({ total: VALUATION_LIST_COUNT_CAP, totalCapped: true, pageCount: 10 });
      // Pages past the cap still answer.
      expect(capped.items.map((i) => i.registration)).toEqual(['CAP2', 'CAP1']);
      // A page past the end, beyond the cap: no rows, and still "more than" the cap.
      const pastEnd = await list('/api/valuations/active?pageSize=100&page=12');
      expect(pastEnd).toMatchObject({ items: [], total: VALUATION_LIST_COUNT_CAP, totalCapped: true });
      // A search matching them all: counted to the cap, its matches found through the trigram
      // indexes; its pages walk the list newest first, past the cap too.
      const everyone = await list('/api/valuations/active?q=many%20rows&pageSize=2');
      expect(everyone).toMatchObject({ total: VALUATION_LIST_COUNT_CAP, totalCapped: true });
      expect(everyone.items.map((i) => i.registration)).toEqual(['CAP1002', 'CAP1001']);
      const deep = await list(
        `/api/valuations/active?q=many%20rows&pageSize=2&page=${VALUATION_LIST_COUNT_CAP / 2 + 1}`,
      );
      expect(deep.items.map((i) => i.registration)).toEqual(['CAP2', 'CAP1']);
      // A search with a few matches counts them exactly, and sorts them newest first.
      const narrowed = await list('/api/valuations/active?q=CAP100');
      expect(narrowed).toMatchObject({ total: 4, totalCapped: false, pageCount: 1 });
      expect(narrowed.items.map((i) => i.registration)).toEqual(['CAP1002', 'CAP1001', 'CAP1000', 'CAP100']);
      const rare = await list('/api/valuations/active?q=cap99&pageSize=3');
      expect(rare).toMatchObject({ total: 11, totalCapped: false }); // CAP99 and CAP990 to CAP999
      expect(rare.items.map((i) => i.registration)).toEqual(['CAP999', 'CAP998', 'CAP997']);
      // The dashboard's count of the stage stops at the same cap.
      const { byStage } = (await get('/api/admin/valuations/stats')).json<ValuationStats>();
      expect(byStage.find((entry) => entry.filter === 'new')).toEqual({
        filter: 'new',
        count: VALUATION_LIST_COUNT_CAP,
        capped: true,
      });
    });

    it('refuse bad query parameters with messages that say what is wrong', async () => {
      await setup();
      const refused = async (query: string, message: string) => {
        const response = await get(`/api/valuations/active?${query}`);
        expectRefused(response, 400, message);
      };
      await refused('page=0', paginationMessages.page);
      await refused('page=abc', paginationMessages.page);
      await refused('pageSize=101', paginationMessages.pageSize(100));
      await refused('status=archived', m.invalidStatus);
      await refused(`q=${'x'.repeat(101)}`, m.searchTooLong);
      expectRefused(await get('/api/valuations/archived?pageSize=0'), 400, paginationMessages.pageSize(100));
    });

    it('are not taken for the seller’s GET /api/valuations/:id', async () => {
      await setup();
      // Anonymous: the admin route's 401, not the token route's 404.
      const anonymous = await t!.app.inject({ url: '/api/valuations/active' });
      expectRefused(anonymous, 401, authMessages.signInRequired);
      const archived = await t!.app.inject({ url: '/api/valuations/archived' });
      expect(archived.statusCode).toBe(401);
      expect((await list('/api/valuations/archived')).items).toEqual([]);
    });
  });

  storeFree('the stats', () => {
    it('count UK days across the clocks going forward (29 March 2026), archived ones included', async () => {
      // 00:30 BST on Monday 30 March: today began at 23:00 UTC on the 29th, a day of 23 hours.
      await setup(new Date('2026-03-29T23:30:00Z'));
      const at = (iso: string, overrides: Partial<NewCarValuation> = {}) => ({
        createdAt: new Date(iso),
        ...overrides,
      });
      await insert(
        at('2026-03-29T23:00:00Z'), // today, 00:00 BST
        at('2026-03-29T23:20:00Z', { isArchived: true, archivedAt: new Date('2026-03-29T23:25:00Z') }), // today
        at('2026-03-29T22:59:59Z'), // Sunday 29th, 23:59:59 BST
        at('2026-03-29T00:30:00Z'), // Sunday 29th, 00:30 GMT
        at('2026-03-28T23:59:00Z'), // Saturday 28th
        at('2026-03-24T00:00:00Z'), // Tuesday 24th, the week's first moment
        at('2026-03-23T23:59:59Z'), // Monday 23rd: before the week
        at('2026-03-01T00:00:00Z'), // the month's first moment (30 UK days ending today)
        at('2026-02-28T23:59:59Z'), // before the month
      );
      const response = await get('/api/admin/valuations/stats');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject<Partial<ValuationStats>>({
        total: 9,
        today: 2,
        thisWeek: 6,
        thisMonth: 8,
        weeklyActivity: [
          { date: '2026-03-24', count: 1 },
          { date: '2026-03-25', count: 0 },
          { date: '2026-03-26', count: 0 },
          { date: '2026-03-27', count: 0 },
          { date: '2026-03-28', count: 1 },
          { date: '2026-03-29', count: 2 },
          { date: '2026-03-30', count: 2 },
        ],
      });
    });

    it('count UK days across the clocks going back (25 October 2026)', async () => {
      // 23:30 GMT on Sunday 25 October: today began at 23:00 UTC on the 24th (00:00 BST), 25 hours ago.
      await setup(new Date('2026-10-25T23:30:00Z'));
      const at = (iso: string) => ({ createdAt: new Date(iso) });
      await insert(at('2026-10-24T23:00:00Z'), at('2026-10-25T23:29:00Z'), at('2026-10-24T22:59:59Z'));
      const stats: ValuationStats = (await get('/api/admin/valuations/stats')).json();
      expect(stats).toMatchObject({ total: 3, today: 2, thisWeek: 3, thisMonth: 3 });
      expect(stats.weeklyActivity.slice(-2)).toEqual([
        { date: '2026-10-24', count: 1 },
        { date: '2026-10-25', count: 2 },
      ]);
    });

    it('name the 5 most common makes whatever their case, without empty ones', async () => {
      await setup();
      await insert(
        { make: 'FORD' },
        { make: 'Ford' },
        { make: 'ford ' },
        { make: 'VAUXHALL' },
        { make: 'Vauxhall', isArchived: true },
        { make: 'BMW' },
        { make: 'Audi' },
        { make: 'Tesla' },
        { make: 'KIA' },
        { make: null },
        { make: null },
        { make: null },
        { make: null },
        { make: ' ' },
      );
      const stats: ValuationStats = (await get('/api/admin/valuations/stats')).json();
      expect(stats.popularBrands).toEqual([
        { make: 'FORD', count: 3 },
        { make: 'VAUXHALL', count: 2 },
        { make: 'AUDI', count: 1 },
        { make: 'BMW', count: 1 },
        { make: 'KIA', count: 1 },
      ]);
    });

    it('count a request that arrives after the all-time counts were taken at once, and forget a deleted one', async () => {
      await setup(new Date());
      await insert({ make: 'BMW', createdAt: new Date(Date.now() - 3 * 86_400_000) });
      const [old] = await insert({ make: 'AUDI', createdAt: new Date(Date.now() - 3 * 86_400_000), isArchived: true });
      const stats = async (): Promise<ValuationStats> => (await get('/api/admin/valuations/stats')).json();
      expect(await stats()).toMatchObject({ total: 2, today: 0 });
      // A seller's request now: created_at is the database's now(), after the snapshot's instant.
      await db()
        .insert(carValuations)
        .values(aValuation({ make: 'Bmw', createdAt: undefined }));
      const after = await stats();
      expect(after).toMatchObject({ total: 3, today: 1 });
      expect(after.popularBrands).toEqual([
        { make: 'BMW', count: 2 },
        { make: 'AUDI', count: 1 },
      ]);
      expect((await del(`/api/valuations/${old!.id}`)).statusCode).toBe(204);
      expect(await stats()).toMatchObject({ total: 2, popularBrands: [{ make: 'BMW', count: 2 }] });
    });

    it('reuse the all-time counts for at most their age, then count again', async () => {
      await setup();
      let monotonic = 0;
      const source = createValuationStats(db(), { maxAgeMs: 60_000, monotonicMs: () => monotonic });
      const now = new Date('2026-03-02T09:00:00Z');
      await insert({ make: 'KIA' });
      expect((await source.get(now)).total).toBe(1);
      // A row whose created_at is before the snapshot's instant (a transaction still open then):
      // missed while the snapshot is young, counted once it is renewed.
      await insert({ make: 'KIA' });
      monotonic = 60_000;
      expect((await source.get(now)).total).toBe(1);
      monotonic = 60_001;
      expect(await source.get(now)).toMatchObject({ total: 2, popularBrands: [{ make: 'KIA', count: 2 }] });
    });

    it('keep the settled requests’ tallies until the hour moves on or they are too old, and count the last 24 hours live', async () => {
      await setup();
      let monotonic = 0;
      const tallies = createDailyTallies(db(), { maxAgeMs: 60_000, monotonicMs: () => monotonic });
      const at = (iso: string) => ({ createdAt: new Date(iso) });
      const received = async (now: string) =>
        Object.fromEntries(
          (await tallies.lastDays(new Date(now))).filter((day) => day.received > 0).map((d) => [d.date, d.received]),
        );
      // At 12:00 on the 10th, requests before 12:00 on the 9th are settled; one at 12:00 exactly is live.
      await insert(at('2026-03-05T10:00:00Z'), at('2026-03-09T10:00:00Z'), at('2026-03-09T12:00:00Z'));
      await insert(at('2026-03-10T09:00:00Z'));
      expect(await received('2026-03-10T12:00:00Z')).toEqual({ '2026-03-05': 1, '2026-03-09': 2, '2026-03-10': 1 });
      // Rows dated into the past (only a seeder makes them): the last 24 hours are counted at every
      // view, the settled requests only once their tally is counted again.
      await insert(at('2026-03-05T11:00:00Z'), at('2026-03-09T11:00:00Z'), at('2026-03-09T13:00:00Z'));
      await insert(at('2026-03-10T10:00:00Z'));
      expect(await received('2026-03-10T12:00:00Z')).toEqual({ '2026-03-05': 1, '2026-03-09': 3, '2026-03-10': 2 });
      monotonic = 60_001;
      expect(await received('2026-03-10T12:00:00Z')).toEqual({ '2026-03-05': 2, '2026-03-09': 4, '2026-03-10': 2 });
      // An hour later the settled part ends an hour later, and is counted again at once.
      await insert(at('2026-03-06T11:00:00Z'));
      expect(await received('2026-03-10T13:00:00Z')).toEqual({
        '2026-03-05': 2,
        '2026-03-06': 1,
        '2026-03-09': 4,
        '2026-03-10': 2,
      });
    });

    it('are zeros, seven empty days and no brands on an empty database', async () => {
      await setup(new Date('2026-03-02T09:00:00Z'));
      const response = await get('/api/admin/valuations/stats');
      expect(response.json()).toEqual<ValuationStats>({
        total: 0,
        today: 0,
        thisWeek: 0,
        thisMonth: 0,
        weeklyActivity: ['02-24', '02-25', '02-26', '02-27', '02-28', '03-01', '03-02'].map((d) => ({
          date: `2026-${d}`,
          count: 0,
        })),
        popularBrands: [],
        byStage: valuationListStatusFilters.map((filter) => ({ filter, count: 0, capped: false })),
      });
    });

    it('count the list’s requests at each stage, and the offers that ended unanswered, as the list’s filter does', async () => {
      await setup(new Date('2026-03-02T09:00:00Z'));
      const [waiting, lapsed] = await insert(
        { status: 'offer_made' },
        { status: 'offer_made' },
        { status: 'new' },
        { status: 'new' },
        { status: 'contacted' },
        { status: 'lost', lostReason: 'declined' },
        // Archived: out of the dashboard's list, so out of its counts.
        { status: 'new', isArchived: true, archivedAt: new Date('2026-03-01T12:00:00Z') },
      );
      const offer = (valuationId: string, validUntil: string) => ({
        valuationId,
        amountPence: 500_000,
        sendMethod: 'email' as const,
        validUntil: new Date(validUntil),
        conditions: {} as never,
      });
      await db()
        .insert(valuationOffers)
        .values([offer(waiting!.id, '2026-03-05T23:59:59Z'), offer(lapsed!.id, '2026-03-01T23:59:59Z')]);
      const { byStage } = (await get('/api/admin/valuations/stats')).json<ValuationStats>();
      const counts = Object.fromEntries(byStage.map(({ filter, count }) => [filter, count]));
      expect(counts).toEqual({
        new: 2,
        contacted: 1,
        offer_made: 2,
        offer_accepted: 0,
        collection_booked: 0,
        collected: 0,
        completed: 0,
        lost: 1,
        offer_expired: 1,
      });
      // Each is what the list says for the same filter.
      expect((await list('/api/valuations/active?offer=expired')).items.map((item) => item.id)).toEqual([lapsed!.id]);
      expect((await list('/api/valuations/active?status=new')).total).toBe(counts.new);
    });
  });

  // Deleting removes stored files, so this block runs with S3 too.
  describe('archive, restore and delete', () => {
    const events = (id: string) =>
      db()
        .select({ type: valuationEvents.type, actorUserId: valuationEvents.actorUserId })
        .from(valuationEvents)
        .where(eq(valuationEvents.valuationId, id))
        .orderBy(valuationEvents.id);
    const stored = async (id: string) => (await db().select().from(carValuations).where(eq(carValuations.id, id)))[0];

    it('archive moves a valuation to the archive with a timeline event, once', async () => {
      await setup(new Date('2026-03-02T09:00:00Z'));
      const [valuation] = await insert({ registration: 'ARC2' });
      const id = valuation!.id;
      const archived = await post(`/api/valuations/${id}/archive`);
      expect(archived.statusCode, archived.body).toBe(200);
      expect(archived.json()).toMatchObject({ id, registration: 'ARC2', archivedAt: '2026-03-02T09:00:00.000Z' });
      expect(await stored(id)).toMatchObject({ isArchived: true, archivedAt: new Date('2026-03-02T09:00:00Z') });
      expect(await events(id)).toEqual([{ type: 'archived', actorUserId: adminId }]);
      expect(await registrations('/api/valuations/active')).toEqual([]);
      expect(await registrations('/api/valuations/archived')).toEqual(['ARC2']);

      expectRefused(await post(`/api/valuations/${id}/archive`), 409, m.alreadyArchived);
      expect(await events(id)).toHaveLength(1);
    });

    it('unarchive restores it to the active list with a timeline event, once', async () => {
      await setup();
      const [valuation] = await insert({ isArchived: true, archivedAt: new Date('2026-03-01T12:00:00Z') });
      const id = valuation!.id;
      const restored = await post(`/api/valuations/${id}/unarchive`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toMatchObject({ id, archivedAt: null });
      expect(await stored(id)).toMatchObject({ isArchived: false, archivedAt: null });
      expect(await events(id)).toEqual([{ type: 'restored', actorUserId: adminId }]);
      expect((await list('/api/valuations/active')).items.map((i) => i.id)).toEqual([id]);

      expectRefused(await post(`/api/valuations/${id}/unarchive`), 409, m.notArchived);
      expect(await events(id)).toHaveLength(1);
    });

    it('delete refuses an active valuation and changes nothing', async () => {
      await setup();
      const [valuation] = await insert();
      expectRefused(await del(`/api/valuations/${valuation!.id}`), 409, m.deleteActive);
      expect(await stored(valuation!.id)).toBeDefined();
    });

    it('delete removes an archived valuation, its timeline and its photos’ and documents’ files', async () => {
      await setup();
      const save = (content: string) => files.save(Buffer.from(content), { area: PHOTO_AREA, extension: 'jpg' });
      const photos = [
        formatPhotoEntry(await save('full 1'), await save('thumb 1')),
        formatPhotoEntry(await save('full 2'), await save('thumb 2')),
      ];
      const [keep] = await insert({
        registration: 'KEEP1',
        photoPaths: [formatPhotoEntry(await save('k'), await save('kt'))],
      });
      const [valuation] = await insert({ photoPaths: photos });
      const id = valuation!.id;
      // A seller's document (issue 35): its row cascades, its file and preview must be removed too.
      const documentArea = 'valuation-documents';
      const uploadedAt = new Date('2026-03-01T09:00:00Z');
      const document = {
        fileKey: await files.save(Buffer.from('%PDF-1.7\n'), { area: documentArea, extension: 'pdf' }),
        previewKey: await files.save(Buffer.from('preview'), { area: documentArea, extension: 'jpg' }),
      };
      const keptDocument = await files.save(Buffer.from('%PDF-1.7\n'), { area: documentArea, extension: 'pdf' });
      await db()
        .insert(valuationDocuments)
        .values([
          {
            valuationId: id,
            kind: 'v5c',
            mediaType: 'application/pdf',
            sizeBytes: 9,
            pages: 1,
            uploadedAt,
            ...document,
          },
          {
            valuationId: keep!.id,
            kind: 'v5c',
            fileKey: keptDocument,
            previewKey: keptDocument,
            mediaType: 'application/pdf',
            sizeBytes: 9,
            pages: 1,
            uploadedAt,
          },
        ]);
      expect((await post(`/api/valuations/${id}/archive`)).statusCode).toBe(200);

      const deleted = await del(`/api/valuations/${id}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await stored(id)).toBeUndefined();
      expect(await events(id)).toEqual([]);
      // KEEP1's two images only
      expect(await s!.fileKeys(PHOTO_AREA)).toEqual(keep!.photoPaths.flatMap((entry) => entry.split('|')).sort());
      expect(await s!.fileKeys(documentArea)).toEqual([keptDocument]);
      expect(await db().select({ valuationId: valuationDocuments.valuationId }).from(valuationDocuments)).toEqual([
        { valuationId: keep!.id },
      ]);
      expectRefused(await del(`/api/valuations/${id}`), 404, m.notFound);
    });

    it('say what deleting takes with it, counted, and deleting takes exactly that', async () => {
      await setup();
      const save = (content: string, area = PHOTO_AREA) => files.save(Buffer.from(content), { area, extension: 'jpg' });
      const [valuation] = await insert({
        isArchived: true,
        archivedAt: new Date('2026-03-01T12:00:00Z'),
        photoPaths: [
          formatPhotoEntry(await save('f1'), await save('t1')),
          formatPhotoEntry(await save('f2'), await save('t2')),
        ],
      });
      const id = valuation!.id;
      await db()
        .insert(valuationEvents)
        .values([
          { valuationId: id, type: 'created' },
          { valuationId: id, type: 'archived' },
        ]);
      const [offer] = await db()
        .insert(valuationOffers)
        .values({
          valuationId: id,
          amountPence: 500_000,
          sendMethod: 'both',
          validUntil: new Date('2026-01-01T23:59:59Z'),
          conditions: {} as never,
        })
        .returning();
      const message = { textBody: 'Our offer', templateName: 'valuation-offer', valuationId: id, offerId: offer!.id };
      const report = {
        filename: 'report.pdf',
        contentType: 'application/pdf',
        storageKey: await save('pdf', 'outbox'),
        size: 3,
      };
      await db()
        .insert(outboundMessages)
        .values([
          { ...message, channel: 'email', recipient: 'jane@example.co.uk' },
          { ...message, channel: 'sms', recipient: '+447700900123' },
          { ...message, channel: 'email', recipient: 'dealer@example.com', attachments: [report] },
        ]);
      // The seller's documents (issue 35): one row per kind, each with a file and its preview.
      const documentArea = 'valuation-documents';
      const saveDocument = async (content: string) => ({
        fileKey: await files.save(Buffer.from(`%PDF-1.7\n${content}`), { area: documentArea, extension: 'pdf' }),
        previewKey: await save(`${content} preview`, documentArea),
      });
      const documentRow = { mediaType: 'application/pdf', sizeBytes: 100, pages: 1, uploadedAt: new Date() } as const;
      await db()
        .insert(valuationDocuments)
        .values([
          { ...documentRow, valuationId: id, kind: 'v5c', status: 'pending', ...(await saveDocument('logbook')) },
          {
            ...documentRow,
            valuationId: id,
            kind: 'service_history',
            status: 'verified',
            ...(await saveDocument('service history')),
          },
        ]);
      // Staff's photo of the car at the door (issue 37), uploaded for a price revision: a photo too.
      const revisionArea = 'revision-photos';
      await db()
        .insert(priceRevisionPhotos)
        .values({
          valuationId: id,
          fileKey: await save('dent', revisionArea),
          thumbKey: await save('dent thumb', revisionArea),
        });
      // Another valuation's rows are neither counted nor deleted.
      const [other] = await insert({ registration: 'OTHER1' });
      await db().insert(valuationEvents).values({ valuationId: other!.id, type: 'created' });
      const otherDocument = await saveDocument('other logbook');
      await db()
        .insert(valuationDocuments)
        .values({ ...documentRow, valuationId: other!.id, kind: 'v5c', status: 'pending', ...otherDocument });

      const summary = await get(`/api/admin/valuations/${id}/deletion-summary`);
      expect(summary.statusCode, summary.body).toBe(200);
      expect(summary.headers['cache-control']).toBe('no-store');
      expect(summary.json()).toEqual({
        photos: 3,
        documents: 2,
        timelineEvents: 2,
        offers: 1,
        emails: 2,
        textMessages: 1,
        attachments: 1,
      } satisfies ValuationDeletionSummary);

      expect((await del(`/api/valuations/${id}`)).statusCode).toBe(204);
      for (const table of [
        valuationEvents,
        valuationOffers,
        outboundMessages,
        valuationDocuments,
        priceRevisionPhotos,
      ]) {
        expect(await db().select().from(table).where(eq(table.valuationId, id))).toEqual([]);
      }
      expect(await events(other!.id)).toHaveLength(1);
      expect(await s!.fileKeys('outbox')).toEqual([]);
      expect(await s!.fileKeys(revisionArea)).toEqual([]);
      // The two documents' files and previews went; the other valuation's document is counted for it alone.
      expect(await s!.fileKeys(documentArea)).toEqual([otherDocument.fileKey, otherDocument.previewKey].sort());
      expect((await get(`/api/admin/valuations/${other!.id}/deletion-summary`)).json()).toMatchObject({
        documents: 1,
      });
      expectRefused(await get(`/api/admin/valuations/${id}/deletion-summary`), 404, m.notFound);
    });

    it('answer 404 for an unknown valuation and 400 for a malformed id', async () => {
      await setup();
      for (const action of ['archive', 'unarchive']) {
        expectRefused(await post(`/api/valuations/${UNKNOWN_ID}/${action}`), 404, m.notFound);
        expectRefused(await post(`/api/valuations/not-a-uuid/${action}`), 400, m.invalidId);
      }
      expectRefused(await del(`/api/valuations/${UNKNOWN_ID}`), 404, m.notFound);
      expectRefused(await del('/api/valuations/123'), 400, m.invalidId);
      expectRefused(await get(`/api/admin/valuations/${UNKNOWN_ID}/deletion-summary`), 404, m.notFound);
      expectRefused(await get('/api/admin/valuations/123/deletion-summary'), 400, m.invalidId);
    });
  });
});
