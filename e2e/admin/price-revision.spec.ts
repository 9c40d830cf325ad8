import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import type { HandoverView } from '~/shared/handover';
import type { AdminRevisions } from '~/shared/price-revisions';
import type { SellerView } from '~/shared/seller-portal-basics';
import { startClockedApp, type ClockedApp } from '../clocked-app';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { expect, expectToast, loginRequest, settleMotion, signInViaApi, test } from './helpers';
import { createValuation } from './valuations';

/*
 * Issue 37's evidenced price revisions from start to end, on an app of its own whose clock the test
 * sets (TEST_CLOCK_FILE) to Monday 10 May 2027, 10:00 in London (BST):
 *  - staff add an item to the deductions table; /how-we-value shows it at once (the page is kept);
 *  - at the door, on a phone, staff revise an accepted £9,000 with two itemised deductions and three
 *    photos; the seller gets the itemised e-mail and a text, sees each item and photo on their page at
 *    390 px, and accepts (a double tap): £8,760 is what the driver's screen says to pay;
 *  - another seller's booked sale gets a revision from the handover screen; they decline it on their
 *    page after the no-cost confirmation: the request is lost, the collection cancelled, and the
 *    e-mail says there is nothing to pay.
 */

test.describe.configure({ mode: 'serial' });

const admin = { username: 'revision-admin', password: `e2e ${randomBytes(12).toString('base64url')}` };
/** Monday 10 May 2027, 10:00 in London (BST). */
const START = Date.parse('2027-05-10T09:00:00Z');
/** Wednesday 12 May: the second seller's collection. */
const COLLECTION_DAY = '2027-05-12';

let app: ClockedApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startClockedApp({
    name: 'price-revision',
    startAt: START,
    admin,
    // Texts through the fake Twilio, so the revised price's text is sent and can be read there.
    twilio: true,
  });
});

test.afterAll(() => app?.stop());

async function staffApi(request: { newContext: (options: object) => Promise<APIRequestContext> }) {
  const staff = await request.newContext({ baseURL: app.baseUrl, extraHTTPHeaders: { origin: app.baseUrl } });
  await loginRequest(staff, admin.username, admin.password);
  return staff;
}

