import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { startApp } from '../../scripts/lib/start-app.mjs';
import { fakesEnv, startFakes } from '../../scripts/lib/start-fakes.mjs';
import { openDatabase } from '~/server/db/client';
import { runMigrations } from '~/server/db/migrate';
import { referenceFor } from '../../test/helpers/valuation';
import { exportMessages, purchaseExportColumns, valuationExportColumns } from '~/shared/exports';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { expect, loginRequest, settleMotion, test } from './helpers';
import { createValuation, searchList, uniqueTag } from './valuations';

/*
 * Issue 37's CSV export, in Chromium, on an app of its own holding 100,000 valuations: 99,998
 * written straight into its database before it starts (seedValuations) and two sent through the
 * public form, one by a seller who typed
 * =HYPERLINK("http://x","y") as their first name. "Download CSV" on the dashboard downloads every
 * row, which a real CSV reader parses (header, 100,000 records, the name neutralised with a
 * leading '); after a search, and a reload, it downloads just the matches; by keyboard too. The
 * completed purchases download from the dashboard's actions, between two days or all of them,
 * refusing a last day before the first. Screenshots at 390 and 1280 px, axe on each.
 */

test.describe.configure({ mode: 'serial' });

const SEEDED = 99_998;
const TOTAL = 100_000;
const SEEDED_PURCHASES = Math.floor(SEEDED / 50);
const FORMULA = '=HYPERLINK("http://x","y")';
const admin = { username: 'csv-admin', password: `e2e ${randomBytes(12).toString('base64url')}` };

let fakes: Awaited<ReturnType<typeof startFakes>>;
let app: Awaited<ReturnType<typeof startApp>>;
let dataDir: string;
const tag = uniqueTag();
const formulaSeller = { firstName: FORMULA, lastName: `Csv${tag}` };
const plainSeller = { firstName: 'Ada', lastName: `Csv${tag}` };
let plainSellerId: string;

/**
 * 99,998 requests in the app's data folder before it starts (PGlite: one process at a time), in one
 * INSERT … SELECT from generate_series: one a minute going back from now, four names, a fiftieth of
 * them completed purchases, the rest unanswered with their 20- and 24-hour alerts sent when they
 * fell due (as the demo seeder and the migration that began the promise do: otherwise the promise
 * job would start on 98,000 overdue alerts a minute after the app starts). The demo seeder
 * (`npm run seed:demo`) takes over three minutes for 100,000 on PGlite, most of it updating the
 * four trigram indexes row by row; here those are dropped for the insert and built again from
 * their own definitions afterwards, in seconds.
 */
