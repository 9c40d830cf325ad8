import { randomBytes } from 'node:crypto';
import type { APIRequest, APIRequestContext } from '@playwright/test';
import { formatDay } from '~/shared/finance-settlement';
import { formatUkDate } from '~/shared/promotion';
import { voucherMessages, type VoucherList } from '~/shared/voucher-schemas';
import { startClockedApp, type ClockedApp } from '../clocked-app';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { collectedSale, paySale, ukDay, type SaleOptions } from './completed-sale';
import { expect, expectToast, loginRequest, settleMotion, test } from './helpers';

/*
 * Issue 36's launch vouchers. The test app's promotion (the default) ended in 2025, so this spec
 * runs its own app (and its own fakes, to read the e-mail) with a promotion running today, and a
 * clock it moves (TEST_CLOCK_FILE). Sale A (with finance) completes and owes a voucher; the clock
 * passes A's due date; sale B completes. Staff's Vouchers screen on a phone lists both, A first
 * and marked "Overdue" in words; staff mark A sent with its code (an empty code is refused under
 * the field), the seller is e-mailed the code, and A moves to Sent with the code, when and who.
 * Each seller's page shows the payment, its receipt and the voucher, sent or still owed.
 */

test.describe.configure({ mode: 'serial' });

const admin = { username: 'voucher-admin', password: `e2e ${randomBytes(12).toString('base64url')}` };
const day = (offset: number) => ukDay(Date.now(), offset);

let app: ClockedApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // No startAt: the clock starts at real time, the promotion's days below being real days.
  app = await startClockedApp({
    name: 'vouchers',
    admin,
    // Running since yesterday, long enough for a sale completed after the clock moves on.
    env: { PROMOTION_ANNOUNCE_DATE: day(-10), PROMOTION_START_DATE: day(-1), PROMOTION_END_DATE: day(90) },
  });
});

test.afterAll(() => app?.stop());

async function staffApi(playwright: { request: APIRequest }) {
  const staff = await playwright.request.newContext({
    baseURL: app.baseUrl,
    extraHTTPHeaders: { origin: app.baseUrl },
  });
  await loginRequest(staff, admin.username, admin.password);
  return staff;
}

const owedList = async (staff: APIRequestContext) => {
  const response = await staff.get('/api/admin/vouchers?status=owed');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as VoucherList;
};

