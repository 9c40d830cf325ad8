import { expect, expectNoAxeViolations, saveScreenshot, test, viewports } from '../fixtures';

test.describe('[PUBLIC][VALUATION]', () => {
  test('keeps the registration the seller typed and says how to ask for a valuation today', async ({ page }) => {
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto('/valuation?registration=ab12%20cde');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get Your Free Valuation');
      await expect(page.getByRole('complementary', { name: 'Your registration' })).toContainText('AB12CDE');
      await expect(page.getByText('Our online valuation form is not open yet.')).toBeVisible();
      // No phone or e-mail is configured in the test app: the address and contact page stand in.
      await expect(page.getByRole('main')).toContainText('Louth, Lincolnshire, LN11 0LQ');
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `page-valuation-${name}`);
    }
  });

  test('a blank registration, as a plain form sends it, shows no plate', async ({ page }) => {
    await page.goto('/valuation?registration=');
    await expect(page.getByRole('complementary', { name: 'Your registration' })).toHaveCount(0);
  });
});
