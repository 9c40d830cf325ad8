import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import ical from 'node-ical';
import type { HandoverView } from '~/shared/handover';
import type { MessageSummary } from '~/shared/messages';
import type { VoucherList } from '~/shared/voucher-schemas';
import { startClockedApp, type ClockedApp } from '../clocked-app';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { hydrated } from '../public/seller-wizard';
import { expect, loginRequest, settleMotion, signInViaApi, test } from './helpers';
import { createValuation } from './valuations';

/*
 * Issue 36's collection day from start to end, on an app of its own whose clock the test sets
 * (TEST_CLOCK_FILE) to Wednesday 24 March 2027, in GMT, with the launch promotion running:
 *  - staff confirm a settlement larger than the offer, from a letter that ends before the booked
 *    day: the detail page shows the equity and both warnings; the corrected letter clears them;
 *  - the seller books Tuesday 30 March on a phone, after Easter and the clocks going forward: the
 *    e-mail's calendar file, parsed by a calendar library, starts at 08:00 BST (07:00 UTC), and the
 *    text reminder is queued for 18:00 BST on Easter Monday;
 *  - the seller moves it to Wednesday 14 April; on that morning staff record the handover and the
 *    payment, split between the lender and the seller, on the handover screen on a phone;
 *  - the receipt PDF is drawn with pdftoppm (looked at in e2e/screenshots), and the voucher owed is
 *    due on Wednesday 5 May: 14 working days that skip the early May bank holiday (Monday 3 May).
 */

test.describe.configure({ mode: 'serial' });

const admin = { username: 'collection-admin', password: `e2e ${randomBytes(12).toString('base64url')}` };
/** Wednesday 24 March 2027, 10:00 in London (GMT): the clocks go forward on Sunday 28 March. */
const START = Date.parse('2027-03-24T10:00:00Z');

let app: ClockedApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startClockedApp({
    name: 'collection-day',
    startAt: START,
    admin,
    // Texts through the fake Twilio, so the evening-before reminder is queued, not held.
    twilio: true,
    env: {
      PROMOTION_ANNOUNCE_DATE: '2027-02-01',
      PROMOTION_START_DATE: '2027-03-01',
      PROMOTION_END_DATE: '2027-06-30',
    },
  });
});

test.afterAll(() => app?.stop());

async function staffApi(request: { newContext: (options: object) => Promise<APIRequestContext> }) {
  const staff = await request.newContext({ baseURL: app.baseUrl, extraHTTPHeaders: { origin: app.baseUrl } });
  await loginRequest(staff, admin.username, admin.password);
  return staff;
}