/**
 * Checked and saved at the top of the page (a full-page capture of a page scrolled down draws the
 * sticky header half-way down it); on a phone, nothing may be wider than the screen.
 */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = page.viewportSize()!.width;
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name}: wider than the screen`,
  ).toBeLessThanOrEqual(width);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, name);
}

/** A phone photo of a panel: a few hundred pixels of colour, as JPEG, with the name the file picker shows. */
async function panelPhoto(name: string, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A seller whose offer of £9,000 they accepted on their page; their page open in a phone-sized browser. */
async function acceptedSale(
  browser: Browser,
  staff: APIRequestContext,
  seller: { firstName: string; lastName: string; email: string; phone: string },
) {
  const created = await createValuation(staff, {
    ...seller,
    outstandingFinance: 'no',
    contactPreference: ['call', 'text'],
  });
  const offer = await staff.post(`/api/valuations/${created.id}/offer`, {
    data: { offerAmount: '9000', sendMethod: 'email' },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: viewports.phone });
  const page = await context.newPage();
  await page.goto(`/your-valuation/open?k=${created.uploadToken}`);
  const view = (await (await page.request.get('/api/your-valuation')).json()) as SellerView;
  const accepted = await page.request.post('/api/your-valuation/offer/accept', {
    data: { offerId: view.offer!.id },
    headers: { origin: app.baseUrl },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { created, context, page };
}

/** Picks a deductions table item in a difference's fieldset and fills it in. */
async function fillDifference(
  form: ReturnType<Page['getByRole']>,
  index: number,
  difference: {
    item: string;
    howMany?: string;
    amount?: string;
    note: string;
    photos: Awaited<ReturnType<typeof panelPhoto>>[];
  },
) {
  const group = form.getByRole('group', { name: `Difference ${index}` });
  await group
    .getByRole('combobox', { name: 'Item from the deductions table' })
    .selectOption({ label: difference.item });
  if (difference.howMany) await group.getByRole('textbox', { name: 'How many' }).fill(difference.howMany);
  if (difference.amount) await group.getByRole('textbox', { name: 'Amount each (£)' }).fill(difference.amount);
  await group.getByRole('textbox', { name: 'How the car differs from what the seller told us' }).fill(difference.note);
  await group.getByLabel(`Add photos of difference ${index}`).setInputFiles(difference.photos);
  await expect(group.getByText('Uploaded')).toHaveCount(difference.photos.length, { timeout: 20_000 });
  return group;
}

test('price revisions: the deductions table on How we value, a revision accepted on the seller’s phone, another declined at no cost', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  const staff = await staffApi(playwright.request);
  const desk = await browser.newContext({ baseURL: app.baseUrl, extraHTTPHeaders: { origin: app.baseUrl } });
  const page = await desk.newPage();
  // The staff phone keeps the app's day: the form says until when a revision stands from it.
  await page.clock.install({ time: new Date(START) });
  await signInViaApi(page, admin.username, admin.password);
  await settleMotion(page);

  // --- The deductions table: add an item, put it higher, and see it on How we value at once. ---
  await page.setViewportSize(viewports.desktop);
  await page.goto('/admin/deductions');
  await expect(page.getByRole('heading', { name: 'Deductions', level: 1 })).toBeVisible();
  const inUse = page.getByRole('region', { name: /^In use/ });
  await expect(inUse.getByRole('heading', { name: /Scuff or scratch, per panel/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add an item' }).click();
  const addForm = page.getByRole('form', { name: 'Add an item' });
  // Empty fields are refused with each field's words, and nothing is sent.
  await addForm.getByRole('button', { name: 'Add the item' }).click();
  await expect(addForm.getByText('Enter what the item is, such as “Dent, per panel”.')).toBeVisible();
  await expect(addForm.getByRole('textbox', { name: 'Item' })).toBeFocused();
  await addForm.getByRole('textbox', { name: 'Item' }).fill('Cracked or split bumper');
  await addForm.getByRole('textbox', { name: 'From (£)' }).fill('120');
  await addForm.getByRole('textbox', { name: 'To (£)' }).fill('250');
  await addForm
    .getByRole('textbox', { name: 'Evidence staff must record' })
    .fill('A photo of the crack, close up and from a step back');
  await addForm.getByRole('button', { name: 'Add the item' }).click();
  await expectToast(page, 'Item added to the deductions table');
  const bumper = inUse.getByRole('heading', { name: /Cracked or split bumper/ });
  await expect(bumper).toBeFocused();
  // Up one place by keyboard: the focus stays on the button, and the item is one place higher.
  const up = page.getByRole('button', { name: 'Move Cracked or split bumper up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Moved up the table.');
  await expect(up).toBeFocused();
  await expect(bumper).toContainText('10.');
  await screenshot(page, 'price-revision-deductions-desktop');
  await page.setViewportSize(viewports.phone);
  await screenshot(page, 'price-revision-deductions-phone');

  const visitor = await browser.newContext({ baseURL: app.baseUrl });
  const howWeValue = await visitor.newPage();
  for (const [viewport, name] of [
    [viewports.phone, 'phone'],
    [viewports.desktop, 'desktop'],
  ] as const) {
    await howWeValue.setViewportSize(viewport);
    await howWeValue.goto('/how-we-value#what-we-take-off');
    const section = howWeValue.getByRole('region', { name: 'What we take off, and the evidence we record' });
    await expect(section).toContainText('Cracked or split bumper');
    await expect(section).toContainText('£120 to £250');
    await expect(section).toContainText('Mileage higher than declared, per 1,000 miles over');
    await screenshot(howWeValue, `price-revision-how-we-value-${name}`);
  }
  await visitor.close();

  // --- A revision at the door, on the staff phone: two itemised deductions with three photos. ---
  const carys = {
    firstName: 'Carys',
    lastName: 'Pryce',
    email: `carys.${Date.now()}@example.com`,
    phone: '07911 123471',
  };
  const first = await acceptedSale(browser, staff, carys);
  await page.setViewportSize(viewports.phone);
  await page.goto(`/admin/valuations/${first.created.id}`);
  const card = page.locator('#price-revision');
  await expect(card).toContainText('Agreed price: £9,000');
  await card.getByRole('button', { name: 'Revise the price' }).click();
  const form = card.getByRole('form', { name: 'Revise the price' });
  // Sending it empty names what is missing, on the field, with the focus there.
  await form.getByRole('button', { name: /^Send the revised price/ }).click();
  await expect(form.getByText('Choose the item from the deductions table.')).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Item from the deductions table' })).toBeFocused();
  await fillDifference(form, 1, {
    item: 'Dent, per panel (£60 to £180)',
    howMany: '2',
    amount: '90',
    note: 'Rear door and rear wing dented; the seller declared no dents.',
    photos: [
      await panelPhoto('rear-door.jpg', { r: 170, g: 40, b: 40 }),
      await panelPhoto('rear-wing.jpg', { r: 40, g: 60, b: 170 }),
    ],
  });
  // An amount outside the item's range is refused on the field before anything is sent.
  await form.getByRole('button', { name: 'Add another difference' }).click();
  const second = await fillDifference(form, 2, {
    item: 'Kerbed alloy wheel, per wheel (£40 to £90)',
    amount: '95',
    note: 'Front left wheel kerbed: a second scuffed wheel, one was declared.',
    photos: [await panelPhoto('front-left-wheel.jpg', { r: 60, g: 60, b: 60 })],
  });
  await form.getByRole('button', { name: /^Send the revised price/ }).click();
  await expect(second.getByText('Kerbed alloy wheel, per wheel: the amount must be from £40 to £90.')).toBeVisible();
  await second.getByRole('textbox', { name: 'Amount each (£)' }).fill('60');
  await expect(form.getByRole('definition').last()).toHaveText('£8,760');
  await screenshot(page, 'price-revision-staff-form-phone');
  await page.setViewportSize(viewports.desktop);
  await screenshot(page, 'price-revision-staff-form-desktop');
  // A double click sends one revision.
  await form.getByRole('button', { name: 'Send the revised price of £8,760' }).dblclick();
  await expectToast(page, 'Revised price sent to the seller');
  await expect(card).toContainText('Waiting for the seller');
  await expect(card).toContainText('£8,760 instead of £9,000');
  const revisions = (await (
    await staff.get(`/api/admin/valuations/${first.created.id}/revisions`)
  ).json()) as AdminRevisions;
  expect(revisions.revisions).toHaveLength(1);
  await screenshot(page, 'price-revision-staff-waiting-desktop');

  // The seller's e-mail is itemised and says declining costs nothing; the text says the same in short.
  const proposed = await app.arrived(carys.email, /^Our revised price: £8,760/);
  expect(proposed.text).toContain('1. Dent, per panel (2 × £90): £180. Rear door and rear wing dented');
  expect(proposed.text).toContain('2. Kerbed alloy wheel, per wheel: £60.');
  expect(proposed.text).toContain('stands until 23:59 on Tuesday 11 May (UK time)');
  expect(proposed.text).toContain('there is no fee, nothing to pay and no obligation');
  const text = await app.textTo('+447911123471', 'Revised price £8,760 instead of £9,000');
  expect(text.body).toContain('Declining costs you nothing');

  // --- The seller's page at 390 px: each item, its amount, the note and the photos; then Accept. ---
  const sellerPage = first.page;
  await sellerPage.reload();
  const panel = sellerPage.getByRole('region', { name: 'Our revised price' });
  await expect(panel).toContainText('£8,760');
  await expect(panel).toContainText('Instead of £9,000, the price you accepted: £240 less.');
  await expect(panel).toContainText('2 × £90 = £180');
  await expect(panel).toContainText('Rear door and rear wing dented; the seller declared no dents.');
  await expect(panel).toContainText('This revised price stands until 23:59 on Tuesday 11 May (UK time).');
  const photos = panel.getByRole('link', { name: /^Photo \d of \d: .*open larger$/ });
  await expect(photos).toHaveCount(3);
  // Every thumbnail drew; each opens the larger photo, which only this seller's cookie opens.
  await expect
    .poll(() =>
      panel
        .locator('img')
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  const large = await sellerPage.request.get((await photos.first().getAttribute('href'))!);
  expect(large.status()).toBe(200);
  expect(large.headers()['content-type']).toBe('image/jpeg');
  const stranger = await playwright.request.newContext({ baseURL: app.baseUrl });
  expect((await stranger.get((await photos.first().getAttribute('href'))!)).status()).toBe(404);
  await stranger.dispose();
  await screenshot(sellerPage, 'price-revision-seller-open-phone');
  await sellerPage.setViewportSize(viewports.desktop);
  await screenshot(sellerPage, 'price-revision-seller-open-desktop');
  await sellerPage.setViewportSize(viewports.phone);
  // A double tap, as a phone may send: one answer, one e-mail.
  await panel.getByRole('button', { name: 'Accept the revised price of £8,760' }).dblclick();
  await expect(sellerPage.getByRole('status').filter({ hasText: 'you have accepted the revised price' })).toBeVisible();
  await sellerPage.reload();
  await expect(panel).toContainText('You accepted the revised price');
  await expect(panel).toContainText('£8,760 is the price we pay you.');
  await expect(panel.getByRole('button', { name: /Accept/ })).toHaveCount(0);
  await screenshot(sellerPage, 'price-revision-seller-accepted-phone');
  await app.arrived(carys.email, /^You accepted our revised price of £8,760/);
  expect((await app.mailTo(carys.email)).filter((m) => /^You accepted our revised price/.test(m.subject))).toHaveLength(
    1,
  );
  const handover = (await (
    await staff.get(`/api/admin/valuations/${first.created.id}/handover`)
  ).json()) as HandoverView;
  expect(handover.pricePence).toBe(876_000);
  // Staff see the answer on the card and the timeline.
  await page.reload();
  await expect(card).toContainText('Accepted by the seller');
  await expect(card).toContainText('Agreed price: £8,760');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'Revised price accepted: £8,760 instead of £9,000',
  );
  await first.context.close();

  // --- Another sale, booked for Wednesday: a revision from the handover screen, declined by the seller. ---
  const owen = { firstName: 'Owen', lastName: 'Rhys', email: `owen.${Date.now()}@example.com`, phone: '07911 123472' };
  const other = await acceptedSale(browser, staff, owen);
  const booked = await staff.put(`/api/admin/valuations/${other.created.id}/collection`, {
    data: { date: COLLECTION_DAY, slot: 'morning' },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  await page.goto(`/admin/valuations/${other.created.id}/handover`);
  const revisionStep = page.getByRole('region', { name: 'Price revision' });
  await revisionStep.getByRole('button', { name: 'Revise the price' }).click();
  const handoverForm = revisionStep.getByRole('form', { name: 'Revise the price' });
  await fillDifference(handoverForm, 1, {
    item: 'Missing second key (£150 to £300)',
    amount: '200',
    note: 'Only one key at the door; two were declared.',
    photos: [await panelPhoto('one-key.jpg', { r: 200, g: 180, b: 40 })],
  });
  await handoverForm.getByRole('button', { name: 'Send the revised price of £8,800' }).click();
  await expectToast(page, 'Revised price sent to the seller');
  await expect(revisionStep).toContainText('Waiting for the seller');
  await screenshot(page, 'price-revision-handover-waiting-desktop');
  await app.arrived(owen.email, /^Our revised price: £8,800/);

  const owenPage = other.page;
  await owenPage.reload();
  const owenPanel = owenPage.getByRole('region', { name: 'Our revised price' });
  // Declining asks first, and says it costs nothing.
  await owenPanel.getByText('Decline and keep my car', { exact: true }).click();
  await expect(owenPanel).toContainText('there is no fee, nothing to pay and no obligation. You keep your car.');
  await owenPanel.getByRole('textbox', { name: 'Why are you declining? (optional)' }).fill('I will keep it for now.');
  await screenshot(owenPage, 'price-revision-seller-decline-phone');
  await owenPanel.getByRole('button', { name: 'Yes, decline and keep my car' }).click();
  await expect(owenPage.getByRole('status').filter({ hasText: 'You have declined the revised price' })).toBeVisible();
  await expect(owenPage.getByRole('region', { name: 'Progress' })).toContainText(
    'You declined our revised price, so we did not buy your car. You keep it, and there is nothing to pay.',
  );
  await expect(owenPage.getByRole('region', { name: 'Collection' })).toHaveCount(0);
  await screenshot(owenPage, 'price-revision-seller-declined-phone');
  const declined = await app.arrived(owen.email, /^You declined our revised price/);
  expect(declined.text).toContain('You keep your car, and there is nothing to pay');
  expect(declined.text).toContain('We have cancelled the collection booked for Wednesday 12 May 2027, morning');
  const lost = (await (await staff.get(`/api/admin/valuations/${other.created.id}/handover`)).json()) as HandoverView;
  expect(lost).toMatchObject({ stage: 'lost', booking: null });
  await page.goto(`/admin/valuations/${other.created.id}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'Revised price declined: £8,800 instead of £9,000',
  );
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('The seller declined our revised price');
  await other.context.close();
  await desk.close();
  await staff.dispose();
});
