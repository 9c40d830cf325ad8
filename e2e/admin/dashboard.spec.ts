import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from './helpers';
import { createValuation, searchList, uniqueTag, type CreatedValuation } from './valuations';

/*
 * The dashboard (issue 11, SPEC section 2) against the real API: requests sent through the public
 * valuation endpoint appear with the counts, are found by name and by registration, filtered by
 * their real status, and archived. Other tests share the app, so counts are read, not assumed.
 */

const requests = (page: Page) => page.getByRole('table', { name: 'Car valuation requests, newest first' });
const rowOf = (page: Page, valuation: CreatedValuation) =>
  requests(page).getByRole('row').filter({ hasText: valuation.lastName }).filter({ hasText: valuation.firstName });
const statCard = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Valuation counts' }).getByRole('listitem').filter({ hasText: title });

async function count(card: Locator): Promise<number> {
  const text = (await card.textContent()) ?? '';
  return Number(/([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
}

test.describe('[ADMIN][DASHBOARD]', () => {
  test.beforeEach(async ({ page }) => {
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  });

  test('new requests appear with the counts; search, status filter and the address; archive one', async ({ page }) => {
    const family = `Hart${uniqueTag()}`;
    const ford = await createValuation(page.request, { firstName: 'Amelia', lastName: family });
    const corsa = await createValuation(page.request, {
      firstName: 'Ben',
      lastName: family,
      make: 'VAUXHALL',
      model: 'Corsa',
      year: 2015,
      mileage: 82000,
      overallCondition: 'fair',
      scuffedWheels: 3,
      tyresNeedReplacing: 2,
      postcode: 'sw1a 1aa',
    });
    const unknown = await createValuation(page.request, {
      firstName: 'Cara',
      lastName: family,
      make: undefined,
      model: undefined,
      year: undefined,
    });
    const status = await page.request.patch(`/api/valuations/${corsa.id}/status`, { data: { status: 'contacted' } });
    expect(status.status()).toBe(200);

    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();

    // --- The counts, the week's chart (its table for screen readers) and the brands -------------
    for (const title of ['Total Valuations', 'Today', 'This Week', 'This Month'])
      await expect.poll(() => count(statCard(page, title)), title).toBeGreaterThanOrEqual(3);
    const week = page.getByRole('table', { name: 'Valuation requests per day, last 7 days', includeHidden: true });
    await expect(week.getByRole('row', { includeHidden: true })).toHaveCount(8);
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Popular Brands' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Most requested makes' })).toContainText(/Ford\s*\d+ valuations?/);

    // --- Search by the customer's name: all three, with SPEC's columns ------------------------
    await searchList(page, family);
    await expect(requests(page).getByRole('row')).toHaveCount(4);
    const fordRow = rowOf(page, ford);
    await expect(fordRow).toContainText(ford.registration);
    await expect(fordRow).toContainText('Ford Focus');
    await expect(fordRow).toContainText('45,000 miles');
    await expect(fordRow).toContainText('jo@example.com');
    await expect(fordRow).toContainText('07911 123456');
    await expect(fordRow).toContainText('LN11 0LQ');
    await expect(fordRow.getByText('Local', { exact: true })).toBeVisible();
    await expect(fordRow).toContainText('Great Condition');
    await expect(fordRow).toContainText(/Tyres to replace\s*Not sure/);
    await expect(fordRow).toContainText(/\d{2} [A-Z][a-z]{2} \d{4} • \d{2}:\d{2}/);
    await expect(fordRow.getByText('New', { exact: true })).toBeVisible();
    await expect(fordRow.getByRole('link', { name: /^View Details/ })).toHaveAttribute(
      'href',
      `/admin/valuations/${ford.id}`,
    );
    const corsaRow = rowOf(page, corsa);
    await expect(corsaRow).toContainText('Vauxhall Corsa');
    await expect(corsaRow).toContainText(/2015 · 82,000 miles/);
    await expect(corsaRow).toContainText('SW1A 1AA');
    await expect(corsaRow.getByText('Contacted', { exact: true })).toBeVisible();
    await expect(rowOf(page, unknown)).toContainText('Vehicle details pending');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-dashboard-requests-desktop');

    // --- Search by registration, typed with a space as people do -----------------------------
    await searchList(page, `${ford.registration.slice(0, 4)} ${ford.registration.slice(4)}`);
    await expect(requests(page).getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, ford)).toBeVisible();

    // --- The status filter, kept in the address through a reload and Back --------------------
    await searchList(page, family);
    await page.getByLabel('Status').selectOption({ label: 'Contacted' });
    await expect(page).toHaveURL(/status=contacted/);
    await expect(requests(page).getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, corsa)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('contacted');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(family);
    await expect(requests(page).getByRole('row')).toHaveCount(2);
    await page.goBack();
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByLabel('Status')).toHaveValue('');
    await expect(requests(page).getByRole('row')).toHaveCount(4);
    await page.getByLabel('Status').selectOption({ label: 'Completed' });
    await expect(page.getByText('No valuations found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // --- Archive: it leaves the dashboard and is in the archive --------------------------------
    await searchList(page, family);
    await rowOf(page, ford)
      .getByRole('button', { name: /^Archive/ })
      .click();
    await expectToast(page, 'Valuation archived successfully');
    await expect(rowOf(page, ford)).toHaveCount(0);
    await expect(requests(page).getByRole('row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectToast(page, 'Refreshed');

    // --- Phone: cards instead of the table, the header's buttons in one tidy row ----------------
    await page.setViewportSize(viewports.phone);
    await expect(requests(page)).toBeHidden();
    const cards = page.getByRole('list', { name: 'Car valuation requests, newest first' });
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    await expect(cards.getByRole('listitem').filter({ hasText: 'Ben' })).toContainText('Vauxhall Corsa');
    await page.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: 'Voice messages' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-dashboard-requests-phone');

    await page.goto(`/admin/archived?q=${family}`);
    await expect(page.getByRole('list', { name: 'Archived valuations, newest first' })).toContainText(
      ford.registration,
    );
  });

  test('the requests at each stage: each figure leads to its requests, the search cleared', async ({ page }) => {
    const family = `Stage${uniqueTag()}`;
    const moved = await createValuation(page.request, { firstName: 'Dora', lastName: family });
    await page.setViewportSize(viewports.desktop);
    await page.goto(`/admin?q=${family}`);
    const stages = page.getByRole('list', { name: 'Requests by stage' });
    const tile = (name: string) => stages.getByRole('link', { name: new RegExp(`^${name}\\b`) });
    await expect(tile('New')).toHaveText(/New\s*[\d,]+\+?$/);
    await expect(stages.getByRole('link')).toHaveText(
      [
        'New',
        'Contacted',
        'Offer made',
        'Offer expired',
        'Offer accepted',
        'Collection booked',
        'Collected',
        'Completed',
        'Lost',
      ].map((name) => new RegExp(`^${name}\\s*[\\d,]+\\+?$`)),
    );
    const contactedBefore = await count(tile('Contacted'));

    // Staff call the seller: the figure follows once the dashboard is refreshed.
    const status = await page.request.patch(`/api/valuations/${moved.id}/status`, { data: { status: 'contacted' } });
    expect(status.status()).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectToast(page, 'Refreshed');
    await expect.poll(() => count(tile('Contacted'))).toBeGreaterThan(contactedBefore);

    // By keyboard: the figure opens the list at that stage, without the search that was typed.
    await tile('Contacted').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?status=contacted$/);
    await expect(tile('Contacted')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByLabel('Status')).toHaveValue('contacted');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    const rows = requests(page)
      .getByRole('row')
      .filter({ hasNot: page.getByRole('columnheader') });
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) await expect(row.getByText('Contacted', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.setViewportSize(viewports.phone);
    await stages.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-dashboard-stages-phone');
  });

  test('the header leads to the other areas', async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin');
    const links: [string, RegExp][] = [
      ['Calls', /\/admin\/calls$/],
      ['Voice messages', /\/admin\/voice-messages$/],
      ['Reviews', /\/admin\/reviews$/],
      ['Analytics', /\/admin\/analytics$/],
      ['Purchased vehicles', /\/admin\/purchased-vehicles$/],
      ['Archived', /\/admin\/archived$/],
    ];
    for (const [name, url] of links) {
      await page.getByRole('main').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    }
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-dashboard-top-${name}`, { fullPage: false });
    }
  });

  test('a list that fails to load says "Error loading valuations" and can be tried again', async ({
    page,
    expectedHttpErrors,
  }) => {
    expectedHttpErrors.add(500);
    let fail = true;
    await page.route('**/api/valuations/active?*', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side.' } }) : route.continue(),
    );
    await page.goto('/admin');
    const alert = page.getByRole('alert').filter({ hasText: 'Error loading valuations' });
    await expect(alert).toContainText('Something went wrong on our side.');
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden();
  });

  test('a refused archive shows the server’s reason', async ({ page, expectedHttpErrors }) => {
    expectedHttpErrors.add(409);
    const family = `Shaw${uniqueTag()}`;
    const valuation = await createValuation(page.request, { firstName: 'Dev', lastName: family });
    await page.route('**/api/valuations/*/archive', (route) =>
      route.fulfill({ status: 409, json: { message: 'This valuation is already archived.' } }),
    );
    await page.setViewportSize(viewports.desktop);
    await page.goto(`/admin?q=${family}`);
    await rowOf(page, valuation)
      .getByRole('button', { name: /^Archive/ })
      .click();
    await expectToast(page, 'Error', 'This valuation is already archived.');
    await expect(rowOf(page, valuation)).toBeVisible();
  });

  test('distances from the base read in miles, and never "0 m" for the base’s own postcode', async ({ page }) => {
    const family = `Moss${uniqueTag()}`;
    const at = (firstName: string, postcode: string) =>
      createValuation(page.request, { firstName, lastName: family, postcode });
    // The fake Routes API: LN11 0LQ is the base itself, LN11 8AB a few streets away, SW1A 1AA 251.3 km.
    const base = await at('Bea', 'LN11 0LQ');
    const nearby = await at('Ned', 'LN11 8AB');
    const london = await at('Lou', 'SW1A 1AA');
    await page.setViewportSize(viewports.desktop);
    await page.goto(`/admin?q=${family}`);
    const distanceOf = (valuation: CreatedValuation) => rowOf(page, valuation).getByRole('cell').nth(2);
    await expect(distanceOf(base)).toHaveText(/^LN11 0LQ\s*Local\s*Same postcode as the base$/);
    await expect(distanceOf(nearby)).toHaveText(/^LN11 8AB\s*Local\s*0\.6 miles$/);
    await expect(distanceOf(london)).toHaveText(/^SW1A 1AA\s*Long\s*156 miles$/);
    await rowOf(page, base).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-dashboard-distances-desktop', { fullPage: false });
  });

  test('a long e-mail address wraps only before its "@" or a dot, or after a hyphen', async ({ page }) => {
    const family = `Wray${uniqueTag()}`;
    const email = `alexandra.fitzgerald-montgomery${family.toLowerCase()}@longfamilynameexample.co.uk`;
    await createValuation(page.request, { firstName: 'Alexandra', lastName: family, email });
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(`/admin?q=${family}`);
      const link = page.getByRole('link', { name: email, exact: true }).filter({ visible: true });
      await expect(link).toHaveAttribute('href', `mailto:${email}`);
      const lines = await renderedLines(link);
      expect(lines.join(''), name).toBe(email);
      expect(lines.length, `${name}: the address is long enough to wrap`).toBeGreaterThan(1);
      for (const [index, line] of lines.slice(1).entries()) {
        const before = lines[index]!;
        expect(before.endsWith('-') || /^[@.]/.test(line), `${name}: "${before}" | "${line}"`).toBe(true);
      }
      await link.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-dashboard-long-email-${name}`, { fullPage: false });
    }
  });
});

/** The text of an element as the browser laid it out, one string per line. */
function renderedLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: string[] = [];
    let line = '';
    let top: number | undefined;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (top !== undefined && rect.top > top + rect.height / 2) {
          lines.push(line);
          line = '';
        }
        top = rect.top;
        line += node.data[i];
      }
    }
    return [...lines, line];
  });
}
