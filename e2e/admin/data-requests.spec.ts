import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from './helpers';
import { createValuation, sellerAddress, uniqueTag } from './valuations';

/**
 * The Data requests screen (issue 18): staff find everything held about a person, export it as a
 * ZIP and erase it after typing the address again, all by keyboard; then the person is not found
 * and the request log shows what was done (without naming them).
 */

/**
 * axe at the top of the page: the screen scrolls new results into view, and whatever the sticky
 * back-office bar then covers would count as an obscured touch target wherever it happens to be.
 */
async function expectAccessible(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page);
}

test.describe('[ADMIN][DATA_REQUESTS]', () => {
  test.beforeEach(async ({ page }) => {
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  });

  test('find a person, export their data as a ZIP, erase it, and find nothing afterwards', async ({ page }) => {
    // A person no other test uses: a valuation through the public API, and a review with the same address.
    const tag = uniqueTag();
    const email = `${tag}.seller@example.com`;
    const person = {
      firstName: 'Robin',
      lastName: `Tester${tag}`,
      email,
      phone: `07946 ${randomInt(100_000, 999_999)}`,
    };
    const valuation = await createValuation(page.request, person);
    const review = await page.request.post('/api/reviews', {
      data: {
        customerName: `Robin ${person.lastName}`,
        email,
        rating: 5,
        reviewTitle: 'Paid the same day',
        reviewText: 'Collected from my drive the next morning.',
      },
      headers: { 'x-forwarded-for': sellerAddress() },
    });
    expect(review.status(), await review.text()).toBe(201);

    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Data requests' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Data requests' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Guidance' })).toContainText('within one month');
    await expectNoAxeViolations(page);

    // Search by keyboard: the address in other capitals, then Enter.
    const field = page.getByLabel('Their e-mail address');
    await field.focus();
    await page.keyboard.type(email.toUpperCase());
    await page.keyboard.press('Enter');
    const results = page.getByRole('region', { name: `Held for ${email}` });
    await expect(results).toContainText('1 valuation request, 1 timeline entry');
    await expect(results.getByRole('link', { name: new RegExp(valuation.registration) })).toHaveAttribute(
      'href',
      `/admin/valuations/${valuation.id}`,
    );
    await expect(results.getByText('Paid the same day')).toBeVisible();
    // The identifier never reaches the address bar.
    expect(page.url()).not.toContain(tag);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectAccessible(page);
      await saveScreenshot(page, `data-requests-results-${name}`);
    }

    // Export: a ZIP download holding data.json with the person's valuation.
    await page.setViewportSize(viewports.desktop);
    const downloading = page.waitForEvent('download');
    await results.getByRole('button', { name: 'Export as ZIP' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^data-request-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const zip = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['data.json', 'README.txt']));
    const data = JSON.parse(Buffer.from(zip['data.json']!).toString('utf8')) as {
      valuations: { id: string; email: string }[];
      reviews: { reviewTitle: string }[];
    };
    expect(data.valuations.map((v) => [v.id, v.email.toLowerCase()])).toEqual([[valuation.id, email]]);
    expect(data.reviews.map((r) => r.reviewTitle)).toEqual(['Paid the same day']);
    await expectToast(page, 'Export downloaded');

    // Erase, by keyboard: the dialog says what goes and asks for the address again.
    await results.getByRole('button', { name: 'Erase everything' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Erase everything held about this person?' });
    await expect(dialog).toContainText('1 valuation request');
    await expect(dialog).toContainText('1 review (taken off the website if published)');
    await expect(dialog).toContainText('cannot be undone');
    const confirm = dialog.getByLabel('Type the e-mail address to confirm');
    await expect(confirm).toBeFocused();
    await page.keyboard.type(`x${email}`);
    await page.keyboard.press('Enter');
    await expect(dialog).toContainText('That does not match.');
    await confirm.fill('');
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `data-requests-erase-dialog-${name}`, { fullPage: false });
    }
    await confirm.focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Everything found has been erased');
    const summary = page.getByRole('heading', { name: `Erased everything held for ${email}` });
    await expect(summary).toBeVisible();
    await expect(page.getByRole('status').filter({ has: summary })).toContainText('Deleted: 1 valuation request');
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectAccessible(page);
      await saveScreenshot(page, `data-requests-erased-${name}`);
    }

    // Nothing found afterwards, and the log shows the export and the erasure (by whom, not of whom).
    await page.setViewportSize(viewports.desktop);
    await field.fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const nothing = page.getByRole('region', { name: `Nothing held for ${email}` });
    await expect(nothing).toContainText('No records have this e-mail address.');
    await expect(nothing.getByRole('button', { name: 'Erase everything' })).toHaveCount(0);
    const log = page.getByRole('table', { name: 'Exports and erasures, newest first' });
    for (const kind of ['Erasure', 'Export']) {
      await expect(
        log.getByRole('row').filter({ hasText: kind }).filter({ hasText: '1 valuation request' }).first(),
      ).toContainText(e2eAdmin.username);
    }
    await expect(log).not.toContainText(email);
  });

  test('a dealer’s search lists the sellers’ reports sent to them apart; their export and erasure leave them out', async ({
    page,
  }) => {
    // A long journey (search, export, erasure, axe at two widths twice) on a shared machine.
    test.slow();
    // Issue 32: a seller's vehicle report e-mailed to a dealer is the seller's data, not the dealer's.
    const tag = uniqueTag();
    const dealer = `${tag}.dealer@example.com`;
    const seller = { firstName: 'Morgan', lastName: `Seller${tag}`, email: `${tag}.seller@example.com` };
    const valuation = await createValuation(page.request, seller);
    const forward = await page.request.post(`/api/valuations/${valuation.id}/send-to-dealer`, {
      data: {
        dealerName: 'Lincs Motor Traders',
        dealerEmail: dealer,
        message: 'One for you.',
        senderName: 'CarBuy Direct Team',
        includeContactDetails: true,
      },
    });
    expect(forward.status(), await forward.text()).toBe(202);

    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin/data-requests');
    const field = page.getByLabel('Their e-mail address');
    await field.fill(dealer);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('region', { name: `Nothing held for ${dealer}` });
    await expect(results).toContainText('Nothing with this e-mail address is this person’s own');
    await expect(results.getByRole('button', { name: 'Erase everything' })).toHaveCount(0);
    const others = results.getByRole('region', { name: /Records about other people/ });
    await expect(others).toContainText('not in the export');
    await expect(others).toContainText('not erased');
    await expect(others.getByRole('listitem')).toHaveCount(1);
    await expect(others.getByRole('link', { name: `About valuation ${valuation.reference}` })).toHaveAttribute(
      'href',
      `/admin/valuations/${valuation.id}`,
    );
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectAccessible(page);
      await saveScreenshot(page, `data-requests-third-party-${name}`);
    }

    // The dealer's export: no report, no PDF, nothing of the seller.
    await page.setViewportSize(viewports.desktop);
    const downloading = page.waitForEvent('download');
    await results.getByRole('button', { name: 'Export as ZIP' }).click();
    const zip = unzipSync(new Uint8Array(await readFile(await (await downloading).path())));
    expect(Object.keys(zip).sort()).toEqual(['README.txt', 'data.json']);
    const everything = Object.values(zip)
      .map((bytes) => Buffer.from(bytes).toString('utf8'))
      .join('\n');
    for (const detail of [seller.email, seller.lastName, valuation.id, valuation.registration]) {
      expect(everything).not.toContain(detail);
    }
    expect(everything).toContain('We hold 1 such message(s), left out of this file.');
    await expectToast(page, 'Export downloaded');

    // The dealer wrote a review too: that is theirs to erase; the seller's report stays.
    const review = await page.request.post('/api/reviews', {
      data: {
        customerName: 'Lincs Motor Traders',
        email: dealer,
        rating: 4,
        reviewTitle: 'Good cars, fairly described',
        reviewText: 'The reports are clear and the cars match them.',
      },
      headers: { 'x-forwarded-for': sellerAddress() },
    });
    expect(review.status(), await review.text()).toBe(201);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const held = page.getByRole('region', { name: `Held for ${dealer}` });
    await held.getByRole('button', { name: 'Erase everything' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase everything held about this person?' });
    await expect(dialog).toContainText('1 review');
    await expect(dialog).toContainText('Not deleted: 1 message sent to them about other people’s valuation requests');
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `data-requests-third-party-erase-${name}`, { fullPage: false });
    }
    await page.setViewportSize(viewports.desktop);
    await dialog.getByLabel('Type the e-mail address to confirm').fill(dealer);
    await dialog.getByRole('button', { name: 'Erase everything' }).click();
    await expectToast(page, 'Everything found has been erased');
    await field.fill(dealer);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const after = page.getByRole('region', { name: `Nothing held for ${dealer}` });
    await expect(after.getByRole('region', { name: /Records about other people/ }).getByRole('listitem')).toHaveCount(
      1,
    );
    // The seller's own search still finds their report, with its file.
    await field.fill(seller.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('region', { name: `Held for ${seller.email}` })).toContainText('1 message attachment');
  });
});
