import { e2eAdmin, expect, loginRequest, test } from '../admin/helpers';
import { createValuation } from '../admin/valuations';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { emailsTo, hydrated } from './seller-wizard';

/*
 * Issue 36's booking, on a phone: once the seller has accepted our offer, their page offers the days
 * we can come from the next working day (their postcode is near the base), each morning and
 * afternoon; they book one and are e-mailed it; they move it to another day, then cancel it, and the
 * offer still stands. Keyboard alone picks a slot.
 */

test('the seller books, moves and cancels a collection from their page', async ({ page, playwright }, testInfo) => {
  test.slow();
  const email = `collin.${Date.now()}@example.com`;
  const created = await createValuation(page.request, { firstName: 'Collin', email });
  const origin = new URL(testInfo.project.use.baseURL ?? 'http://localhost').origin;

  // Staff send an offer (their own session, apart from the seller's browser).
  const staff = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  await loginRequest(staff, e2eAdmin.username, e2eAdmin.password);
  const offer = await staff.post(`/api/valuations/${created.id}/offer`, {
    data: { offerAmount: '4250', sendMethod: 'email' },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  await staff.dispose();

  // The seller accepts it on their page.
  await page.setViewportSize(viewports.phone);
  await page.goto(`/your-valuation/open?k=${created.uploadToken}`);
  const view = (await (await page.request.get('/api/your-valuation')).json()) as { offer: { id: string } };
  const accepted = await page.request.post('/api/your-valuation/offer/accept', {
    data: { offerId: view.offer.id },
    headers: { origin },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await page.reload();

  const collection = page.getByRole('region', { name: 'Collection', exact: true });
  await expect(collection.getByRole('group', { name: 'Choose a day for us to collect your car' })).toBeVisible();
  const slots = collection.getByRole('radio');
  await expect(slots.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'collection-choose-phone');

  // By keyboard: the second day's morning (the first may be within 24 hours, when it could not be
  // moved any more), then the button.
  const firstMorning = collection.getByRole('radio', { name: /^Morning on / }).nth(1);
  await firstMorning.focus();
  await hydrated(firstMorning);
  await page.keyboard.press('Space');
  await expect(firstMorning).toBeChecked();
  const chosenDay = ((await firstMorning.getAttribute('value')) ?? '').split('|')[0]!;
  await collection.getByRole('button', { name: 'Book this collection' }).click();
  await expect(collection.getByRole('status')).toContainText('Booked.');
  await expect(collection).toContainText(/Booked: \w+day \d+ \w+ \d{4}, morning, 8am to 12 noon/);
  await expect
    .poll(async () => (await emailsTo(email)).map((m) => m.subject))
    .toContainEqual(expect.stringContaining('Collection booked:'));
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'collection-booked-phone');

  // Moved to an afternoon on another day.
  await collection.getByRole('button', { name: 'Change day' }).click();
  const otherAfternoon = `input[type="radio"][value$="|afternoon"]:not([value^="${chosenDay}"]):not([disabled])`;
  await collection
    .locator('label')
    .filter({ has: page.locator(otherAfternoon) })
    .nth(1)
    .click();
  await expect(collection.locator(`${otherAfternoon}:checked`)).toHaveCount(1);
  await collection.getByRole('button', { name: 'Move my collection' }).click();
  await expect(collection).toContainText(/Booked: .*afternoon, 12 noon to 5pm/);
  await expect
    .poll(async () => (await emailsTo(email)).map((m) => m.subject))
    .toContainEqual(expect.stringContaining('Collection moved:'));

  // Cancelled: the offer stands, the days are offered again.
  await collection.getByRole('button', { name: 'Cancel collection' }).click();
  await collection.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(collection.getByRole('status')).toContainText('Your collection is cancelled');
  await expect(collection.getByRole('group', { name: 'Choose a day for us to collect your car' })).toBeVisible();

  // The same at a desktop's width.
  await page.setViewportSize(viewports.desktop);
  await page.reload();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'collection-choose-desktop');
});
