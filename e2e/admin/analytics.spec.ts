import type { Page } from '@playwright/test';
import type { DailyStatsResponse } from '~/shared/analytics';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, settleMotion, signInViaApi, test } from './helpers';

/*
 * Visitor analytics (issue 15) as people meet it: someone browses the public site in an ordinary
 * browser (Playwright's own user agent says HeadlessChrome, which is rightly not counted, as every
 * other spec's visits are not), then staff see those visits on /admin/analytics.
 */

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
/** An address GeoLite2 places in St Albans (the app trusts one proxy in these tests). */
const VISITOR_ADDRESS = '81.2.69.142';

/** One of the four summary cards, by its title. */
const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });

test.describe('[ANALYTICS] counting visits and showing them to staff', () => {
  test('pages a visitor browses show on the analytics page, each view counted once', async ({ browser, page }) => {
    test.slow();
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    const before = (await (await page.request.get('/api/analytics/daily-stats?days=7')).json()) as DailyStatsResponse;

    // --- Someone browses the public site -----------------------------------------------------
    const visitor = await browser.newContext({
      userAgent: DESKTOP_CHROME,
      extraHTTPHeaders: { 'x-forwarded-for': VISITOR_ADDRESS },
    });
    const site = await visitor.newPage();
    await site.goto('/');
    await site.goto('/reviews');
    await site.goto('/about?utm_source=newsletter');
    // Back to /reviews: one more view, which the server would not see without the page's beacon.
    const beacon = site.waitForRequest('**/api/analytics/collect');
    await site.goBack();
    await expect(site).toHaveURL(/\/reviews$/);
    // Chromium shows it from its HTTP cache without asking the server, so the page tells it.
    // (Playwright cannot read a beacon's body; the count below shows it named /reviews.)
    expect((await (await beacon).response())?.status()).toBe(204);
    await visitor.close();

    // --- Staff open the analytics page -------------------------------------------------------
    await settleMotion(page);
    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin/analytics?days=7');
    await expect(page.getByRole('heading', { level: 1, name: 'Visitor analytics' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
    const expectedViews = before.totals.pageViews + 4;
    // Views are written every 2 s and the page asks every 15 s: they show within half a minute.
    await expect(card(page, 'Page Views')).toContainText(expectedViews.toLocaleString('en-GB'), { timeout: 30_000 });
    await expect(card(page, 'Total Visitors')).toContainText((before.totals.visitors + 1).toLocaleString('en-GB'));

    const pages = page.getByRole('table', { name: 'Popular pages' });
    for (const label of ['Home Page', '/reviews', '/about']) await expect(pages).toContainText(label);
    await expect(pages).not.toContainText('utm_source');
    await expect(page.getByRole('table', { name: 'Top visitor locations' })).toContainText('St Albans');
    await expect(page.getByRole('heading', { name: 'Daily Visitor Trends' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Adding an external analytics tool' })).toBeVisible();

    // The range picker works from the keyboard and the address keeps the choice.
    await page.getByRole('radio', { name: '7 days' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
    await expect(page).toHaveURL(/days=30/);
    await expect(page.getByText('Visitors and page views per day', { exact: false })).toBeVisible();

    await expectNoAxeViolations(page);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expect(pages).toContainText('Home Page');
      await saveScreenshot(page, `admin-analytics-${name}`);
    }
  });
});
