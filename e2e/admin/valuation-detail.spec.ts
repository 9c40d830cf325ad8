import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { dealerForwardMessages } from '~/shared/dealer-forward';
import { offerMessages } from '~/shared/valuation-offer';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from './helpers';
import { createValuation as createSellerValuation, searchList, uniqueTag } from './valuations';

/*
 * The valuation detail page (issue 11) against the fake DVLA and DVSA: a seller's request for
 * AA19AAA (a 2019 Ford Focus with five MOT tests, the newest at 48,210 miles) made through the
 * public API with three photos, then opened by the e2e admin.
 */

const SELLER_MILES = 45_000; // below the last MOT reading, so the mileage warning shows

/** A small JPEG of one colour, so the viewer's photos can be told apart. */
async function photo(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A valuation as the wizard sends it (AA19AAA, a Ford Focus), and its photos as the success screen uploads them. */
async function createValuation(request: APIRequestContext, options: { photos?: number; registration?: string } = {}) {
  const email = `seller-${randomBytes(4).toString('hex')}@example.com`;
  const { id, uploadToken } = await createSellerValuation(request, {
    registration: options.registration ?? 'AA19AAA',
    mileage: SELLER_MILES,
    make: 'FORD',
    model: 'FOCUS',
    year: 2019,
    overallCondition: 'great',
    scuffedWheels: 1,
    tyresNeedReplacing: -1,
    cambeltChanged: 'yes',
    cambeltDate: 'March 2022',
    serviceHistory: 'full',
    outstandingFinance: 'yes',
    firstName: 'Sam',
    lastName: 'Seller',
    postcode: 'SW1A 1AA',
    email,
    contactPreference: ['call', 'text'],
  });
  const colours = ['#c0392b', '#2471a3', '#1e8449'].slice(0, options.photos ?? 3);
  for (const [index, colour] of colours.entries()) {
    // One photo per request: the form's field name is "photos" for every file.
    const uploaded = await request.post(`/api/valuations/${id}/photos`, {
      headers: { Authorization: `Bearer ${uploadToken}` },
      multipart: { photos: await photo(`car-${index + 1}.jpg`, colour) },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  return { id, email };
}

async function openValuation(page: Page, id: string, query = '') {
  await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  await page.goto(`/admin/valuations/${id}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: /Ford Focus/ })).toBeVisible();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: false });
const panel = (page: Page) => page.getByRole('tabpanel');
const summaryCard = (page: Page) => page.getByRole('region', { name: 'Summary' });
/** The value beside a label in a definition list. */
const fact = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);

test.describe('[ADMIN][VALUATION_DETAIL]', () => {
  test('every tab shows the request, the DVLA record and MOT history, the photos and the distance', async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(viewports.desktop);
    await settleMotion(page);
    const { id, email } = await createValuation(request);
    await openValuation(page, id);

    // Header: back link, plate, the real status, when it came in.
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/admin');
    await expect(page.getByText('AA19 AAA', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText('New', { exact: true }).first()).toBeVisible();
    // The seller's mileage is below the last MOT reading: the checks before an offer say so (issue 37).
    const checks = page.getByRole('region', { name: 'Checks before an offer' });
    await expect(checks.getByRole('listitem').filter({ hasText: 'Mileage below last MOT' })).toContainText(
      '48,210 miles',
    );

    // Vehicle (the default tab).
    await expect(tab(page, 'Vehicle')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page)).toContainText('45,000 miles');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-valuation-detail-vehicle-desktop');

    // Arrow keys move between tabs; the address keeps the tab across a reload.
    await tab(page, 'Vehicle').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Condition')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?tab=condition/);
    await expect(panel(page)).toContainText('Great Condition');
    await expect(panel(page)).toContainText('1 wheel');
    await expect(panel(page)).toContainText('Not sure');
    await page.reload();
    await expect(tab(page, 'Condition')).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);

    await tab(page, 'Finance').click();
    await expect(panel(page)).toContainText('The seller has outstanding finance.');
    await expectNoAxeViolations(page);

    await tab(page, 'Contact').click();
    await expect(panel(page).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(panel(page).getByRole('link', { name: '07911 123456' })).toHaveAttribute('href', 'tel:+447911123456');
    await expect(panel(page)).toContainText('Call, Text');
    await expect(panel(page)).toContainText('Agreed');
    await expectNoAxeViolations(page);

    // DVLA: the record, the mileage warning, tests newest first with their defects.
    await tab(page, 'DVLA').click();
    await expect(panel(page).getByRole('note', { name: 'Mileage warning' })).toBeVisible();
    await expect(panel(page)).toContainText('DVLA vehicle record');
    const tests = panel(page).getByRole('article');
    await expect(tests).toHaveCount(5);
    await expect(tests.first()).toContainText('PASSED');
    await expect(tests.first()).toContainText('48,210 miles');
    await expect(tests.first()).toContainText('Advisory');
    const failed = tests.filter({ hasText: 'FAILED' });
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('Dangerous');
    await expect(failed).toContainText('Major');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-valuation-detail-dvla-desktop');

    await tab(page, 'Location').click();
    await expect(panel(page)).toContainText('Road distance');
    await expect(panel(page).getByRole('link', { name: /Open directions in Google Maps/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expectNoAxeViolations(page);

    // Photos: thumbnails open the viewer; arrows, buttons and Escape work; focus comes back.
    await tab(page, 'Photos').click();
    const thumbs = panel(page).getByRole('button', { name: /^Open photo/ });
    await expect(thumbs).toHaveCount(3);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-valuation-detail-photos-desktop');
    await thumbs.first().click();
    const viewer = page.getByRole('dialog', { name: "Seller's photos" });
    await expect(viewer).toContainText('Photo 1 of 3');
    await expect(viewer.getByRole('img', { name: 'Photo 1 of 3' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('Photo 2 of 3');
    await viewer.getByRole('button', { name: 'Next' }).click();
    await expect(viewer).toContainText('Photo 3 of 3');
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('Photo 1 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer).toContainText('Photo 3 of 3');
    await expect(viewer.getByRole('img', { name: 'Photo 3 of 3' })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-valuation-detail-photo-viewer-desktop', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(panel(page).getByRole('button', { name: 'Open photo 3 of 3' })).toBeFocused();

    // The timeline has the request and the first view.
    const history = page.getByRole('region', { name: 'Timeline' });
    await expect(history).toContainText('Valuation request received');
    await expect(history).toContainText('First viewed by staff');
    await expect(history).toContainText(e2eAdmin.username);
  });

  test('the car is written one way: header, Quick Summary and Vehicle tab', async ({ page, request }) => {
    await page.setViewportSize(viewports.desktop);
    // Typed by the seller as people type it.
    const { id } = await createSellerValuation(request, {
      registration: 'AA19AAA', // known to the fake DVLA (as a Ford: the DVLA tab shows DVLA's record)
      make: 'bmw',
      model: 'x1',
      year: 2020,
    });
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.goto(`/admin/valuations/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/BMW X1/);
    await expect(fact(summaryCard(page), 'Vehicle')).toHaveText('BMW X1');
    await expect(fact(panel(page), 'Make')).toHaveText('BMW');
    await expect(fact(panel(page), 'Model')).toHaveText('X1');
    await saveScreenshot(page, 'admin-valuation-detail-names-desktop', { fullPage: false });
  });

  test('the distance reads in miles: Quick Summary and Location tab', async ({ page, request }) => {
    await page.setViewportSize(viewports.desktop);
    // SW1A 1AA is 251.3 km from the base by the fake Routes API.
    const { id } = await createSellerValuation(request, { registration: 'AA19AAA', postcode: 'SW1A 1AA' });
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.goto(`/admin/valuations/${id}?tab=location`);
    await expect(fact(summaryCard(page), 'Distance')).toHaveText(/^Long\s*156 miles$/);
    await expect(fact(panel(page), 'Road distance')).toHaveText('156 miles');
    await expect(panel(page)).not.toContainText(' km');
    await saveScreenshot(page, 'admin-valuation-detail-location-desktop', { fullPage: false });
  });

  test('at 390px: summary first, tabs, then the actions; Vehicle, DVLA and Photos', async ({ page, request }) => {
    await page.setViewportSize(viewports.phone);
    await settleMotion(page);
    const { id } = await createValuation(request);
    await openValuation(page, id);
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Quick Summary');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-valuation-detail-vehicle-phone');
    await tab(page, 'DVLA').click();
    await expect(panel(page).getByRole('article')).toHaveCount(5);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-valuation-detail-dvla-phone');
    await tab(page, 'Photos').click();
    await expect(panel(page).getByRole('button', { name: /^Open photo/ })).toHaveCount(3);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-valuation-detail-photos-phone');
  });

  test('a new car without photos: no MOT history, no photos yet', async ({ page, request }) => {
    await page.setViewportSize(viewports.desktop);
    // AA19EEE is the fake DVLA's new car (a Tesla, though the request says Ford: the tab shows DVLA's).
    const { id } = await createValuation(request, { photos: 0, registration: 'AA19EEE' });
    await openValuation(page, id, '?tab=dvla');
    await expect(panel(page)).toContainText('No MOT History Available');
    await expect(panel(page)).toContainText('exempt or too new');
    await tab(page, 'Photos').click();
    await expect(panel(page)).toContainText('No photos yet');
    await expectNoAxeViolations(page);
  });

  test('change the status, send an offer by e-mail, and the dealer dialog checks its fields', async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(viewports.desktop);
    await settleMotion(page);
    const { id } = await createValuation(request, { photos: 0 });
    await openValuation(page, id);
    const summary = page.getByRole('region', { name: 'Summary' });

    // Status, through the lifecycle (DESIGN section 9): the menu offers only what may follow New.
    const changeStatus = page.getByRole('button', { name: 'Change status' });
    await changeStatus.click();
    await expect(page.getByRole('menuitem')).toHaveText(['Contacted', 'Lost…']);
    await saveScreenshot(page, 'admin-valuation-detail-status-menu-desktop', { fullPage: false });
    await page.getByRole('menuitem', { name: 'Contacted' }).click();
    await expectToast(page, 'Status updated');
    await expect(summary.getByText('Contacted', { exact: true })).toBeVisible();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Status changed from New to Contacted');

    // Lost needs a reason, chosen in a dialog; then it can be reopened.
    await changeStatus.click();
    await page.getByRole('menuitem', { name: 'Lost…' }).click();
    const lost = page.getByRole('dialog', { name: 'Mark this request as lost?' });
    await lost.getByRole('button', { name: 'Mark as lost' }).click();
    await expect(lost.getByRole('alert')).toHaveText('Choose why this request was lost.');
    await expectNoAxeViolations(page, { only: '[role="dialog"]' });
    await saveScreenshot(page, 'admin-valuation-detail-lost-dialog-desktop', { fullPage: false });
    await page.setViewportSize(viewports.phone);
    await saveScreenshot(page, 'admin-valuation-detail-lost-dialog-phone', { fullPage: false });
    await page.setViewportSize(viewports.desktop);
    await lost.getByLabel('Sold elsewhere').check();
    await lost.getByRole('button', { name: 'Mark as lost' }).click();
    await expect(lost).toBeHidden();
    await expect(changeStatus).toBeFocused();
    await expect(summary.getByText('Lost', { exact: true })).toBeVisible();
    await expect(timeline).toContainText('Status changed from Contacted to Lost');
    await expect(timeline).toContainText('Why: Sold elsewhere');
    await changeStatus.click();
    await page.getByRole('menuitem', { name: 'Reopen (Contacted)' }).click();
    await expect(summary.getByText('Contacted', { exact: true })).toBeVisible();

    // Send Offer: SPEC's messages for a bad amount, then an offer by e-mail.
    const offer = page.getByRole('form', { name: 'Send offer' });
    const send = offer.getByRole('button', { name: 'Send Offer' });
    await expect(send).toBeDisabled();
    await offer.getByLabel('Offer amount').fill('abc');
    await send.click();
    await expect(offer).toContainText(offerMessages.amountInvalid);
    await offer.getByLabel('Offer amount').fill('0');
    await send.click();
    await expect(offer).toContainText(offerMessages.amountInvalid);
    await offer.getByLabel('Offer amount').fill('   ');
    await send.click();
    await expect(offer).toContainText(offerMessages.amountRequired);
    await offer.getByLabel('Offer amount').fill('7,250.50');
    await offer.getByLabel('Notes (optional)').fill('Subject to inspection on collection.');
    await expect(offer.getByRole('radio', { name: 'E-mail' })).toBeChecked();
    await send.click();
    await expectToast(page, offerMessages.sent);
    await expect(offer.getByLabel('Offer amount')).toHaveValue('');
    const history = page.getByRole('region', { name: 'Offer history' });
    await expect(history).toContainText('£7,250.50');
    await expect(history).toContainText('Subject to inspection on collection.');
    await expect(history).toContainText(e2eAdmin.username);
    // The e-mail goes out through the local SMTP server; the page watches it leave.
    await expect(history.getByRole('link', { name: /E-mail: Sent/ })).toBeVisible({ timeout: 20_000 });
    await expect(summary).toContainText('£7,250.50');
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Offer of £7,250.50 sent');

    // Forward to Dealer: the dialog's fields and SPEC's validation messages.
    await expect(page.getByRole('link', { name: /Preview PDF Report/ })).toHaveAttribute(
      'href',
      `/api/valuations/${id}/preview-pdf?includeContactDetails=false`,
    );
    await page.getByRole('button', { name: 'Send to Dealer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to Dealer' });
    await expect(dialog.getByLabel('Sender name')).not.toHaveValue('');
    await expect(dialog.getByRole('checkbox', { name: "Include the seller's contact details" })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Send to Dealer' }).click();
    await expect(dialog.getByRole('alert')).toContainText(dealerForwardMessages.missing);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-valuation-detail-dealer-dialog-desktop', { fullPage: false });
    await dialog.getByLabel('Dealer name').fill('Acme Motors');
    await dialog.getByLabel('Dealer e-mail').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send to Dealer' }).click();
    await expect(dialog.getByRole('alert')).toContainText(dealerForwardMessages.invalidEmail);
    await expect(dialog.getByRole('alert')).not.toContainText(dealerForwardMessages.missing);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Send to Dealer' })).toBeFocused();
  });

  test('the reference the seller quotes: found by search however it is read out, in the header to copy', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewports.desktop);
    await settleMotion(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // AA19AAA: a car the fake DVLA knows, for the Quick Summary's MOT check.
    const seller = await createSellerValuation(request, { registration: 'AA19AAA', lastName: `Ref${uniqueTag()}` });
    expect(seller.reference).toMatch(/^CB-[A-Z0-9]{3}-[A-Z0-9]{3}$/);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.goto('/admin');

    // Read out on the phone: lower case, spaces for the dashes.
    await searchList(page, seller.reference.toLowerCase().replace(/-/g, ' '));
    const table = page.getByRole('table', { name: 'Car valuation requests, newest first' });
    await expect(table.getByRole('row')).toHaveCount(2); // the column headings and the one request
    const row = table.getByRole('row').filter({ hasText: seller.lastName });
    await expect(row).toContainText(seller.reference);
    await row.getByRole('link', { name: /^View Details/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: /Ford Focus/ })).toBeVisible();
    await expect(page.getByRole('main').getByText(seller.reference, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-valuation-detail-reference-desktop', { fullPage: false });
    await page.getByRole('button', { name: `Copy reference ${seller.reference}` }).click();
    await expectToast(page, 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(seller.reference);
  });

  test('an unknown valuation says so, with Try again and Back', async ({ page, expectedHttpErrors }) => {
    expectedHttpErrors.add(404);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.goto('/admin/valuations/00000000-0000-4000-8000-000000000000');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Failed to load valuation details');
    await expect(alert).toContainText('Valuation not found');
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    await alert.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