async function seedValuations(count: number): Promise<number> {
  const started = performance.now();
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await runMigrations(database);
    const db = database.db;
    const gin = await db.execute<{ name: string; definition: string }>(
      sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'car_valuations' and indexdef like '%USING gin%'`,
    );
    for (const { name } of gin.rows) await db.execute(sql.raw(`drop index "${name}"`));
    await db.execute(sql`
      insert into car_valuations (reference, registration, mileage, make, model, year, first_name, last_name,
        postcode, email, phone, agree_to_contact, overall_condition, outstanding_finance, status, closed_at,
        first_answered_at, promise_warning_sent_at, promise_breach_sent_at, created_at, updated_at)
      select ${referenceFor(sql`g`)}, 'KX' || (g % 90 + 10) || 'ABC', 20000 + g % 80000,
        (array['FORD', 'VAUXHALL', 'BMW', 'TOYOTA'])[g % 4 + 1], (array['FOCUS', 'CORSA', '320D', 'YARIS'])[g % 4 + 1],
        2010 + g % 14, (array['Oliver', 'Amelia', 'George', 'Isla'])[g % 4 + 1],
        (array['Smith', 'Jones', 'Taylor', 'Brown'])[g % 4 + 1], 'LN11 0LQ', 'seller' || g || '@example.com',
        '07700 900' || lpad((g % 1000)::text, 3, '0'), true, 'great', 'no',
        (case when g % 50 = 0 then 'completed' else 'new' end)::valuation_status,
        case when g % 50 = 0 then now() - (g || ' minutes')::interval + interval '3 days' end,
        case when g % 50 = 0 then now() - (g || ' minutes')::interval + interval '2 hours' end,
        case when g % 50 <> 0 and g > 20 * 60 then now() - (g || ' minutes')::interval + interval '20 hours' end,
        case when g % 50 <> 0 and g > 24 * 60 then now() - (g || ' minutes')::interval + interval '24 hours' end,
        now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${count}) g`);
    for (const { definition } of gin.rows) await db.execute(sql.raw(definition));
    await db.execute(sql`vacuum analyze car_valuations`);
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'carbuy-e2e-csv-'));
  const seconds = await seedValuations(SEEDED);
  console.log(`seeded ${SEEDED.toLocaleString('en-GB')} valuations on PGlite in ${seconds.toFixed(1)} s`);
  fakes = await startFakes();
  app = await startApp({
    command: 'node dist/server/main.js',
    env: {
      ...fakesEnv(fakes),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    },
  });
  const seller = await playwright.request.newContext({ baseURL: app.baseUrl });
  await createValuation(seller, formulaSeller);
  plainSellerId = (await createValuation(seller, plainSeller)).id;
  await seller.dispose();
});

test.afterAll(async () => {
  await app?.stop();
  await fakes?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A signed-in admin's page on this spec's app. */
async function adminPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: app.baseUrl, acceptDownloads: true });
  const page = await context.newPage();
  await loginRequest(page.request, admin.username, admin.password);
  await settleMotion(page);
  return page;
}

type Csv = { header: string[]; rows: Record<string, string>[] };

/** The downloaded file as a spreadsheet reads it (csv-parse, RFC 4180), checking the BOM and CRLF. */
function readDownload(file: string): Csv {
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)], 'a UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  // Records end with CRLF (RFC 4180).
  expect(text.charAt(text.indexOf('\n') - 1)).toBe('\r');
  const [header = [], ...records] = parse(text, { bom: true }) as string[][];
  return { header, rows: records.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))) };
}

async function saved(download: Download): Promise<string> {
  const file = await download.path();
  expect(file, (await download.failure()) ?? 'downloaded').toBeTruthy();
  return file!;
}

const downloadLink = (page: Page) => page.getByRole('link', { name: exportMessages.downloadList });

test('the dashboard downloads all 100,000 requests as CSV, formulas neutralised', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await adminPage(browser);
  await page.setViewportSize(viewports.desktop);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Car Valuation Requests' })).toBeVisible();
  await expect(page.getByText('in all')).toBeVisible();
  const link = downloadLink(page);
  await expect(link).toHaveAttribute('href', '/api/admin/valuations/export.csv');
  await expect(link).toHaveAccessibleDescription(/every request in the list below, all pages/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'csv-export-dashboard-desktop');

  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^valuations-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readDownload(await saved(download));
  console.log(`downloaded and parsed ${csv.rows.length.toLocaleString('en-GB')} rows in ${Date.now() - started} ms`);
  expect(csv.header).toEqual([...valuationExportColumns]);
  expect(csv.rows).toHaveLength(TOTAL);
  // Newest first: the two sent through the form lead, the formula's seller sent first, so second.
  expect(csv.rows.slice(0, 2).map((row) => [row['Seller first name'], row['Seller last name']])).toEqual([
    [plainSeller.firstName, plainSeller.lastName],
    [`'${FORMULA}`, formulaSeller.lastName],
  ]);
  // Each reference once: no row lost or repeated across the 100 batches.
  expect(new Set(csv.rows.map((row) => row.Reference)).size).toBe(TOTAL);
  // Our numbers stay numbers.
  expect(csv.rows.every((row) => /^\d+$/.test(row.Mileage!))).toBe(true);
  await page.context().close();
});

test('after a search (and a reload) the download holds just the matches; the keyboard works too', async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.setViewportSize(viewports.phone);
  await page.goto('/admin');
  await searchList(page, `Csv${tag}`);
  await expect(page.getByText('2 matching')).toBeVisible();
  await page.reload();
  await expect(page.getByText('2 matching')).toBeVisible();
  const link = downloadLink(page);
  await expect(link).toHaveAttribute('href', `/api/admin/valuations/export.csv?q=Csv${tag}`);
  await expect(link).toHaveAccessibleDescription(/matching the search and filters below/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'csv-export-dashboard-search-phone');
  await link.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'csv-export-dashboard-button-phone', { fullPage: false });

  // By keyboard: focus the link and press Enter.
  await link.focus();
  await expect(link).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const csv = readDownload(await saved(download));
  expect(csv.rows.map((row) => [row['Seller first name'], row['Seller last name']])).toEqual([
    [plainSeller.firstName, plainSeller.lastName],
    [`'${FORMULA}`, formulaSeller.lastName],
  ]);
  await page.context().close();
});

