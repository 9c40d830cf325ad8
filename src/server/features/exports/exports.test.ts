import { spawn } from 'node:child_process';
import http, { type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carValuations,
  collectionHandovers,
  valuationOffers,
  valuationPayments,
  type NewCarValuation,
} from '~/server/db/schema';
import type { ValuationListResponse } from '~/shared/admin-valuations';
import { exportMessages, exportPaths, purchaseExportColumns, valuationExportColumns } from '~/shared/exports';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { offerConditions } from '../../../../test/helpers/valuation';
import { newValuationReference } from '../valuations';
import { csvStream } from './csv-stream';
import { logOutcome, sendCsv } from './exports-routes';

/**
 * The CSV downloads (issue 37) on each engine: the list's rows under its filters, in its order,
 * across many small batches (3 rows each here, so ties and batch ends are crossed); formulas
 * neutralised and RFC 4180 quoting as a real CSV reader reads it; the BOM, CRLF and headers;
 * admins only; bad filters refused; a failure before the first byte is JSON, one after it cuts
 * the download; a cancelled download stops reading; the completed purchases between UK days.
 */

const NOW = new Date('2026-03-02T09:00:00Z');
const BATCH = 3;

type CsvRecord = { [column: string]: string };

/** The file as a spreadsheet reads it: the header, then one object per row keyed by the header. */
function readCsv(body: string): { header: string[]; rows: CsvRecord[] } {
  expect(body.startsWith('\uFEFF'), 'starts with a UTF-8 BOM').toBe(true);
  const records = parse(body, { bom: true }) as string[][];
  const [header = [], ...rest] = records;
  return { header, rows: rest.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))) };
}

let minute = 0;
function aValuation(overrides: Partial<NewCarValuation> = {}): NewCarValuation {
  minute += 1;
  return {
    reference: newValuationReference(),
    registration: 'AB12CDE',
    mileage: 42_000,
    make: 'FORD',
    model: 'FOCUS',
    year: 2018,
    firstName: 'Jane',
    lastName: 'Smith',
    postcode: 'LN11 0LQ',
    email: 'jane@example.co.uk',
    phone: '07700 900123',
    contactPreference: ['call'],
    agreeToContact: true,
    overallCondition: 'great',
    outstandingFinance: 'no',
    createdAt: new Date(Date.UTC(2026, 2, 1, 9, minute)),
    ...overrides,
  };
}

