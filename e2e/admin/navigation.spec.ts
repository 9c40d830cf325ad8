import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, settleMotion, signInViaApi, test } from './helpers';

/*
 * One navigation, one set of names (issue 31): the back office's areas are reached from its one
 * navigation bar, every page is called what its link says, and the dashboard's shortcuts to the
 * other areas use the same names. (The archive had a second tab bar with other names: "Purchased
 * Vehicles" against "Vehicles", "Call Logs" against "Calls".)
 */

const backOffice = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

test.describe('[ADMIN][NAVIGATION]', () => {
  test.beforeEach(async ({ page }) => {
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  });

  for (const [size, viewport] of Object.entries(viewports)) {
    test(`every area's page is called what its link says, with no second navigation (${size})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/admin');
      await expect(backOffice(page)).toBeVisible();
      const areas = await linksIn(backOffice(page));
      const [hrefs, names] = [areas.map(([href]) => href), areas.map(([, name]) => name)];
      expect(names.length).toBeGreaterThan(5);
      for (const name of names) {
        await backOffice(page)
          .getByRole('link', { name: new RegExp(`^${name}`) })
          .click();
        // The page's title and heading say the link's name (the dashboard greets staff instead).
        const heading = page.getByRole('heading', { level: 1 });
        await expect(page).toHaveTitle(new RegExp(`\\b${name}\\b`, 'i'));
        await expect(heading).toHaveText(name === 'Dashboard' ? /^Welcome, / : new RegExp(`\\b${name}\\b`, 'i'));
        // A pager is a navigation too; what must not be is a second one between the areas.
        const toAreas = page.locator(hrefs.map((href) => `a[href="${href}"]`).join(', '));
        await expect(page.getByRole('navigation').filter({ has: toAreas }), `${name}: one navigation`).toHaveCount(1);
      }
    });
  }

  test('every link to an area, the dashboard’s shortcuts included, is in the navigation with its name', async ({
    page,
  }) => {
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const areas = new Map(await linksIn(backOffice(page)));
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-navigation-dashboard-${size}`, { fullPage: false });
      // A wide screen shows the shortcuts as buttons; a narrower one folds them into "More".
      const more = page.getByRole('button', { name: 'More' });
      if (await more.isVisible()) await more.click();
      const elsewhere = await linksIn(page.locator('main, [role="menu"]'));
      const toAreas = elsewhere.filter(([href]) => /^\/admin\/[a-z-]+$/.test(href));
      expect(toAreas.length, size).toBeGreaterThan(3);
      for (const [href, name] of toAreas) expect([href, areas.get(href)], size).toEqual([href, name]);
      await page.keyboard.press('Escape');
    }
  });
});

/** The visible links inside `scope`, as [address, name without a count]. */
async function linksIn(scope: Locator): Promise<[string, string][]> {
  const links = scope.locator('a[href]').filter({ visible: true });
  const found = await links.evaluateAll((elements) =>
    elements.map((link) => [link.getAttribute('href') ?? '', link.textContent ?? ''] as const),
  );
  return found.map(([href, text]) => [href, text.replace(/[\d,]+( waiting)?$/, '').trim()]);
}
