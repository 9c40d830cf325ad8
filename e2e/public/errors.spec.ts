import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, test, viewports } from '../fixtures';

/** Chromium logs a blocked chunk and a 404 document on the console; these tests expect exactly those. */
const expectOnly = (problems: string[], allowed: RegExp) => {
  expect(problems.filter((problem) => !allowed.test(problem))).toEqual([]);
  problems.length = 0;
};

const blockChunk = (page: Page, name: string) =>
  page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), (route) => route.abort());

test.describe('[PUBLIC][ERRORS]', () => {
  test('back-office addresses are case-sensitive: /Admin/users is an unknown public page', async ({
    page,
    consoleProblems,
  }) => {
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      for (const path of ['/Admin/users', '/ADMIN']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        expect(response?.headers()['x-robots-tag'], path).toBeUndefined();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
        await expect(page.getByRole('banner')).toBeVisible();
      }
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `public-not-found-${name}`);
    }
    expectOnly(consoleProblems, /status of 404/);
  });

  test('a page whose island code is gone after a deploy reloads once, and the reloaded page works', async ({
    page,
    consoleProblems,
  }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your car the simple way');
    await blockChunk(page, 'islands');
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.getByRole('banner').getByRole('link', { name: 'Get My Valuation' }).click();
    // /valuation loads, cannot fetch its wizard's code, and reloads itself once (not in a loop).
    await expect.poll(() => loads).toBe(2);
    await expect(page).toHaveURL(/\/valuation$/);
    expect(await page.evaluate(() => sessionStorage.getItem('reloaded-for-new-version'))).toMatch(/^\d+$/);
    // The server's HTML of the page stands even though its island's script still cannot load.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get Your Free Valuation');
    expectOnly(consoleProblems, /Failed to load resource|dynamically imported module/);
  });

  test('when reloading did not help, the page stays the server’s document, and its links work', async ({
    page,
    consoleProblems,
  }) => {
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your car the simple way');
      // A reload just happened, so the guard stops a second one (no reload loop).
      await page.evaluate(() => sessionStorage.setItem('reloaded-for-new-version', String(Date.now())));
      await blockChunk(page, 'islands');
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your car the simple way');
      await expect(page.locator('body')).not.toContainText('dynamically imported');
      // The registration box is a plain form without its script: it still starts a valuation.
      await page.getByLabel('Enter your registration to start').fill('AB12CDE');
      await page.getByLabel('Enter your registration to start').press('Enter');
      await expect(page).toHaveURL(/\/valuation\?registration=AB12CDE$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get Your Free Valuation');
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `public-island-missing-${name}`);
      await page.unrouteAll();
    }
    expectOnly(consoleProblems, /Failed to load resource|dynamically imported module/);
  });
});
