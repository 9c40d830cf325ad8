import { expect, saveScreenshot, test, viewports } from '../fixtures';

/*
 * Issue 31: no public form is dead without JavaScript. Each works from the first paint with a
 * plain form, or says clearly why it needs a script (the complaint form has its own journey in
 * complaints.spec.ts). Browsers without scripts cannot run axe; the same pages are checked with
 * it where their specs run with scripts.
 */

test.describe('[PUBLIC][NO SCRIPT] public forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page’s registration box takes the registration to the valuation page', async ({ page }) => {
    await page.goto('/');
    const box = page.getByLabel('Your car’s registration').first();
    await box.fill('AB12 CDE');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/valuation\?registration=AB12\+CDE$/);
  });

  test('the valuation page says its form needs JavaScript, and shows none of the form', async ({ page }) => {
    for (const [label, viewport] of [
      ['390', viewports.phone],
      ['1280', viewports.desktop],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/valuation');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'This form needs JavaScript' })).toBeVisible();
      // (Playwright's text of an element leaves out what is inside <noscript>: ask for the text itself.)
      await expect(main.getByText(/Please turn JavaScript on in your browser/)).toBeVisible();
      await expect(main.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
      // No button that could not work.
      await expect(main.getByRole('button')).toHaveCount(0);
      await expect(main.getByLabel('Registration')).toBeHidden();
      await saveScreenshot(page, `valuation-no-script-${label}`);
    }
  });
});
