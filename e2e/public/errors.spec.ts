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

  test('a page whose code is gone after a deploy reloads once, and the reloaded page works', async ({
    page,
    consoleProblems,
  }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your car the simple way');
    await blockChunk(page, 'about-page');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/about$/);
    // The server's HTML of the new page stands even though its script still cannot load.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    expect(await page.evaluate(() => sessionStorage.getItem('reloaded-for-new-version'))).toMatch(/^\d+$/);
    expectOnly(consoleProblems, /Failed to load resource|dynamically imported module/);
  });

  test('when reloading did not help, the page says so in plain words, with no error details', async ({
    page,
    consoleProblems,
  }) => {
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell your car the simple way');
      // A reload just happened, so the guard stops a second one (no reload loop).
      await page.evaluate(() => sessionStorage.setItem('reloaded-for-new-version', String(Date.now())));
      await blockChunk(page, 'contact-page');
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: /^Contact/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please reload the page');
      await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
      await expect(page.locator('body')).not.toContainText('dynamically imported');
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `error-boundary-outdated-${name}`);
      await page.unrouteAll();
    }
    expectOnly(consoleProblems, /Failed to load resource|dynamically imported module/);
  });
});
