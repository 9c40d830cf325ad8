import { randomBytes } from 'node:crypto';
import { collectedSale, paySale, type SaleOptions } from '../admin/completed-sale';
import { e2eAdmin, expect, loginRequest, test } from '../admin/helpers';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';

/*
 * Issue 36, the seller's page after collection: once our driver has the car it says the payment is
 * on its way; once paid, how much and when (UK time), the Payment card and its receipt (a PDF). The
 * test app's promotion (the default) ended in 2025, so this sale earns no launch voucher and the
 * page shows no voucher card (e2e/admin/vouchers.spec.ts covers the vouchers). The page stays
 * server-rendered: nothing here needs script.
 */

test('the seller sees their car collected, then paid, with the receipt to download', async ({
  browser,
  playwright,
}, testInfo) => {
  test.slow();
  const origin = new URL(testInfo.project.use.baseURL ?? 'http://localhost').origin;
  const tag = randomBytes(3).toString('hex');
  const sale: SaleOptions = {
    firstName: 'Paige',
    lastName: `Paid${tag}`,
    email: `paige.${tag}@example.com`,
    offerPounds: 3875,
    now: () => Date.now(),
  };
  const staff = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  await loginRequest(staff, e2eAdmin.username, e2eAdmin.password);
  const collected = await collectedSale(staff, browser, origin, sale);
  const page = collected.sellerPage;
  await page.setViewportSize(viewports.phone);

  await page.goto('/your-valuation');
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress).toContainText(
    'We have collected your car. Your payment is on its way by Faster Payments: it usually arrives within minutes.',
  );
  await expect(progress.getByRole('listitem').filter({ hasText: '(done)' })).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Payment' })).toHaveCount(0);

  await paySale(staff, collected, sale);
  await staff.dispose();
  await page.reload();
  await expect(progress).toContainText('Paid.');
  await expect(progress).toContainText(
    /We paid you £3,875 on \w+day \d+ \w+, \d\d:\d\d \(UK time\) by Faster Payments/,
  );
  await expect(progress).not.toContainText('settle your finance');
  await expect(progress.getByRole('listitem').filter({ hasText: '(done)' })).toHaveCount(5);
  await expect(progress.locator('[aria-current]')).toHaveCount(0);

  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText('Paid to you');
  await expect(payment).toContainText('£3,875');
  await expect(payment).not.toContainText('Paid to your finance company');
  const receipt = payment.getByRole('link', { name: 'Download your receipt (PDF)' });
  const pdf = await page.request.get((await receipt.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Outside the promotion's dates: no voucher.
  await expect(page.getByRole('region', { name: 'Your launch voucher' })).toHaveCount(0);
  // Server-rendered: the page runs no script of its own for these cards.
  await expect(payment.locator('[data-island]')).toHaveCount(0);

  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'seller-paid-phone');
  await page.setViewportSize(viewports.desktop);
  await page.reload();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'seller-paid-desktop');
  await collected.seller.close();
});