test('the archive downloads its own list', async ({ browser }) => {
  const page = await adminPage(browser);
  // One request archived (after the dashboard's tests, which count all 100,000).
  const archived = await page.request.post(`/api/valuations/${plainSellerId}/archive`, {
    headers: { origin: app.baseUrl },
  });
  expect(archived.status(), await archived.text()).toBe(200);
  for (const [viewport, name] of [
    [viewports.phone, 'csv-export-archive-phone'],
    [viewports.desktop, 'csv-export-archive-desktop'],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/archived');
    await expect(page.getByRole('heading', { level: 2, name: 'Archived Valuations' })).toBeVisible();
    await expect(page.getByText('1 in all')).toBeVisible();
    await expect(downloadLink(page)).toHaveAttribute('href', '/api/admin/valuations/export.csv?archived=true');
    await expect(downloadLink(page)).toHaveAccessibleDescription(/every archived request in the list below/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, name);
  }
  const [download] = await Promise.all([page.waitForEvent('download'), downloadLink(page).click()]);
  expect(download.suggestedFilename()).toMatch(/^archived-valuations-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readDownload(await saved(download));
  expect(csv.header).toEqual([...valuationExportColumns]);
  expect(csv.rows.map((row) => [row['Seller first name'], row['Seller last name']])).toEqual([
    [plainSeller.firstName, plainSeller.lastName],
  ]);
  await page.context().close();
});

test('the completed purchases download from the dashboard, between two days or all', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser);
  for (const [viewport, suffix] of [
    [viewports.phone, 'phone'],
    [viewports.desktop, 'desktop'],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/admin');
    const open = page.getByRole('button', { name: exportMessages.downloadPurchases });
    await open.scrollIntoViewIfNeeded();
    await expect(open).toBeVisible();
    await saveScreenshot(page, `csv-export-dashboard-downloads-${suffix}`, { fullPage: false });
    // Opened by keyboard.
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Download completed purchases' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `csv-export-purchases-dialog-${suffix}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  }

  // A last day before the first is refused, in words under the field.
  await page.getByRole('button', { name: exportMessages.downloadPurchases }).click();
  const dialog = page.getByRole('dialog', { name: 'Download completed purchases' });
  await dialog.getByLabel('Completed from').fill('2026-03-10');
  await dialog.getByLabel('Completed to').fill('2026-03-01');
  await dialog.getByRole('link', { name: 'Download CSV' }).click();
  const to = dialog.getByLabel('Completed to');
  await expect(dialog.getByText(exportMessages.toBeforeFrom)).toBeVisible();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toBeFocused();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'csv-export-purchases-dialog-error-desktop', { fullPage: false });

  // Between two days: the link carries them; the file has the purchases' header.
  await to.fill('2026-03-31');
  await expect(dialog.getByText(exportMessages.toBeforeFrom)).toHaveCount(0);
  const between = dialog.getByRole('link', { name: 'Download CSV' });
  await expect(between).toHaveAttribute('href', '/api/admin/purchases/export.csv?from=2026-03-10&to=2026-03-31');
  const [ranged] = await Promise.all([page.waitForEvent('download'), between.click()]);
  expect(ranged.suggestedFilename()).toMatch(/^purchases-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(readDownload(await saved(ranged)).header).toEqual([...purchaseExportColumns]);
  await expect(dialog).toBeHidden();

  // Empty fields: every completed sale (a fiftieth of the seeded ones); a double click downloads whole.
  await page.getByRole('button', { name: exportMessages.downloadPurchases }).click();
  await expect(dialog.getByLabel('Completed from')).toHaveValue('2026-03-10');
  await dialog.getByLabel('Completed from').fill('');
  await dialog.getByLabel('Completed to').fill('');
  const all = dialog.getByRole('link', { name: 'Download CSV' });
  await expect(all).toHaveAttribute('href', '/api/admin/purchases/export.csv');
  const [whole] = await Promise.all([page.waitForEvent('download'), all.dblclick()]);
  const purchases = readDownload(await saved(whole));
  expect(purchases.header).toEqual([...purchaseExportColumns]);
  expect(purchases.rows).toHaveLength(SEEDED_PURCHASES);
  expect(purchases.rows.every((row) => /^CB-/.test(row.Reference!))).toBe(true);
  await expect(dialog).toBeHidden();
  await page.context().close();
});
