import { afterEach, describe, expect, it } from 'vitest';
import { HOME_PAGE_ROUTE_ID, type HomePageData } from '~/server/features/home';
import { purchasedVehicles, type NewPurchasedVehicle } from '~/server/db/schema';
import type { PublicVehiclePage } from '~/shared/purchased-vehicles';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { appPages, type PageDataAnswer } from '../../../../test/helpers/pages';
import { RECENTLY_PURCHASED_ROUTE_ID } from './purchased-vehicles-page-data';

/**
 * /recently-purchased and the home page with their vehicles in the server's HTML and in
 * GET /api/page-data (docs/decisions/002-page-data.md): visible ones only, never a registration or
 * a price, pages of 24, and a 404 past the last page.
 */

const aVehicle = (n: number, overrides: Partial<NewPurchasedVehicle> = {}): NewPurchasedVehicle => ({
  make: 'Ford',
  model: `Model${n}`,
  year: 2018,
  registration: 'SECRETREG',
  purchasePricePence: 987_654,
  location: 'Grimsby',
  purchaseDate: `2026-01-${String((n % 28) + 1).padStart(2, '0')}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
  ...overrides,
});

describe.each(testEngines)('purchased vehicles page data on %s', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup(count: number, overrides: Partial<NewPurchasedVehicle> = {}) {
    // Rows are written directly here, as another process would: the public list is read afresh.
    t = await createTestApp(engine, {
      deps: { renderSource: appPages, clock: testClock(), purchasedVehicles: { visibleMaxAgeMs: 0 } },
    });
    if (count > 0) {
      await t.db.database.db
        .insert(purchasedVehicles)
        .values(Array.from({ length: count }, (_, i) => aVehicle(i + 1, overrides)));
    }
  }
  /** A page, with React's `<!-- -->` text separators taken out so sentences can be searched for. */
  const get = async (url: string) => {
    const response = await t!.app.inject({ method: 'GET', url });
    return { statusCode: response.statusCode, body: response.body.replace(/<!-- -->/g, '') };
  };
  const pageData = async (path: string) => {
    const response = await get(`/api/page-data?path=${encodeURIComponent(path)}`);
    expect(response.statusCode, response.body).toBe(200);
    return JSON.parse(response.body) as PageDataAnswer;
  };

  it('server-renders /recently-purchased with the visible vehicles, and never their registration or price', async () => {
    await setup(2);
    await t!.db.database.db.insert(purchasedVehicles).values(aVehicle(3, { model: 'HiddenOne', isVisible: false }));
    const page = await get('/recently-purchased');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('2018 Ford Model2');
    expect(page.body).toContain('2018 Ford Model1');
    expect(page.body).not.toMatch(/HiddenOne|SECRETREG|987654|9,876|purchasePrice/);
    expect(page.body).not.toContain('No vehicles to display yet');
    const data = (await pageData('/recently-purchased')).routes[RECENTLY_PURCHASED_ROUTE_ID]!.data as PublicVehiclePage;
    expect(data.items.map((v) => v.model)).toEqual(['Model2', 'Model1']);
  });

  it('shows SPEC’s empty state with no vehicles, and a 404 for a page past the last', async () => {
    await setup(0);
    const page = await get('/recently-purchased');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No vehicles to display yet');
    expect(page.body).toContain('Check back soon to see our latest purchases!');
    for (const path of ['/recently-purchased?page=2', '/recently-purchased?page=abc']) {
      const missing = await get(path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.body, path).toContain('Page Not Found');
    }
  });

  it('pages 24 at a time, with links to the other pages', async () => {
    await setup(30);
    const first = await get('/recently-purchased');
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toContain('href="/recently-purchased?page=2"');
    const second = (await pageData('/recently-purchased?page=2')).routes[RECENTLY_PURCHASED_ROUTE_ID]!
      .data as PublicVehiclePage;
    expect(second.items).toHaveLength(6);
    expect((await get('/recently-purchased?page=3')).statusCode).toBe(404);
  });

  it('gives the home page the first 6 and the total, and changes the version when a vehicle changes', async () => {
    await setup(8);
    const home = await pageData('/');
    const data = home.routes[HOME_PAGE_ROUTE_ID]!.data as HomePageData;
    expect(data.vehicles?.items).toHaveLength(6);
    expect(data.vehicles?.total).toBe(8);
    expect(JSON.stringify(data)).not.toMatch(/SECRETREG|987654/);
    const html = (await get('/')).body;
    expect(html).toContain('And many more: these are the newest 6 of the 8 cars we have recently bought.');
    await t!.db.database.db.update(purchasedVehicles).set({ isVisible: false, updatedAt: new Date() });
    const after = await pageData('/');
    expect(after.routes[HOME_PAGE_ROUTE_ID]!.version).not.toBe(home.routes[HOME_PAGE_ROUTE_ID]!.version);
    expect((after.routes[HOME_PAGE_ROUTE_ID]!.data as HomePageData).vehicles).toEqual({ items: [], total: 0 });
    expect((await get('/')).body).not.toContain('Previously purchased vehicles');
  });
});
