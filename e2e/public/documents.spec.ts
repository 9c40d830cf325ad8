import PDFDocument from 'pdfkit';
import type { Locator, Page } from '@playwright/test';
import { e2eAdmin, expect, settleMotion, signInViaApi, test } from '../admin/helpers';
import { createValuation, searchList } from '../admin/valuations';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { cameraPhoto, hydrated } from './seller-wizard';

/*
 * Issue 35's documents: staff ask for them early; on a phone the seller sends the V5C as a PDF and
 * the licence as a photo, each with its progress bar; staff turn the licence down with a reason,
 * which the seller reads on their page and sends another; the seller counts the keys; staff verify
 * everything and the request shows "Documents complete" on its page, its timeline and the dashboard.
 */

/** A scanned logbook, as a one-page PDF. */
function logbookPdf(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.fontSize(22).text('V5C Vehicle registration certificate', 60, 60);
  doc.fontSize(14).text('Registered keeper: Tamsin Papers', 60, 120);
  doc.rect(60, 160, 470, 300).stroke();
  doc.end();
  return new Promise((resolve) =>
    doc.on('end', () => resolve({ name: 'logbook.pdf', mimeType: 'application/pdf', buffer: Buffer.concat(chunks) })),
  );
}

const item = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Documents', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label }) });

/** The island wakes when touched; then the same control works as itself. */
async function wake(locator: Locator) {
  await locator.focus();
  await hydrated(locator);
}

test('documents: asked for, sent from a phone, one turned down and sent again, all checked', async ({
  page,
  expectedHttpErrors,
}) => {
  test.slow();
  // The made-up registration is unknown to the fake DVLA: the detail page's live lookup answers 404.
  expectedHttpErrors.add(404);
  const created = await createValuation(page.request, { firstName: 'Tamsin', lastName: 'Papers' });
  await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  const staffCard = () => page.getByRole('region', { name: 'Documents', exact: true });

  // Staff ask early: before an offer is accepted the seller's page has no checklist.
  await page.setViewportSize(viewports.desktop);
  await page.goto(`/admin/valuations/${created.id}`);
  await settleMotion(page);
  await expect(staffCard()).toContainText('Not asked yet');
  await staffCard().getByRole('button', { name: 'Ask for documents' }).click();
  await expect(staffCard()).toContainText('Waiting for the seller');

  // The seller, on a phone.
  await page.setViewportSize(viewports.phone);
  await page.goto(`/your-valuation/open?k=${created.uploadToken}`);
  await expect(page).toHaveURL(/\/your-valuation$/);
  const documents = page.getByRole('region', { name: 'Documents', exact: true });
  await expect(documents).toContainText('0 of 2 required documents checked.');
  await expect(documents.getByRole('img', { name: /first page of the V5C logbook/ })).toBeVisible();
  await wake(documents.getByLabel('Upload the V5C logbook'));

  // The V5C as a PDF, its progress shown while the server is held.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/your-valuation/documents/v5c', async (route) => {
    await held;
    await route.continue();
  });
  await documents.getByLabel('Upload the V5C logbook').setInputFiles([await logbookPdf()]);
  await expect(page.getByRole('progressbar', { name: 'Sending your V5C logbook' })).toBeVisible();
  release();
  await expect(item(page, 'V5C logbook')).toContainText('Waiting for our check');
  await page.unroute('**/api/your-valuation/documents/v5c');
  await documents.getByLabel('Upload the Photo driving licence').setInputFiles([await cameraPhoto('licence.jpg')]);
  await expect(item(page, 'Photo driving licence')).toContainText('Waiting for our check');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'documents-sent-phone');

  // Staff: the V5C checked, the licence turned down with a reason.
  await page.setViewportSize(viewports.desktop);
  await page.goto(`/admin/valuations/${created.id}`);
  await settleMotion(page);
  await expect(staffCard()).toContainText('2 to check');
  await expect(staffCard().getByRole('img', { name: 'First page of the V5C logbook' })).toBeVisible();
  await staffCard().getByRole('button', { name: 'Verify the V5C logbook' }).click();
  await staffCard().getByRole('button', { name: 'Reject the Photo driving licence' }).click();
  const reason = 'The photo is blurred or too dark to read.';
  await staffCard().getByRole('button', { name: reason }).click();
  await expect(staffCard().getByLabel('Why it cannot be accepted')).toHaveValue(reason);
  await staffCard().getByRole('button', { name: 'Send to seller' }).click();
  await expect(staffCard()).toContainText(`Not accepted: ${reason}`);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'documents-review-desktop');

  // The seller reads why, sends another, and counts the keys.
  await page.setViewportSize(viewports.phone);
  await page.goto('/your-valuation');
  await expect(item(page, 'Photo driving licence')).toContainText(`Not accepted: ${reason}`);
  await expect(item(page, 'V5C logbook')).toContainText('Checked');
  await expect(documents).toContainText('1 of 2 required documents checked.');
  await saveScreenshot(page, 'documents-rejected-phone');
  const again = documents.getByLabel('Send a new one for the Photo driving licence');
  await wake(again);
  await again.setInputFiles([await cameraPhoto('licence-again.jpg')]);
  await expect(item(page, 'Photo driving licence')).toContainText('Waiting for our check');
  await documents.getByLabel('Number of keys').selectOption('2');
  await documents.getByRole('button', { name: 'Save' }).click();
  await expect(documents.getByRole('status')).toHaveText('Saved');

  // Staff verify it: complete on the page, the timeline and the dashboard.
  await page.setViewportSize(viewports.desktop);
  await page.goto(`/admin/valuations/${created.id}`);
  await settleMotion(page);
  await staffCard().getByRole('button', { name: 'Verify the Photo driving licence' }).click();
  await expect(staffCard()).toContainText('Documents complete');
  await expect(staffCard()).toContainText('Keys: 2');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Documents complete');
  await expect(timeline).toContainText(`Document not accepted: Photo driving licence`);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'documents-complete-desktop');

  await page.goto('/admin');
  await searchList(page, created.registration);
  await expect(page.getByRole('row').filter({ hasText: created.registration })).toContainText('Documents complete');
  await saveScreenshot(page, 'documents-dashboard-desktop');

  // The seller's page says so too; nothing is left to send.
  await page.setViewportSize(viewports.phone);
  await page.goto('/your-valuation');
  await expect(documents).toContainText('Documents complete');
  await expect(documents.getByLabel(/^(Upload|Send a new one)/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'documents-complete-phone');
});
