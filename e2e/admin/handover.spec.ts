import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { amountMismatch, handoverMessages } from '~/shared/handover';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { emailsTo } from '../public/seller-wizard';
import { e2eAdmin, expect, expectToast, loginRequest, settleMotion, signInViaApi, test } from './helpers';
import { createValuation, uniqueTag, type CreatedValuation } from './valuations';

/*
 * Issue 36's handover screen, on the driver's phone at the seller's door. A sale with finance
 * (offer £12,000, Black Horse to settle £3,750) and a booked collection: the screen shows the car,
 * the seller and the money; the driver records the car as declared (the form's own messages first),
 * then the two Faster Payments the split asks for (a wrong amount is caught under its field), and
 * sees "Paid" with the receipt to download. A second car, opened from its request's page at a desk,
 * is not as declared: the driver says why, confirms, and the request is lost.
 */

type Staff = APIRequestContext;

/** The UK calendar day `days` from now, 'YYYY-MM-DD'. */
const ukDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000));

/** An accepted offer with a booked collection (and, with `finance`, the settlement confirmed). */
async function bookedSale(
  staff: Staff,
  browser: Browser,
  origin: string,
  seller: { firstName: string; lastName: string; email: string },
  offerPounds: number,
  finance?: { lender: string; settlement: string },
): Promise<CreatedValuation & { collectionDate: string }> {
  const created = await createValuation(staff, { ...seller, outstandingFinance: finance ? 'yes' : 'no' });
  const id = created.id;
  if (finance) {
    const confirmed = await staff.put(`/api/admin/valuations/${id}/finance`, {
      data: { ...finance, validUntil: ukDay(40) },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  const offer = await staff.post(`/api/valuations/${id}/offer`, {
    data: { offerAmount: String(offerPounds), sendMethod: 'email' },
  });
  expect(offer.status(), await offer.text()).toBe(201);

  // The seller accepts on their own page; staff book the first free slot it offers.
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const sellerPage = await context.newPage();
  await sellerPage.goto(`/your-valuation/open?k=${created.uploadToken}`);
  const view = (await (await sellerPage.request.get('/api/your-valuation')).json()) as { offer: { id: string } };
  const accepted = await sellerPage.request.post('/api/your-valuation/offer/accept', {
    data: { offerId: view.offer.id },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const collection = (await (await sellerPage.request.get('/api/your-valuation/collection')).json()) as {
    days: { date: string; slots: { slot: string; free: boolean }[] }[];
  };
  await context.close();
  const day = collection.days.find((d) => d.slots.some((s) => s.free));
  expect(day, 'a day with a free slot').toBeDefined();
  const booked = await staff.put(`/api/admin/valuations/${id}/collection`, {
    data: { date: day!.date, slot: day!.slots.find((s) => s.free)!.slot },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  return { ...created, collectionDate: day!.date };
}

/** Nothing wider than the phone: the page does not scroll sideways (else, the innermost elements that stick out). */
async function noSideScroll(page: Page) {
  const wider = await page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    const clipped = (element: Element) => {
      for (let e = element.parentElement; e && e !== document.body; e = e.parentElement)
        if (getComputedStyle(e).overflowX !== 'visible') return true;
      return false;
    };
    const out = [...document.querySelectorAll('body *')].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(element),
    );
    return out
      .filter((element) => !out.some((other) => other !== element && element.contains(other)))
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`);
  });
  expect(wider, 'elements wider than the screen').toEqual([]);
}

test('the driver records the handover and the split payment on a phone, and downloads the receipt', async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  test.slow();
  const origin = new URL(testInfo.project.use.baseURL ?? 'http://localhost').origin;
  const tag = uniqueTag();
  const seller = { firstName: 'Hana', lastName: `Handover ${tag}`, email: `hana.${tag}@example.com` };
  const staff = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  await loginRequest(staff, e2eAdmin.username, e2eAdmin.password);
  const created = await bookedSale(staff, browser, origin, seller, 12_000, {
    lender: 'Black Horse',
    settlement: '3750',
  });
  await staff.dispose();

  await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  await page.setViewportSize(viewports.phone);
  await settleMotion(page);
  // From the Collections screen's booking, as the driver opens it on the day.
  await page.goto(`/admin/collections?from=${created.collectionDate}`);
  const fromDay = page.getByRole('link', { name: `Handover for ${created.registration}` });
  await fromDay.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'handover-collections-link-phone', { fullPage: false });
  await fromDay.click();
  await expect(page).toHaveURL(new RegExp(`/admin/valuations/${created.id}/handover$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Handover' })).toBeVisible();

  // The car, the seller and the money.
  const car = page.getByRole('region', { name: 'The car' });
  // Spaced as on the plate: "AB12 CDE".
  await expect(car).toContainText(created.registration.replace(/^(\w{4})/, '$1 '));
  await expect(car).toContainText(`Hana Handover ${tag}`);
  await expect(car.getByRole('link', { name: /07911 123456/ })).toHaveAttribute('href', 'tel:+447911123456');
  await expect(car).toContainText('£12,000');
  await expect(car).toContainText('Black Horse: £3,750 to settle');
  await expect(car).toContainText('Settlement confirmed');
  await expect(car).toContainText('45,000 miles');
  await expect(page.getByRole('listitem').and(page.locator('[aria-current="step"]'))).toContainText('At the door');
  await noSideScroll(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'handover-door-phone');

  // At the door: nothing chosen, then as declared with nothing filled in.
  const door = page.getByRole('region', { name: 'Step 1: At the door' });
  const record = door.getByRole('button', { name: 'Record the handover' });
  await record.click();
  await expect(door).toContainText(handoverMessages.conditionRequired);
  await door.getByRole('radio', { name: /^As declared/ }).check();
  await record.click();
  await expect(door.getByRole('textbox', { name: 'Mileage on the dashboard' })).toBeFocused();
  await expect(door).toContainText(handoverMessages.mileageRequired);
  await expect(door).toContainText(handoverMessages.keysRequired);
  await expect(door).toContainText(handoverMessages.v5cRequired);
  await expect(door).toContainText(handoverMessages.keeperRequired);

  const mileage = door.getByRole('textbox', { name: 'Mileage on the dashboard' });
  await expect(mileage).toHaveAttribute('inputmode', 'numeric');
  await mileage.fill('45,210');
  await door.getByRole('group', { name: 'Keys handed over' }).getByRole('radio', { name: '2' }).check();
  await door.getByRole('group', { name: 'V5C logbook handed over' }).getByRole('radio', { name: 'Yes' }).check();
  // By keyboard: the radio focused, Space chooses it.
  const keeper = door.getByRole('group', { name: 'The seller is the keeper named on the V5C' });
  await keeper.getByRole('radio', { name: 'Yes' }).focus();
  await page.keyboard.press('Space');
  await expect(keeper.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await door.getByRole('textbox', { name: 'Note (optional)' }).fill('Small chip on the windscreen, passenger side.');
  await expect(door).not.toContainText(handoverMessages.mileageRequired);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'handover-door-filled-phone');
  await record.click();
  await expectToast(page, handoverMessages.handoverRecorded);

  // The payment: focus on its heading, the split filled in.
  await expect(page.getByRole('heading', { name: 'Step 2: Payment' })).toBeFocused();
  const payment = page.getByRole('region', { name: 'Step 2: Payment' });
  const toSeller = payment.getByRole('group', { name: `To the seller, Hana Handover ${tag}` });
  const toLender = payment.getByRole('group', { name: 'To the lender, Black Horse' });
  await expect(toSeller.getByRole('textbox', { name: 'Amount' })).toHaveValue('8,250.00');
  await expect(toSeller.getByRole('textbox', { name: 'Faster Payments reference' })).toHaveValue(created.reference);
  await expect(toLender.getByRole('textbox', { name: 'Amount' })).toHaveValue('3,750.00');
  await expect(payment).toContainText('Equals the agreed price of £12,000.');
  await expect(page.getByRole('region', { name: 'At the door: recorded' })).toContainText('45,210 miles');

  // A wrong amount and a missing reference are caught under their fields.
  await toSeller.getByRole('textbox', { name: 'Amount' }).fill('8,000');
  await expect(payment).toContainText('£250 short');
  const send = payment.getByRole('button', { name: 'Record the payment' });
  await send.click();
  await expect(toSeller).toContainText(amountMismatch('seller', 825_000));
  await expect(toLender).toContainText(handoverMessages.referenceRequired);
  await toSeller.getByRole('textbox', { name: 'Amount' }).fill('8,250.00');
  await toLender.getByRole('textbox', { name: 'Faster Payments reference' }).fill('AGR 55501234');
  await expect(payment).toContainText('Equals the agreed price of £12,000.');
  await noSideScroll(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'handover-payment-phone');
  await send.click();
  await expectToast(page, handoverMessages.paymentRecorded);

  // Paid: each transfer, the receipt, and what was recorded at the door.
  await expect(page.getByRole('heading', { name: 'Paid' })).toBeFocused();
  const paid = page.getByRole('region', { name: 'Paid' });
  await expect(paid).toContainText(`To the seller, Hana Handover ${tag}`);
  await expect(paid).toContainText('£8,250');
  await expect(paid).toContainText('To the lender, Black Horse');
  await expect(paid).toContainText('£3,750');
  await expect(paid).toContainText('AGR 55501234');
  await expect(paid).toContainText(seller.email);
  await expect(paid).toContainText('Small chip on the windscreen');
  const receipt = paid.getByRole('link', { name: 'Download the receipt (PDF)' });
  const pdf = await page.request.get((await receipt.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect.poll(async () => (await emailsTo(seller.email)).map((m) => m.subject).join('\n')).toMatch(/receipt/i);
  await saveScreenshot(page, 'handover-paid-phone');
  await noSideScroll(page);
  await expectNoAxeViolations(page);

  // The same at a desk.
  await page.setViewportSize(viewports.desktop);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Paid' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'handover-paid-desktop');
});

test('a car not as declared: the driver says why, confirms, and we do not buy it', async ({
  page,
  browser,
  playwright,
  expectedHttpErrors,
}, testInfo) => {
  test.slow();
  // The made-up registration is unknown to the fake DVLA: the request page's live lookup answers 404.
  expectedHttpErrors.add(404);
  const origin = new URL(testInfo.project.use.baseURL ?? 'http://localhost').origin;
  const tag = uniqueTag();
  const seller = { firstName: 'Nell', lastName: `Differs ${tag}`, email: `nell.${tag}@example.com` };
  const staff = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  await loginRequest(staff, e2eAdmin.username, e2eAdmin.password);
  const created = await bookedSale(staff, browser, origin, seller, 5_400);
  await staff.dispose();

  // From the request's page at a desk.
  await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  await page.setViewportSize(viewports.desktop);
  await settleMotion(page);
  await page.goto(`/admin/valuations/${created.id}`);
  const open = page.getByRole('link', { name: 'Open the handover screen' });
  await open.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'handover-request-link-desktop', { fullPage: false });
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/admin/valuations/${created.id}/handover$`));
  const door = page.getByRole('region', { name: 'Step 1: At the door' });
  await expect(door).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'handover-door-desktop');

  await door.getByRole('radio', { name: /^Not as declared/ }).check();
  await expect(door).toContainText('We will not buy the car.');
  const notBuying = door.getByRole('button', { name: 'Record: not buying the car' });
  await notBuying.click();
  await expect(door).toContainText(handoverMessages.notAsDeclaredNeedsNotes);
  const why = 'Rear bumper cracked and the sat-nav screen is missing; neither was declared.';
  await door.getByRole('textbox', { name: 'What is not as declared' }).fill(why);
  await notBuying.click();

  const dialog = page.getByRole('alertdialog', { name: 'Not buying this car?' });
  await expect(dialog).toContainText(why);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'handover-not-declared-confirm-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Yes, we are not buying it' }).click();
  await expectToast(page, handoverMessages.carNotTaken);
  await expect(page.getByRole('heading', { name: 'Not bought' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Not bought' })).toContainText(why);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'handover-not-bought-desktop');

  // The request is lost, and its page says so.
  await page.getByRole('link', { name: 'Open the request’s page' }).click();
  await expect(page.getByText('Lost', { exact: true }).first()).toBeVisible();
});
