import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminValuationMessages } from '~/shared/admin-valuations';
import { dealerForwardMessages } from '~/shared/dealer-forward';
import { offerMessages } from '~/shared/valuation-offer';
import { expectNoAxeViolations, fakesUrl, saveScreenshot, viewports } from '../fixtures';
import { answerSteps2To4, cameraPhoto, footer, next } from '../public/seller-wizard';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from './helpers';
import { searchList } from './valuations';

/*
 * Issue 11's whole journey, on the app with every provider configured (scripts/e2e.mjs: texts go
 * to the fake Twilio, distances to the fake Google Routes API, the Location tab frames Google's
 * Maps Embed API): a seller asks for a valuation in the wizard and adds photos; staff find it on
 * the dashboard, read every tab, send an offer by e-mail and one by text and see both arrive,
 * forward it to a dealer and read the PDF that arrives, then archive, restore, archive and delete.
 */

type SmtpMessage = {
  to: string[];
  subject: string;
  messageId: string;
  attachments: { filename: string; contentType: string; size: number }[];
};

async function emailsTo(address: string): Promise<SmtpMessage[]> {
  const all = (await (await fetch(`${fakesUrl()}/smtp/messages`)).json()) as SmtpMessage[];
  return all.filter((message) => message.to.includes(address));
}

async function textsContaining(fragment: string): Promise<{ to: string; body: string }[]> {
  const all = (await (await fetch(`${fakesUrl()}/twilio/messages`)).json()) as { to: string; body: string }[];
  return all.filter((text) => text.body.includes(fragment));
}