describe.each(testEngines)('CSV exports on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp;
  let cookie: string;
  let staffCookie: string;
  let adminId: number;
  let otherAdminId: number;
  const db = () => t.db.database.db;
  const get = (url: string, headers: CsvRecord = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  beforeAll(async () => {
    t = await createTestApp(engine, {
      deps: { passwordHasher: hasher, clock: testClock(NOW), exports: { batchSize: BATCH } },
    });
    const admin = await seedUser(db(), hasher, { firstName: 'Priya', lastName: 'Shah' });
    const other = await seedUser(db(), hasher, { username: 'rob.other' });
    // An account without a name is named by its username.
    await db().execute(sql`update users set first_name = null, last_name = null where id = ${other.id}`);
    const staff = await seedUser(db(), hasher, { isAdmin: false });
    adminId = admin.id;
    otherAdminId = other.id;
    cookie = await signedInCookie(t.app, admin);
    staffCookie = await signedInCookie(t.app, staff);
    await seedValuations();
  });
  afterAll(async () => t?.close());

  /** Twelve requests: owners, answers, offers, archived ones, a search target, people with formulas for names. */
  async function seedValuations() {
    minute = 0;
    const tie = new Date(Date.UTC(2026, 2, 1, 8, 0, 0, 123));
    const rows = await db()
      .insert(carValuations)
      .values([
        aValuation({ registration: 'FORM1', firstName: '=HYPERLINK("http://x","y")', lastName: '+1' }),
        aValuation({ registration: 'FORM2', firstName: '-2', lastName: '@SUM(A1)' }),
        aValuation({ registration: 'QUOTE1', firstName: 'Jo, "the Car"', lastName: 'Line\nBreak', email: 'jo@x.com' }),
        aValuation({
          registration: 'MINE1',
          assignedUserId: adminId,
          firstAnsweredAt: new Date('2026-03-01T10:30:00Z'),
        }),
        aValuation({ registration: 'OTHER1', assignedUserId: otherAdminId, status: 'contacted' }),
        aValuation({ registration: 'OFFER1', status: 'offer_made', firstAnsweredAt: new Date('2026-03-01T11:00:00Z') }),
        aValuation({ registration: 'EXP1', status: 'offer_made', firstAnsweredAt: new Date('2026-03-01T11:00:00Z') }),
        // Three at the same instant: the id breaks the tie, and a batch of 3 ends among them.
        aValuation({ registration: 'TIE1', createdAt: tie, make: null, model: null, year: null }),
        aValuation({ registration: 'TIE2', createdAt: tie, lastName: 'Brontë £' }),
        aValuation({ registration: 'TIE3', createdAt: tie, status: 'completed', closedAt: NOW }),
        aValuation({ registration: 'ARCH1', isArchived: true, archivedAt: NOW }),
        aValuation({ registration: 'ARCH2', isArchived: true, archivedAt: NOW, lastName: 'Zebedee' }),
      ])
      .returning({ id: carValuations.id, registration: carValuations.registration });
    const id = (registration: string) => rows.find((row) => row.registration === registration)!.id;
    const offer = (
      registration: string,
      amountPence: number,
      status: 'open' | 'superseded',
      createdAt: Date,
      validUntil: Date,
    ) => ({
      valuationId: id(registration),
      amountPence,
      sendMethod: 'email' as const,
      createdAt,
      validUntil,
      conditions: offerConditions('no'),
      status,
      closedAt: status === 'open' ? null : createdAt,
    });
    await db()
      .insert(valuationOffers)
      .values([
        offer('OFFER1', 300_000, 'superseded', new Date('2026-03-01T11:00:00Z'), new Date('2026-03-08T23:59:59Z')),
        offer('OFFER1', 425_050, 'open', new Date('2026-03-01T12:00:00Z'), new Date('2026-03-08T23:59:59Z')),
        offer('EXP1', 199_900, 'open', new Date('2026-02-20T12:00:00Z'), new Date('2026-02-27T23:59:59Z')),
      ]);
  }

  async function download(query: string, headers: CsvRecord = {}) {
    const response = await get(`${exportPaths.valuations}${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }
  const registrationsIn = async (query: string) =>
    readCsv((await download(query)).body).rows.map((r) => r.Registration);

  /** Every page of the list, as the dashboard (or the archive) shows it under these filters. */
  async function listed(kind: 'active' | 'archived', query: string): Promise<string[]> {
    const found: string[] = [];
    for (let page = 1; ; page++) {
      const response = await get(`/api/valuations/${kind}?pageSize=5&page=${page}${query ? `&${query}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ValuationListResponse>();
      found.push(...body.items.map((item) => item.registration));
      if (page >= body.pageCount) return found;
    }
  }

  it('sends a download: text/csv in UTF-8 with a BOM, CRLF, the header, never cached', async () => {
    const response = await download('');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="valuations-2026-03-02.csv"');
    expect(response.headers['cache-control']).toBe('no-store, private');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const body = response.body;
    expect(body.startsWith(`\uFEFF${valuationExportColumns.join(',')}\r\n`)).toBe(true);
    // Every record ends with CRLF; the only bare LF is the one inside a quoted name.
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '').split('\n')).toHaveLength(2);
    const archive = await download('?archived=true');
    expect(archive.headers['content-disposition']).toBe('attachment; filename="archived-valuations-2026-03-02.csv"');
  });

  it('holds exactly the rows the list shows, in its order, across every page and batch', async () => {
    const cases: [kind: 'active' | 'archived', query: string][] = [
      ['active', ''],
      ['active', 'status=offer_made'],
      ['active', 'offer=expired'],
      ['active', 'q=smith'],
      ['active', 'q=form'],
      ['active', 'owner=mine'],
      ['active', 'owner=unassigned'],
      ['active', 'sort=time_left'],
      ['active', 'owner=unassigned&sort=time_left&q=smith'],
      ['archived', ''],
      ['archived', 'q=zebedee'],
    ];
    for (const [kind, query] of cases) {
      const exportQuery = [kind === 'archived' ? 'archived=true' : '', query].filter(Boolean).join('&');
      const exported = await registrationsIn(`?${exportQuery}&page=2`);
      expect(exported, `${kind} ${query}`).toEqual(await listed(kind, query));
    }
    expect(await registrationsIn('')).toEqual([
      'EXP1',
      'OFFER1',
      'OTHER1',
      'MINE1',
      'QUOTE1',
      'FORM2',
      'FORM1',
      ...(await registrationsIn('?q=tie')),
    ]);
    expect(await registrationsIn('?q=tie')).toHaveLength(3);
    expect(await registrationsIn('?owner=mine')).toEqual(['MINE1']);
    expect(await registrationsIn('?offer=expired')).toEqual(['EXP1']);
    expect(await registrationsIn('?status=lost')).toEqual([]);
  });

  it('writes each column as staff read it: names, stages, owner, answers, the latest offer', async () => {
    const { header, rows } = readCsv((await download('')).body);
    expect(header).toEqual([...valuationExportColumns]);
    const row = (registration: string) => rows.find((r) => r.Registration === registration)!;
    expect(row('OFFER1')).toMatchObject({
      'Received (UK time)': '2026-03-01 09:06',
      Stage: 'Offer made',
      Owner: '',
      'First answered (UK time)': '2026-03-01 11:00',
      Make: 'Ford',
      Model: 'Focus',
      Year: '2018',
      Mileage: '42000',
      Condition: 'Great Condition',
      'Outstanding finance': 'No',
      'Latest offer (£)': '4250.50',
      'Offer status': 'Open',
    });
    // An open offer past its end is expired, as the list's filter says.
    expect(row('EXP1')).toMatchObject({ 'Latest offer (£)': '1999.00', 'Offer status': 'Expired' });
    expect(row('MINE1')).toMatchObject({ Owner: 'Priya Shah', 'First answered (UK time)': '2026-03-01 10:30' });
    expect(row('OTHER1')).toMatchObject({ Owner: 'rob.other', Stage: 'Contacted', 'Latest offer (£)': '' });
    expect(row('TIE1')).toMatchObject({ Make: '', Model: '', Year: '' });
    expect(row('TIE2')['Seller last name']).toBe('Brontë £');
    expect(row('QUOTE1')).toMatchObject({
      'Seller first name': 'Jo, "the Car"',
      'Seller last name': 'Line\nBreak',
      'E-mail': 'jo@x.com',
      Phone: '07700 900123',
      Postcode: 'LN11 0LQ',
    });
  });

  it('neutralises cells a spreadsheet would run as formulas, and only those', async () => {
    const response = await download('?q=form');
    expect(response.body).toContain(`"'=HYPERLINK(""http://x"",""y"")","'+1"`);
    const { rows } = readCsv(response.body);
    const named = rows.map((r) => [r['Seller first name'], r['Seller last name']]);
    expect(named).toEqual([
      ["'-2", "'@SUM(A1)"],
      [`'=HYPERLINK("http://x","y")`, "'+1"],
    ]);
    // Our own numbers stay numbers.
    expect(rows[0]!.Mileage).toBe('42000');
  });

  it('compresses the stream for a client that accepts gzip, unchanged inside', async () => {
    const plain = await download('');
    const response = await t.app.inject({
      method: 'GET',
      url: exportPaths.valuations,
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(plain.body);
    // A file of its header alone too.
    for (const encoding of ['gzip', 'br', 'deflate', 'gzip,deflate,br']) {
      const empty = await t.app.inject({
        method: 'GET',
        url: `${exportPaths.purchases}?from=2099-01-01`,
        headers: { cookie, 'accept-encoding': encoding },
      });
      expect(empty.statusCode, encoding).toBe(200);
      expect(empty.headers['content-encoding']).toBeDefined();
    }
  });

  it('answers HEAD with the headers, without reading the rows', async () => {
    for (const url of [exportPaths.valuations, exportPaths.purchases]) {
      const before = t.logs.lines.length;
      const response = await t.app.inject({ method: 'HEAD', url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(response.body).toBe('');
      // No export ran (it would log its line once its rows were read and thrown away).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(t.logs.lines.slice(before).join('\n')).not.toContain('CSV export');
    }
  });

  it('logs who exported what and how many rows, with no personal data', async () => {
    const before = t.logs.lines.length;
    await download('?q=Smith&owner=mine&status=new');
    const line = t.logs.lines
      .slice(before)
      .map((text) => JSON.parse(text) as { msg: string; level: number } & Record<string, unknown>)
      .find((entry) => entry.msg === 'CSV export sent');
    expect(line).toMatchObject({
      level: 30,
      export: 'valuations',
      by: adminId,
      outcome: 'complete',
      rows: 1,
      filters: { archived: false, status: 'new', offer: null, owner: 'mine', sort: null, search: true },
    });
    const logged = t.logs.lines.slice(before).join('\n');
    expect(logged).not.toMatch(/smith/i);
    expect(logged).not.toContain('jane@example.co.uk');
  });

  it('is for admins only', async () => {
    for (const url of [exportPaths.valuations, exportPaths.purchases]) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['content-type']).toMatch(/^application\/json/);
      const staff = await get(url, { cookie: staffCookie });
      expect(staff.statusCode).toBe(403);
    }
  });

  it('refuses bad filters with the message, as JSON', async () => {
    const refused = async (url: string, message: string) => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message });
    };
    await refused(`${exportPaths.valuations}?archived=maybe`, exportMessages.invalidArchived);
    await refused(
      `${exportPaths.valuations}?owner=everyone`,
      'The owner filter must be "mine", "unassigned" or empty.',
    );
    await refused(`${exportPaths.purchases}?from=2026-02-30`, exportMessages.invalidFrom);
    await refused(`${exportPaths.purchases}?to=yesterday`, exportMessages.invalidTo);
    await refused(`${exportPaths.purchases}?from=2026-03-02&to=2026-03-01`, exportMessages.toBeforeFrom);
  });

  it('answers a failure before the first byte with the usual JSON error', async () => {
    await db().execute(sql`alter table valuation_offers rename to valuation_offers_away`);
    try {
      const response = await get(exportPaths.valuations);
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toHaveProperty('message');
    } finally {
      await db().execute(sql`alter table valuation_offers_away rename to valuation_offers`);
    }
  });

  describe('completed purchases', () => {
    beforeAll(async () => {
      minute = 100;
      const sale = (registration: string, closedAt: Date, overrides: Partial<NewCarValuation> = {}) =>
        aValuation({ registration, status: 'completed', closedAt, ...overrides });
      const rows = await db()
        .insert(carValuations)
        .values([
          // 23:30 UTC in July is 00:30 the next day in the UK: a sale of the 16th.
          sale('SOLD1', new Date('2026-07-15T23:30:00Z'), {
            outstandingFinance: 'yes',
            financeLender: 'Black Horse',
            lastName: '=cmd',
          }),
          sale('SOLD2', new Date('2026-07-15T22:30:00Z')),
          sale('SOLD3', new Date('2026-07-20T10:00:00Z')),
          sale('SOLD4', new Date('2026-07-20T10:00:00Z')),
          sale('SOLD5', new Date('2026-07-21T10:00:00Z'), { isArchived: true, archivedAt: NOW }),
          aValuation({ registration: 'NOTSOLD', status: 'collected' }),
        ])
        .returning({ id: carValuations.id, registration: carValuations.registration });
      const id = (registration: string) => rows.find((row) => row.registration === registration)!.id;
      await db()
        .insert(collectionHandovers)
        .values({
          valuationId: id('SOLD1'),
          condition: 'as_declared',
          mileage: 42_310,
          keys: 2,
          v5cHandedOver: true,
          sellerIsKeeper: true,
          recordedAt: new Date('2026-07-15T13:00:00Z'),
        });
      const payment = (registration: string, payee: 'seller' | 'lender', amountPence: number, paidAt: string) => ({
        valuationId: id(registration),
        payee,
        amountPence,
        reference: `CARBUY ${registration}`,
        paidAt: new Date(paidAt),
      });
      await db()
        .insert(valuationPayments)
        .values([
          payment('SOLD1', 'seller', 275_000, '2026-07-15T23:20:00Z'),
          payment('SOLD1', 'lender', 150_000, '2026-07-15T23:25:00Z'),
          payment('SOLD2', 'seller', 310_000, '2026-07-15T22:00:00Z'),
        ]);
    });

    const purchases = async (query = '') => {
      const response = await get(`${exportPaths.purchases}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return { response, ...readCsv(response.body) };
    };

    it('lists each completed sale, oldest first, with its collection, payments and price', async () => {
      const { response, header, rows } = await purchases();
      expect(response.headers['content-disposition']).toBe('attachment; filename="purchases-2026-03-02.csv"');
      expect(response.headers['cache-control']).toBe('no-store, private');
      expect(header).toEqual([...purchaseExportColumns]);
      // TIE3 completed at NOW (March); the rest in July; archived sales count; open requests do not.
      // SOLD3 and SOLD4 completed at the same instant: the id (uuid order) breaks the tie.
      const same = await db()
        .select({ id: carValuations.id, registration: carValuations.registration })
        .from(carValuations)
        .where(sql`${carValuations.registration} in ('SOLD3', 'SOLD4')`);
      const tied = same.sort((a, b) => (a.id < b.id ? -1 : 1)).map((row) => row.registration);
      expect(rows.map((r) => r.Registration)).toEqual(['TIE3', 'SOLD2', 'SOLD1', ...tied, 'SOLD5']);
      expect(rows.find((r) => r.Registration === 'SOLD1')).toEqual({
        Reference: expect.stringMatching(/^CB-/),
        'Completed on': '2026-07-16',
        'Collected on': '2026-07-15',
        'Paid on (UK time)': '2026-07-16 00:25',
        Registration: 'SOLD1',
        Make: 'Ford',
        Model: 'Focus',
        Year: '2018',
        'Mileage at handover': '42310',
        'Price paid (£)': '4250.00',
        'Paid to the seller (£)': '2750.00',
        'Paid to the finance company (£)': '1500.00',
        'Finance company': 'Black Horse',
        'Seller first name': 'Jane',
        'Seller last name': "'=cmd",
        Postcode: 'LN11 0LQ',
      });
      expect(rows.find((r) => r.Registration === 'SOLD2')).toMatchObject({
        'Completed on': '2026-07-15',
        'Collected on': '',
        'Paid on (UK time)': '2026-07-15 23:00',
        'Price paid (£)': '3100.00',
        'Paid to the seller (£)': '3100.00',
        'Paid to the finance company (£)': '0.00',
        'Finance company': '',
      });
      // A sale completed before payments were recorded: its day, nothing invented.
      expect(rows.find((r) => r.Registration === 'SOLD3')).toMatchObject({
        'Paid on (UK time)': '',
        'Price paid (£)': '',
        'Paid to the seller (£)': '',
      });
    });

    it('keeps the sales completed between two UK days, both included', async () => {
      const between = async (query: string) => (await purchases(query)).rows.map((r) => r.Registration);
      expect(await between('?from=2026-07-16&to=2026-07-16')).toEqual(['SOLD1']);
      expect(await between('?from=2026-07-15&to=2026-07-15')).toEqual(['SOLD2']);
      expect(await between('?from=2026-07-20')).toHaveLength(3);
      expect(await between('?to=2026-07-15')).toEqual(['TIE3', 'SOLD2']);
      expect(await between('?from=2027-01-01')).toEqual([]);
      expect((await purchases('?from=2027-01-01')).response.body).toBe(`\uFEFF${purchaseExportColumns.join(',')}\r\n`);
    });
  });

  describe('a failure or a cancellation once the download has begun', () => {
    let release: () => void = () => {};
    let mode: 'fail' | 'wait' | 'many' = 'fail';
    const outcomes: string[] = [];
    let batches = 0;
    let clientGone = false;

    beforeAll(async () => {
      // The routes' own stream and sending, with a batch source that fails (or waits) after the first.
      const app = await createTestApp(engine, {
        setup: (app) =>
          app.get('/test/export.csv', { config: { access: 'public' } }, async (request, reply) => {
            batches = 0;
            clientGone = false;
            reply.raw.on('close', () => (clientGone = true));
            const stream = await csvStream(
              {
                columns: ['n'],
                next: async (_after: number | undefined, limit: number) => {
                  batches += 1;
                  if (batches === 2 && mode === 'fail') throw new Error('the database went away');
                  if (batches === 2 && mode === 'wait') await new Promise<void>((resolve) => (release = resolve));
                  // 'many': 400 batches answered at once, as an in-process database answers.
                  if (mode === 'many' && batches > 400) return [];
                  return Array.from({ length: limit }, (_, i) => batches * 1000 + i);
                },
                cells: (n) => [n],
              },
              {
                batchSize: 20_000,
                onEnd: (outcome) => {
                  outcomes.push(outcome.outcome);
                  logOutcome(request.log, { export: 'test' }, outcome);
                },
              },
            );
            return sendCsv(reply, 'test.csv', stream);
          }),
      });
      t2 = app;
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.app.server.address() as { port: number }).port;
    });
    let t2: TestApp;
    let port: number;
    afterAll(async () => t2?.close());

    /** A download over a real connection, as a browser makes it (the app serves its own host name only). */
    function open(headers: Record<string, string> = {}): Promise<IncomingMessage> {
      return new Promise((resolve, reject) => {
        const request = http.get({
          host: '127.0.0.1',
          port,
          path: '/test/export.csv',
          headers: { host: 'localhost', ...headers },
        });
        request.on('response', resolve).on('error', reject);
      });
    }

    /** Everything the response gives until it ends or is cut off. */
    function readAll(response: IncomingMessage): Promise<{ bytes: number; complete: boolean }> {
      return new Promise((resolve) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, complete: response.complete }));
        response.on('error', () => resolve({ bytes, complete: false }));
        response.on('aborted', () => resolve({ bytes, complete: false }));
      });
    }

    it('cuts the download off, so it fails visibly instead of looking complete, and logs it', async () => {
      mode = 'fail';
      const response = await open();
      expect(response.statusCode).toBe(200);
      const read = await readAll(response);
      expect(read.bytes).toBeGreaterThan(0);
      expect(read.complete).toBe(false);
      await expect.poll(() => outcomes.at(-1)).toBe('failed');
      const line = t2.logs.lines
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.export === 'test');
      expect(line).toMatchObject({
        level: 50,
        outcome: 'failed',
        rows: 20_000,
        msg: 'CSV export failed after it started; the download was cut off',
      });
      expect(t2.logs.text()).toContain('the database went away');
    });

    it.each(['identity', 'gzip'])('stops reading when the client goes away (%s)', async (encoding) => {
      mode = 'wait';
      const before = t2.logs.lines.length;
      const response = await open({ 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
      await new Promise((resolve) => response.once('data', resolve));
      response.destroy();
      // The second batch is still being read when the client goes: nothing asks for a third.
      await expect.poll(() => clientGone).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await expect.poll(() => outcomes.at(-1)).toBe('cancelled');
      expect(batches).toBe(2);
      const logged = t2.logs.lines.slice(before).join('\n');
      expect(logged).toContain('CSV export cancelled by the client');
      expect(logged).not.toContain('CSV export failed');
    });

    it('lets other requests in between its batches', async () => {
      mode = 'many';
      // Downloaded by another process, reading as fast as it can, as a browser on a fast link:
      // the socket then takes every chunk at once, and nothing but the export would run here.
      const client = spawn(process.execPath, [
        '-e',
        `require('http').get({ host: '127.0.0.1', port: ${port}, path: '/test/export.csv', headers: { host: 'localhost' } },
          (r) => { r.resume(); r.on('end', () => process.exit(r.complete ? 0 : 1)); })`,
      ]);
      const exited = new Promise<number | null>((resolve) => client.on('exit', resolve));
      await expect.poll(() => batches, { interval: 5 }).toBeGreaterThan(1);
      const answeredAt = await new Promise<number>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port, path: '/api/health', headers: { host: 'localhost' } }, (answer) => {
            answer.resume();
            answer.on('end', () => resolve(batches));
          })
          .on('error', reject),
      );
      expect(await exited).toBe(0);
      // Answered while the download was still being written, not after its 400 batches.
      expect(answeredAt).toBeLessThan(400);
    });
  });
});