test('staff see the vouchers owed, overdue first, and mark one sent; the sellers see payment and voucher', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const tag = randomBytes(3).toString('hex');
  const saleA: SaleOptions = {
    firstName: 'Ada',
    lastName: `Voucher${tag}`,
    email: `ada.${tag}@example.com`,
    offerPounds: 4250,
    finance: { lender: 'Black Horse', settlementPounds: 1500 },
    now: app.now,
  };
  const saleB: SaleOptions = {
    firstName: 'Bea',
    lastName: `Voucher${tag}`,
    email: `bea.${tag}@example.com`,
    offerPounds: 3100,
    now: app.now,
  };

  // Sale A: collected (the seller's page says the payment is on its way), then paid.
  let staff = await staffApi(playwright);
  const a = await collectedSale(staff, browser, app.baseUrl, saleA);
  await a.sellerPage.goto('/your-valuation');
  await expect(a.sellerPage.getByRole('region', { name: 'Progress' })).toContainText(
    'We have collected your car. Your payment is on its way by Faster Payments: it usually arrives within minutes.',
  );
  await expect(a.sellerPage.getByRole('region', { name: 'Payment' })).toHaveCount(0);
  await paySale(staff, a, saleA);
  const voucherA = (await owedList(staff)).items.find((item) => item.valuationId === a.created.id);
  expect(voucherA, 'sale A owes a voucher').toBeDefined();
  expect(voucherA!.overdue).toBe(false);
  await staff.dispose();

  // The clock passes A's due date (noon UK the day after it); then sale B completes.
  await app.setClockAhead(Date.parse(`${voucherA!.dueDate}T12:00:00Z`) + 86_400_000 - Date.now());
  staff = await staffApi(playwright);
  const b = await collectedSale(staff, browser, app.baseUrl, saleB);
  await paySale(staff, b, saleB);
  const owed = await owedList(staff);
  const voucherB = owed.items.find((item) => item.valuationId === b.created.id)!;
  expect(owed.items.find((item) => item.valuationId === a.created.id)?.overdue).toBe(true);
  expect(voucherB.overdue).toBe(false);
  await staff.dispose();

  // Staff, on a phone.
  await settleMotion(page);
  await page.setViewportSize(viewports.phone);
  const login = await page.request.post(`${app.baseUrl}/api/auth/login`, {
    data: admin,
    headers: { origin: app.baseUrl },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto(`${app.baseUrl}/admin/vouchers`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
  await expect(page.getByText('Send each within 14 working days of the sale')).toBeVisible();
  const owedTab = page.getByRole('tab', { name: /^Owed/ });
  await expect(owedTab).toHaveAttribute('aria-selected', 'true');
  await expect(owedTab).toContainText(`${owed.counts.owed}`);
  await expect(owedTab).toContainText(`${owed.counts.overdue} overdue`);

  const cardOf = (reference: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('link', { name: reference }) });
  const cardA = cardOf(a.created.reference);
  const cardB = cardOf(b.created.reference);
  await expect(cardA).toContainText(`Ada Voucher${tag}`);
  await expect(cardA).toContainText('Overdue');
  await expect(cardA).toContainText('£100 Love2Shop');
  await expect(cardA).toContainText(a.created.registration);
  await expect(cardA).toContainText(formatDay(voucherA!.dueDate, ukDay(Date.now())));
  await expect(cardA.getByRole('link', { name: a.created.reference })).toHaveAttribute(
    'href',
    `/admin/valuations/${a.created.id}`,
  );
  await expect(cardB).toBeVisible();
  await expect(cardB).not.toContainText('Overdue');
  // Soonest due first: A before B.
  const references = await page.getByRole('listitem').getByRole('link', { name: /^CB-/ }).allTextContents();
  expect(references.indexOf(a.created.reference)).toBeLessThan(references.indexOf(b.created.reference));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'vouchers-owed-phone');
  // The same list at a desktop's width, then back to the phone.
  await page.setViewportSize(viewports.desktop);
  await expect(cardA).toContainText('Overdue');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'vouchers-owed-desktop');
  await page.setViewportSize(viewports.phone);

  // "Mark as sent" opens the code's form in place; an empty code is refused under the field.
  await cardA.getByRole('button', { name: /^Mark as sent/ }).click();
  const code = cardA.getByRole('textbox', { name: 'Voucher code' });
  await expect(code).toBeFocused();
  await cardA.getByRole('button', { name: 'Send code and mark sent' }).click();
  await expect(cardA.getByText(voucherMessages.codeRequired)).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/Enter the voucher/);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'vouchers-mark-sent-phone');

  // Escape closes it and gives focus back to its button.
  await code.press('Escape');
  await expect(cardA.getByRole('button', { name: /^Mark as sent/ })).toBeFocused();

  const voucherCode = `L2S-${tag.toUpperCase()}-4417-2290`;
  await cardA.getByRole('button', { name: /^Mark as sent/ }).click();
  await code.fill(voucherCode);
  await cardA.getByRole('button', { name: 'Send code and mark sent' }).click();
  await expectToast(page, voucherMessages.sent);
  await expect(cardA).toHaveCount(0);
  await expect(cardB).toBeVisible();
  await expect(owedTab).toContainText(`${owed.counts.owed - 1}`);
  await expect(owedTab).not.toContainText('overdue');

  // The seller is e-mailed the code.
  await expect
    .poll(async () => (await app.mailTo(saleA.email)).some((mail) => (mail.text ?? '').includes(voucherCode)), {
      timeout: 20_000,
    })
    .toBe(true);

  // Sent: the code, when and who.
  await page.getByRole('tab', { name: /^Sent/ }).click();
  await expect(page).toHaveURL(/status=sent/);
  const sentA = cardOf(a.created.reference);
  await expect(sentA).toContainText(voucherCode);
  await expect(sentA).toContainText(`by ${admin.username}`);
  await expect(sentA).toContainText('Sent');
  await expect(sentA.getByRole('button', { name: /Mark as sent/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'vouchers-sent-phone');

  // Sent, at a desktop's width.
  await page.setViewportSize(viewports.desktop);
  await page.reload();
  await expect(sentA).toContainText(voucherCode);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'vouchers-sent-desktop');

  // Seller A: paid (and the lender paid, named), the receipt, and the voucher sent.
  const pageA = a.sellerPage;
  await pageA.setViewportSize(viewports.phone);
  await pageA.goto(`/your-valuation/open?k=${a.created.uploadToken}`);
  const progress = pageA.getByRole('region', { name: 'Progress' });
  await expect(progress).toContainText('Paid.');
  await expect(progress).toContainText('We paid you £2,750');
  await expect(progress).toContainText('We also paid Black Horse £1,500 to settle your finance.');
  await expect(progress.getByRole('listitem')).toHaveText([/\(done\)/, /\(done\)/, /\(done\)/, /\(done\)/, /\(done\)/]);
  const payment = pageA.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText('£2,750');
  await expect(payment).toContainText('Paid to Black Horse');
  await expect(payment).toContainText('£1,500');
  const receipt = payment.getByRole('link', { name: 'Download your receipt (PDF)' });
  const receiptPath = await receipt.getAttribute('href');
  const pdf = await pageA.request.get(receiptPath!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const voucherCardA = pageA.getByRole('region', { name: 'Your launch voucher' });
  const sentOn = formatUkDate(ukDay(app.now()));
  await expect(voucherCardA).toContainText(`We sent your voucher on ${sentOn}: check your e-mail.`);
  expect(await pageA.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(pageA);
  await saveScreenshot(pageA, 'seller-paid-voucher-sent-phone');

  // Seller B: paid, no finance, the voucher still owed.
  const pageB = b.sellerPage;
  await pageB.setViewportSize(viewports.desktop);
  await pageB.goto('/your-valuation');
  await expect(pageB.getByRole('region', { name: 'Progress' })).toContainText('We paid you £3,100');
  await expect(pageB.getByRole('region', { name: 'Progress' })).not.toContainText('settle your finance');
  await expect(pageB.getByRole('region', { name: 'Payment' })).not.toContainText('settle your finance');
  await expect(pageB.getByRole('region', { name: 'Your launch voucher' })).toContainText(
    `We will send your £100 Love2Shop voucher by ${formatUkDate(voucherB.dueDate)} (by e-mail).`,
  );
  await expectNoAxeViolations(pageB);
  await saveScreenshot(pageB, 'seller-paid-voucher-owed-desktop');

  await a.seller.close();
  await b.seller.close();
});