/** The seller's side: the wizard from the home page, then two photos from the success screen. */
async function sellerAsksForAValuation(page: Page, seller: { lastName: string; email: string }) {
  await page.goto('/');
  const box = page.getByLabel('Enter your registration to start');
  await box.fill('AA19AAA');
  await page.getByRole('button', { name: 'Get My Valuation' }).first().click();
  await expect(page.getByRole('heading', { name: 'Vehicle Identified' })).toBeVisible();
  await page.getByLabel('Mileage').fill('45000');
  await next(page).click();
  await expect(footer(page, 2)).toBeVisible();
  await answerSteps2To4(page, seller.email, {
    firstName: 'Alex',
    lastName: seller.lastName,
    postcode: 'SW1A 1AA',
    phone: '07911 123456',
  });
  await page.getByRole('button', { name: 'Submit Valuation Request' }).click();
  await expect(page.getByRole('heading', { name: 'Valuation Request Submitted' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload Photos (Optional)' }).click();
  await page.getByLabel('Choose Photos').setInputFiles(await Promise.all(['front.jpg', 'side.jpg'].map(cameraPhoto)));
  await page.getByRole('button', { name: 'Submit Photos' }).click();
  await expect(page.getByText('2 photos added to your valuation.')).toBeVisible({ timeout: 30_000 });
}

/** Renders the PDF's pages with pdftoppm into the screenshots folder; answers their file names. */
function renderPdfPages(pdf: Buffer, outputDir: string): string[] {
  const file = path.join(outputDir, 'dealer-report.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '70', '-png', file, path.join(outputDir, 'page')]);
  const pages = readdirSync(outputDir)
    .filter((name) => /^page-\d+\.png$/.test(name))
    .sort();
  for (const [index, name] of pages.entries()) {
    copyFileSync(path.join(outputDir, name), `e2e/screenshots/admin-dealer-report-page-${index + 1}.png`);
  }
  return pages;
}

const requestsTable = (page: Page) => page.getByRole('table', { name: 'Car valuation requests, newest first' });

test.describe('[ADMIN][JOURNEY] a seller’s request through the back office, every provider configured', () => {
  test('dashboard, every tab, offers by e-mail and text, the dealer’s PDF, archive, restore and delete', async ({
    page,
    expectedHttpErrors,
  }, testInfo) => {
    test.slow();
    expect(existsSync('/usr/bin/pdftoppm'), 'pdftoppm is needed: apt-get install -y poppler-utils').toBe(true);
    // The Maps Embed frame is Google's page; offline, a stand-in answers for it. The page's CSP
    // must still allow the frame (the fixtures fail the test on any CSP report).
    await page.route('https://www.google.com/maps/embed/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Route map</p>' }),
    );
    const lastName = `Journey${randomBytes(3).toString('hex')}`;
    const email = `${lastName.toLowerCase()}@example.com`;
    const dealerEmail = `buyer-${randomBytes(3).toString('hex')}@dealer.example`;

    // --- The seller ------------------------------------------------------------------------------
    await page.setViewportSize(viewports.phone);
    await sellerAsksForAValuation(page, { lastName, email });

    // --- Staff find it on the dashboard ----------------------------------------------------------
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin');
    await searchList(page, lastName);
    const row = requestsTable(page).getByRole('row').filter({ hasText: lastName });
    await expect(row).toContainText('AA19AAA');
    await expect(row).toContainText('Ford Focus');
    await expect(row).toContainText('SW1A 1AA');
    await expect(row.getByText(/^(Local|Regional|Long|Very Far)$/)).toBeVisible();
    await expect(row.getByText('New', { exact: true })).toBeVisible();
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-journey-dashboard-${name}`);
    }
    await page.setViewportSize(viewports.desktop);
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: /^View Details/ }).click();
    await expect(page).toHaveURL(/\/admin\/valuations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: /Ford Focus/ })).toBeVisible();
    // From here, screenshots catch menus and dialogs fully drawn. (Not before the click above: with
    // reduced motion, Chromium scrolls the page between the press and the release of a click made
    // just after typing in the search box, so the release lands elsewhere; see the issue notes.)
    await settleMotion(page);
    const detailUrl = page.url();

    // --- Every tab has the request's data ----------------------------------------------------------
    const panel = page.getByRole('tabpanel');
    const tabs: [string, RegExp | string][] = [
      ['Vehicle', '45,000 miles'],
      ['Condition', 'Great Condition'],
      ['Finance', /finance/i],
      ['Contact', email],
      ['Photos', /Open photo 1 of 2/],
      ['DVLA', 'MOT history'],
      ['Location', 'Road distance'],
    ];
    for (const [name, text] of tabs) {
      await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
      if (name === 'Photos') await expect(panel.getByRole('button', { name: text })).toBeVisible();
      else await expect(panel).toContainText(text);
    }
    // Google's Routes API (the fake) measured it, and the directions are Google's frame.
    await expect(panel).not.toContainText('estimated', { ignoreCase: false });
    const map = panel.locator('iframe');
    await expect(map).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\/embed\/v1\/directions\?/);
    await expect(page.frameLocator('iframe').getByText('Route map')).toBeVisible();
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-journey-location-${name}`);
    }
    await page.setViewportSize(viewports.desktop);

    // --- An offer by e-mail, then one by text; both arrive -----------------------------------------
    const offer = page.getByRole('form', { name: 'Send offer' });
    await offer.getByLabel('Offer amount').fill('4,250');
    await offer.getByRole('button', { name: 'Send Offer' }).click();
    await expectToast(page, offerMessages.sent);
    await expect
      .poll(async () => (await emailsTo(email)).some((m) => /^Our offer: £4,250 \(reference CB-/.test(m.subject)))
      .toBe(true);
    await offer.getByLabel('Offer amount').fill('4300');
    await offer.getByRole('radio', { name: 'Text' }).check();
    await offer.getByRole('button', { name: 'Send Offer' }).click();
    await expectToast(page, offerMessages.sent);
    await expect.poll(async () => (await textsContaining('£4,300')).map((t) => t.to)).toEqual(['+447911123456']);
    const history = page.getByRole('region', { name: 'Offer history' });
    await expect(history.getByRole('link', { name: /E-mail: Sent/ })).toBeVisible({ timeout: 20_000 });
    await expect(history.getByRole('link', { name: /Text: Sent/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Offer made', { exact: true }).first()).toBeVisible(); // the lifecycle's stage after an offer

    // --- Forward to a dealer: the e-mail arrives with the report, which renders ---------------------
    await page.getByRole('button', { name: 'Send to Dealer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to Dealer' });
    await dialog.getByLabel('Dealer name').fill('Louth Motor Traders');
    await dialog.getByLabel('Dealer e-mail').fill(dealerEmail);
    await dialog.getByLabel(/^Message/).fill('Could you price this one for us by Friday?');
    await dialog.getByRole('button', { name: 'Send to Dealer' }).click();
    await expectToast(page, dealerForwardMessages.sent);
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await emailsTo(dealerEmail)).length, { timeout: 20_000 }).toBe(1);
    const [forwarded] = await emailsTo(dealerEmail);
    expect(forwarded!.subject).toMatch(/^Vehicle report CB-/);
    expect(forwarded!.attachments).toEqual([
      { filename: 'vehicle-report-AA19AAA.pdf', contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    const pdf = Buffer.from(
      await (
        await fetch(`${fakesUrl()}/smtp/attachment?messageId=${encodeURIComponent(forwarded!.messageId)}&index=0`)
      ).arrayBuffer(),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = renderPdfPages(pdf, testInfo.outputPath());
    expect(pages.length).toBeGreaterThanOrEqual(1);
    const text = execFileSync('pdftotext', [path.join(testInfo.outputPath(), 'dealer-report.pdf'), '-']).toString();
    expect(text).toContain('AA19 AAA');
    expect(text).toContain('Seller contact details withheld');
    expect(text).not.toContain(email);
    expect(text).not.toContain(lastName);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Louth Motor Traders');

    // --- Archive, restore, archive again, delete -----------------------------------------------------
    await page.goto('/admin');
    await searchList(page, lastName);
    await row.getByRole('button', { name: /^Archive/ }).click();
    await expectToast(page, adminValuationMessages.archived);
    await expect(page.getByText('No valuations found')).toBeVisible();

    await page.goto(`/admin/archived?q=${lastName}`);
    const item = page.getByRole('list', { name: 'Archived valuations, newest first' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: /^Restore/ }).click();
    await expectToast(page, adminValuationMessages.restored);

    await page.goto(`/admin?q=${lastName}`);
    await row.getByRole('button', { name: /^Archive/ }).click();
    await expectToast(page, adminValuationMessages.archived);
    await page.goto(`/admin/archived?q=${lastName}`);
    await item.getByRole('button', { name: /^Delete/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Permanently Delete Valuation?' })
      .getByRole('button', { name: 'Delete permanently' })
      .click();
    await expectToast(page, adminValuationMessages.deleted);
    await expect(page.getByText('No archived valuations found')).toBeVisible();
    // Gone for good: its page says so.
    expectedHttpErrors.add(404);
    await page.goto(detailUrl);
    await expect(page.getByRole('alert')).toContainText('Failed to load valuation details');
  });
});