test('collection day: finance, booking, calendar file, reminder, move, handover, split payment, receipt, voucher', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  // Staff's browser, on this spec's own app.
  const desk = await browser.newContext({ baseURL: app.baseUrl, extraHTTPHeaders: { origin: app.baseUrl } });
  const page = await desk.newPage();
  const email = `carys.${Date.now()}@example.com`;
  const phone = '07911 123461';
  let staff = await staffApi(playwright.request);

  // A seller near the base (Local: from the next working day) with finance, and an offer of £9,000.
  const created = await createValuation(staff, {
    firstName: 'Carys',
    lastName: 'Pryce',
    email,
    phone,
    outstandingFinance: 'yes',
  });
  const offer = await staff.post(`/api/valuations/${created.id}/offer`, {
    data: { offerAmount: '9000', sendMethod: 'email' },
  });
  expect(offer.status(), await offer.text()).toBe(201);

  // The seller accepts on their page, and books Tuesday 30 March's morning on a phone.
  const seller = await browser.newContext({ baseURL: app.baseUrl, viewport: viewports.phone });
  const sellerPage = await seller.newPage();
  await sellerPage.goto(`/your-valuation/open?k=${created.uploadToken}`);
  const view = (await (await sellerPage.request.get('/api/your-valuation')).json()) as { offer: { id: string } };
  const accepted = await sellerPage.request.post('/api/your-valuation/offer/accept', {
    data: { offerId: view.offer.id },
    headers: { origin: app.baseUrl },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await sellerPage.reload();
  const collection = sellerPage.getByRole('region', { name: 'Collection', exact: true });
  // Thursday 25 March is the first day; Good Friday and Easter Monday are not offered.
  const days = collection.locator('li > span');
  await expect(days.first()).toHaveText('Thu 25 Mar');
  await expect(days.nth(1)).toHaveText('Tue 30 Mar');
  const tuesday = collection.getByRole('radio', { name: 'Morning on Tue 30 Mar' });
  await tuesday.focus();
  await hydrated(tuesday);
  await collection.locator('label', { hasText: 'Morning on Tue 30 Mar' }).click();
  await expect(tuesday).toBeChecked();
  await collection.getByRole('button', { name: 'Book this collection' }).click();
  await expect(collection).toContainText('Booked: Tuesday 30 March 2027, morning, 8am to 12 noon');
  await expectNoAxeViolations(sellerPage);
  await saveScreenshot(sellerPage, 'collection-day-booked-phone');

  // The e-mail's calendar file starts at 08:00 London time, which is BST by then: 07:00 UTC.
  const booked = await app.arrived(email, /^Collection booked:/);
  expect(booked.attachments[0]).toMatchObject({ contentType: expect.stringContaining('text/calendar') });
  const calendar = ical.sync.parseICS((await app.attachment(booked)).toString('utf8'));
  const event = Object.values(calendar).find((entry) => entry?.type === 'VEVENT') as ical.VEvent;
  expect(event.start.toISOString()).toBe('2027-03-30T07:00:00.000Z');
  expect(event.end?.toISOString()).toBe('2027-03-30T11:00:00.000Z');

  // The reminder text waits in the outbox for 18:00 London time the day before (Easter Monday, BST).
  const queuedSms = async () => {
    const answer = await staff.get('/api/admin/messages?channel=sms&recipient=7911123461');
    expect(answer.status(), await answer.text()).toBe(200);
    const list = (await answer.json()) as { items: MessageSummary[] };
    return list.items.filter((m) => m.templateName === 'collection-reminder' && m.status === 'queued');
  };
  expect((await queuedSms()).map((m) => m.nextAttemptAt)).toEqual(['2027-03-29T17:00:00.000Z']);

  // Staff confirm the settlement from a first letter: more than the offer, and it ends before the day.
  const first = await staff.put(`/api/admin/valuations/${created.id}/finance`, {
    data: { lender: 'Black Horse', settlement: '9,400', validUntil: '2027-03-26' },
  });
  expect(first.status(), await first.text()).toBe(200);
  await signInViaApi(page, admin.username, admin.password);
  for (const [viewport, name] of [
    [viewports.phone, 'phone'],
    [viewports.desktop, 'desktop'],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin/valuations/${created.id}`);
    const finance = page.getByRole('region', { name: 'Finance settlement' });
    await expect(finance).toContainText('Equity: −£400');
    const warnings = finance.getByRole('list', { name: 'Finance warnings' });
    await expect(warnings.getByRole('listitem')).toHaveCount(2);
    await expect(warnings).toContainText('the seller must pay the lender the £400 difference');
    await expect(warnings).toContainText('valid until Fri 26 Mar, before the collection on Tue 30 Mar');
    await settleMotion(page);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `collection-day-finance-warnings-${name}`);
  }
  // The seller sends an updated letter; staff confirm it, and the warnings go.
  const second = await staff.put(`/api/admin/valuations/${created.id}/finance`, {
    data: { lender: 'Black Horse', settlement: '7,250.50', validUntil: '2027-04-30' },
  });
  expect(second.status(), await second.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Finance settlement' })).toContainText('Equity: £1,749.50');
  await expect(page.getByRole('list', { name: 'Finance warnings' })).toHaveCount(0);

  // The seller moves the collection to Wednesday 14 April: the old reminder goes, a new one waits.
  await collection.getByRole('button', { name: 'Change day' }).click();
  await collection.getByRole('button', { name: 'Show more days' }).click();
  const wednesday = collection.getByRole('radio', { name: 'Morning on Wed 14 Apr' });
  await collection.locator('label', { hasText: 'Morning on Wed 14 Apr' }).click();
  await expect(wednesday).toBeChecked();
  await collection.getByRole('button', { name: 'Move my collection' }).click();
  await expect(collection).toContainText('Booked: Wednesday 14 April 2027, morning, 8am to 12 noon');
  await app.arrived(email, /^Collection moved:/);
  expect((await queuedSms()).map((m) => m.nextAttemptAt)).toEqual(['2027-04-13T17:00:00.000Z']);

  // The morning of 14 April: staff record the handover, then the split payment, on a phone.
  await app.setClock(Date.parse('2027-04-14T08:40:00Z'));
  await staff.dispose();
  staff = await staffApi(playwright.request);
  await signInViaApi(page, admin.username, admin.password);
  // The driver's phone keeps the day's time too: the payment's time is filled in from it.
  await page.clock.install({ time: new Date('2027-04-14T08:40:00Z') });
  await page.setViewportSize(viewports.phone);
  await page.goto(`/admin/valuations/${created.id}/handover`);
  await recordHandoverAndPayment(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'collection-day-paid-phone');
  const paid = (await (await staff.get(`/api/admin/valuations/${created.id}/handover`)).json()) as HandoverView;
  expect(paid).toMatchObject({
    stage: 'completed',
    payments: [
      {
        payee: 'lender',
        amountPence: 725_050,
        reference: 'AGR 31-7781',
        paidAt: expect.stringMatching(/^2027-04-14T08:4/),
      },
      {
        payee: 'seller',
        amountPence: 174_950,
        reference: 'CARBUY PRYCE',
        paidAt: expect.stringMatching(/^2027-04-14T08:4/),
      },
    ],
  });

  // The receipt came by e-mail as a PDF; drawn with pdftoppm, it is one finished page.
  const receiptMail = await app.arrived(email, /^Your receipt:/);
  expect(receiptMail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
  const receipt = await app.attachment(receiptMail);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'carbuy-receipt-'));
  try {
    writeFileSync(path.join(folder, 'receipt.pdf'), receipt);
    execFileSync('pdftoppm', ['-png', '-r', '80', path.join(folder, 'receipt.pdf'), path.join(folder, 'page')]);
    const png = readFileSync(path.join(folder, 'page-1.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.E2E_SCREENSHOTS !== 'off') {
      writeFileSync(path.join('e2e', 'screenshots', 'collection-day-receipt.png'), png);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  // The seller's page says "Paid", and the voucher owed is due after the May bank holiday.
  await sellerPage.reload();
  await expect(sellerPage.getByRole('region', { name: 'Payment' })).toContainText('£1,749.50');
  await expect(sellerPage.getByRole('region', { name: 'Your launch voucher' })).toContainText('5 May 2027');
  const owed = (await (await staff.get('/api/admin/vouchers?status=owed')).json()) as VoucherList;
  expect(owed.items.find((v) => v.valuationId === created.id)).toMatchObject({
    owedOn: '2027-04-14',
    dueDate: '2027-05-05',
    overdue: false,
  });
  await page.setViewportSize(viewports.desktop);
  await page.goto('/admin/vouchers');
  await expect(page.getByRole('main')).toContainText('Carys Pryce');
  await expect(page.getByRole('main')).toContainText('Wed 5 May');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'collection-day-vouchers-desktop');
  await seller.close();
  await desk.close();
  await staff.dispose();
});

/** The handover screen: as declared with the mileage, two keys and the V5C; then both payments. */
async function recordHandoverAndPayment(page: Page) {
  const door = page.getByRole('region', { name: 'Step 1: At the door' });
  await door.getByRole('radio', { name: /^As declared/ }).check();
  await door.getByRole('textbox', { name: 'Mileage on the dashboard' }).fill('45,380');
  await door.getByRole('group', { name: 'Keys handed over' }).getByRole('radio', { name: '2' }).check();
  await door.getByRole('group', { name: 'V5C logbook handed over' }).getByRole('radio', { name: 'Yes' }).check();
  const keeper = door.getByRole('group', { name: 'The seller is the keeper named on the V5C' });
  await keeper.getByRole('radio', { name: 'Yes' }).check();
  await door.getByRole('button', { name: 'Record the handover' }).click();

  const payment = page.getByRole('region', { name: 'Step 2: Payment' });
  await expect(page.getByRole('heading', { name: 'Step 2: Payment' })).toBeFocused();
  const toSeller = payment.getByRole('group', { name: 'To the seller, Carys Pryce' });
  const toLender = payment.getByRole('group', { name: 'To the lender, Black Horse' });
  // Filled in from the split: the settlement to the lender, the rest to the seller.
  await expect(toLender.getByRole('textbox', { name: 'Amount' })).toHaveValue('7,250.50');
  await expect(toSeller.getByRole('textbox', { name: 'Amount' })).toHaveValue('1,749.50');
  await toSeller.getByRole('textbox', { name: 'Faster Payments reference' }).fill('CARBUY PRYCE');
  await toLender.getByRole('textbox', { name: 'Faster Payments reference' }).fill('AGR 31-7781');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'collection-day-payment-phone');
  await payment.getByRole('button', { name: 'Record the payment' }).click();
  await expect(page.getByRole('heading', { name: 'Paid' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Paid' })).toContainText('CARBUY PRYCE');
}
