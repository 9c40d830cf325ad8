import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deductionItems } from '~/server/db/schema';
import { createPageCache } from '~/server/render/page-cache';
import {
  deductionMessages as m,
  type DeductionChange,
  type DeductionTable,
  type HowWeValuePageData,
} from '~/shared/deduction-schemas';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { cachedAppPages, type PageDataAnswer } from '../../../../test/helpers/pages';
import { HOW_WE_VALUE_ROUTE_ID } from './index';
import { seedStartingDeductions, STARTING_DEDUCTIONS } from './starting-deductions';

/**
 * The deductions table (issue 37): the starting items on a first start, staff's changes (add, edit,
 * reorder, retire, bring back) with their refusals, and `/how-we-value`, which publishes the items
 * in use in their order and shows a change at once although the page is kept whole in memory.
 */

const ORIGIN = 'http://localhost';

describe.each(testEngines)('the deductions table on %s', (engine) => {
  let t: TestApp | undefined;
  let cookie: string;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup() {
    t = await createTestApp(engine, {
      deps: { renderSource: cachedAppPages, clock: testClock(), pageCache: createPageCache() },
    });
    const admin = await seedUser(t.db.database.db, cheapHasher(), { isAdmin: true });
    cookie = await signedInCookie(t.app, admin);
  }
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t!.app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async () => (await call('GET', '/api/admin/deductions')).json<DeductionTable>();
  const names = async () => (await list()).items.map((item) => item.name);
  const published = async () => {
    const response = await t!.app.inject({ url: `/api/page-data?path=${encodeURIComponent('/how-we-value')}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PageDataAnswer>().routes[HOW_WE_VALUE_ROUTE_ID]!;
  };
  const page = async () => {
    const response = await t!.app.inject({ url: '/how-we-value' });
    expect(response.statusCode).toBe(200);
    return response.body.replaceAll('&#x27;', '’').replaceAll('&amp;', '&');
  };

  it('starts with the starting table, once, in order, published on /how-we-value', async () => {
    await setup();
    const table = await list();
    expect(table.items.map((item) => item.name)).toEqual(STARTING_DEDUCTIONS.map((item) => item.name));
    expect(table.items[0]).toMatchObject({ name: 'Scuff or scratch, per panel', minPence: 3_000, maxPence: 8_000 });
    expect(table.retired).toEqual([]);
    const data = (await published()).data as HowWeValuePageData;
    expect(data.deductions).toHaveLength(STARTING_DEDUCTIONS.length);
    expect(data.deductions[0]).toEqual({
      name: 'Scuff or scratch, per panel',
      minPence: 3_000,
      maxPence: 8_000,
      evidence: 'A photo of each panel: close up, and from a step back',
    });
    const html = await page();
    expect(html).toContain('What we take off, and the evidence we record');
    expect(html).toContain('Kerbed alloy wheel, per wheel');
    expect(html).toContain('£30 to £80');
    // Staff who retire everything keep an empty table: a restart does not fill it again.
    const db = t!.db.database.db;
    await db.update(deductionItems).set({ retiredAt: new Date() });
    await seedStartingDeductions(db, new Date());
    expect(await db.select().from(deductionItems)).toHaveLength(STARTING_DEDUCTIONS.length);
    expect((await list()).items).toEqual([]);
  });

  it('adds, changes, moves, retires and brings back items, each shown on the kept /how-we-value at once', async () => {
    await setup();
    // The page is kept after its first view.
    expect(await page()).not.toContain('Cracked bumper');
    const firstVersion = (await published()).version;

    const added = await call('POST', '/api/admin/deductions', {
      name: 'Cracked bumper',
      amountFrom: '120',
      amountTo: '250.50',
      evidence: 'A photo of the crack, close up',
    });
    expect(added.statusCode, added.body).toBe(201);
    const change = added.json<DeductionChange>();
    expect(change.message).toBe(m.added);
    const bumper = change.table.items.at(-1)!;
    expect(bumper).toMatchObject({ name: 'Cracked bumper', minPence: 12_000, maxPence: 25_050 });
    expect(await page()).toContain('£120 to £250.50');
    expect((await published()).version).not.toBe(firstVersion);

    // A fixed amount: no "to", or the same figure.
    const fixed = await call('POST', '/api/admin/deductions', {
      name: 'Missing locking wheel nut key',
      amountFrom: 35,
      evidence: 'A photo of the wheels',
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json<DeductionChange>().table.items.at(-1)).toMatchObject({ minPence: 3_500, maxPence: 3_500 });

    // Refusals, with the form's words on the field.
    const taken = await call('POST', '/api/admin/deductions', {
      name: 'cracked BUMPER',
      amountFrom: '10',
      evidence: 'x',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ issues: [{ path: 'name', message: m.nameTaken }] });
    const backwards = await call('PUT', `/api/admin/deductions/${bumper.id}`, {
      name: 'Cracked bumper',
      amountFrom: '300',
      amountTo: '250',
      evidence: 'A photo',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ issues: [{ path: 'amountTo', message: m.rangeBackwards }] });

    const edited = await call('PUT', `/api/admin/deductions/${bumper.id}`, {
      name: 'Cracked or split bumper',
      amountFrom: '150',
      amountTo: '300',
      evidence: 'A photo of the crack or split, close up',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await page()).toContain('Cracked or split bumper');

    // Up one place; at the top, up again changes nothing.
    const before = await names();
    const up = await call('POST', `/api/admin/deductions/${bumper.id}/move`, { direction: 'up' });
    expect(up.statusCode, up.body).toBe(200);
    const after = await names();
    expect(after.indexOf('Cracked or split bumper')).toBe(before.indexOf('Cracked or split bumper') - 1);
    const first = (await list()).items[0]!;
    const top = await call('POST', `/api/admin/deductions/${first.id}/move`, { direction: 'up' });
    expect(top.statusCode).toBe(200);
    expect((await list()).items[0]!.id).toBe(first.id);
    const down = await call('POST', `/api/admin/deductions/${first.id}/move`, { direction: 'down' });
    expect(down.json<DeductionChange>().table.items[1]!.id).toBe(first.id);

    const retired = await call('POST', `/api/admin/deductions/${bumper.id}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json<DeductionChange>().table.retired.map((item) => item.name)).toEqual(['Cracked or split bumper']);
    expect(await page()).not.toContain('Cracked or split bumper');
    expect((await call('POST', `/api/admin/deductions/${bumper.id}/retire`)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/deductions/${bumper.id}/move`, { direction: 'up' })).statusCode).toBe(409);

    const restored = await call('POST', `/api/admin/deductions/${bumper.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<DeductionChange>().table.items.at(-1)!.name).toBe('Cracked or split bumper');
    expect(await page()).toContain('Cracked or split bumper');

    const missing = await call('POST', '/api/admin/deductions/8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e/retire');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: m.notFound });
    const [row] = await t!.db.database.db.select().from(deductionItems).where(eq(deductionItems.id, bumper.id));
    expect(row).toMatchObject({ retiredAt: null });
  });
});
