import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { e2eAdmin, expect, settleMotion, signInViaApi, test } from '../admin/helpers';
import { createValuation } from '../admin/valuations';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { cameraPhoto, hydrated } from './seller-wizard';

/*
 * Issue 35's guided photos, on a phone: from the seller's own page the seller takes six of the named
 * shots, each sent at once with its own progress bar; one upload fails (the connection drops) and is
 * tried again; one shot is skipped. Then three damage marks, two by tapping the drawing and one by
 * keyboard alone. Staff see the shots grouped under their names on the Photos tab, with the shots
 * not taken named, and the marks on the same drawing with their list; the dealer report shows both.
 */

const shot = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Photos we need' }).getByRole('listitem').filter({ hasText: label });

/** The island wakes when touched; then the same control works as itself. */
async function wake(locator: Locator) {
  await locator.focus();
  await hydrated(locator);
}

test('six guided shots and three damage marks from the seller’s page; staff and the dealer report show them', async ({
  page,
  expectedHttpErrors,
}, testInfo) => {
  test.slow();
  const created = await createValuation(page.request, { firstName: 'Tamsin', lastName: 'Guided' });
  await page.setViewportSize(viewports.phone);
  await page.goto(`/your-valuation/open?k=${created.uploadToken}`);
  await expect(page).toHaveURL(/\/your-valuation$/);

  const photos = page.getByRole('region', { name: 'Photos', exact: true });
  await wake(photos.getByRole('button', { name: 'Add photos' }));
  await photos.getByRole('button', { name: 'Add photos' }).click();
  await expect(page.getByRole('list', { name: 'Photos we need' }).getByRole('listitem')).toHaveCount(13);
  await expect(page.getByText('0 of 13 taken.')).toBeVisible();

  const take = async (label: string, file: string) =>
    page.getByLabel(`Take photo: ${label}`, { exact: true }).setInputFiles([await cameraPhoto(file)]);
  const taken = async (label: string) => {
    await expect(shot(page, label).getByRole('img', { name: `Your photo: ${label}` })).toBeVisible();
    await expect(shot(page, label).getByRole('button', { name: `Remove your photo: ${label}` })).toBeVisible();
  };

  await take('Front three-quarter', 'front.jpg');
  await taken('Front three-quarter');

  // The progress bar of one shot, held mid-way: the server has not answered yet.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/your-valuation/photos', async (route) => {
    await held;
    await route.continue();
  });
  await take('Rear three-quarter', 'rear.jpg');
  await expect(page.getByRole('progressbar', { name: 'Sending: Rear three-quarter' })).toBeVisible();
  await saveScreenshot(page, 'guided-photos-progress-phone', { fullPage: false });
  release();
  await taken('Rear three-quarter');
  await page.unroute('**/api/your-valuation/photos');

  // The server fails once: the shot says so, and "Try again" sends the same photo.
  expectedHttpErrors.add(503);
  await page.route('**/api/your-valuation/photos', (route) => route.fulfill({ status: 503, body: '' }), {
    times: 1,
  });
  await take('Left side', 'left.jpg');
  await expect(shot(page, 'Left side').getByRole('alert')).toContainText('Not sent');
  await shot(page, 'Left side').getByRole('button', { name: 'Try again: Left side' }).click();
  await taken('Left side');

  await take('Right side', 'right.jpg');
  await taken('Right side');
  await take('Dashboard, engine running', 'dashboard.jpg');
  await taken('Dashboard, engine running');
  await shot(page, 'Front seats').getByRole('button', { name: 'Skip: Front seats' }).click();
  await expect(shot(page, 'Front seats')).toContainText('Skipped.');
  await take('Boot', 'boot.jpg');
  await taken('Boot');
  await expect(page.getByText('6 of 13 taken.')).toBeVisible();
  await expect(page.getByText('6 of 20 photos')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'guided-photos-phone');

  // Damage: two marks by tapping the drawing, one by keyboard alone through the form.
  const damage = page.getByRole('region', { name: 'Damage', exact: true });
  await wake(damage.getByRole('button', { name: 'Mark damage' }));
  await damage.getByRole('button', { name: 'Mark damage' }).click();
  const drawing = damage.getByRole('img', { name: /^Drawing of the car/ });
  await expect(drawing).toBeVisible();
  const tap = async (fx: number, fy: number) => {
    const box = (await drawing.boundingBox())!;
    await drawing.click({ position: { x: box.width * fx, y: box.height * fy } });
  };
  await tap(0.5, 0.25); // the bonnet
  await damage.getByLabel('What').selectOption({ label: 'Dent' });
  await damage.getByLabel('Description (optional)').fill('Hail dent, the size of a coin');
  await damage.getByRole('button', { name: 'Add damage mark' }).click();
  await expect(damage.getByRole('list', { name: 'Your damage marks' }).getByRole('listitem')).toHaveCount(1);
  await tap(0.094, 0.234); // the front left wheel
  await damage.getByLabel('What').selectOption({ label: 'Wheel damage' });
  await damage.getByLabel('Close-up photo (optional)').selectOption({ label: 'Front three-quarter' });
  await damage.getByRole('button', { name: 'Add damage mark' }).click();
  await expect(damage.getByRole('list', { name: 'Your damage marks' }).getByRole('listitem')).toHaveCount(2);

  await damage.getByRole('button', { name: 'Add damage from a list' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab'); // Where
  await expect(damage.getByLabel('Where')).toBeFocused();
  await damage.getByLabel('Where').selectOption({ label: 'Right rear door' });
  await page.keyboard.press('Tab'); // What
  await damage.getByLabel('What').selectOption({ label: 'Scratch or scuff' });
  await page.keyboard.press('Tab');
  await page.keyboard.type('Key scratch along the door');
  await page.keyboard.press('Enter');
  const marks = damage.getByRole('list', { name: 'Your damage marks' }).getByRole('listitem');
  await expect(marks).toHaveCount(3);
  await expect(marks).toContainText([
    '1. Dent, bonnet',
    '2. Wheel damage, front left wheel',
    '3. Scratch or scuff, right rear door',
  ]);
  // Nothing sticks out sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'damage-marks-phone');
  await damage.getByRole('button', { name: 'Close' }).click();
  await expect(damage.getByRole('button', { name: 'See or change damage marks' })).toBeFocused();
  await expect(damage).toContainText('3 damage marks on the drawing of your car.');

  // Staff: the Photos tab groups them under their names and names the shots not taken. (The made-up
  // registration is unknown to the fake DVLA: the detail page's live lookup answers 404.)
  expectedHttpErrors.add(404);
  await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  await page.setViewportSize(viewports.desktop);
  await page.goto(`/admin/valuations/${created.id}`);
  await settleMotion(page);
  await page.getByRole('tab', { name: /^Photos/ }).click();
  const panel = page.getByRole('tabpanel');
  const guided = panel.getByRole('list', { name: 'Guided shots' });
  await expect(guided.getByRole('listitem')).toHaveCount(6);
  await expect(guided.getByRole('listitem')).toContainText([
    'Front three-quarter',
    'Rear three-quarter',
    'Left side',
    'Right side',
    'Dashboard, engine running',
    'Boot',
  ]);
  await expect(panel).toContainText('Shots not taken (7)');
  await expect(panel).toContainText('Front seats, Rear seats, Front left wheel');
  await guided.getByRole('button', { name: /Dashboard, engine running/ }).click();
  await expect(page.getByRole('dialog', { name: "Seller's photos" })).toContainText(
    'Photo 5 of 6: Dashboard, engine running',
  );
  await page.keyboard.press('Escape');

  // The same drawing with the marks numbered, and the list beside it.
  const staffMarks = page.getByRole('list', { name: 'Damage marks' }).getByRole('listitem');
  await expect(staffMarks).toHaveCount(3);
  await expect(staffMarks.first()).toContainText('Hail dent, the size of a coin');
  await expect(staffMarks.nth(1)).toContainText('Close-up: Front three-quarter');
  await expect(page.getByRole('img', { name: /Drawing of the car with 3 damage marks/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Damage marked');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'admin-guided-photos-desktop');

  // The dealer report: the main shots labelled, and the drawing with its list.
  const pdf = await page.request.get(`/api/valuations/${created.id}/preview-pdf?includeContactDetails=false`);
  expect(pdf.status()).toBe(200);
  const file = path.join(testInfo.outputPath(), 'report.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', [file, '-']).toString();
  for (const words of [
    'Front three-quarter',
    'Dashboard, engine running',
    'Damage marked by the seller (3)',
    '3. Scratch or scuff, right rear door',
  ]) {
    expect(text).toContain(words);
  }
  execFileSync('pdftoppm', ['-r', '70', '-png', file, path.join(testInfo.outputPath(), 'page')]);
  const pages = readdirSync(testInfo.outputPath())
    .filter((name) => /^page-\d+\.png$/.test(name))
    .sort();
  expect(pages.length).toBeGreaterThanOrEqual(2);
  // For people to look at, as screenshots are (none in CI's throwaway clone).
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  mkdirSync('e2e/screenshots', { recursive: true });
  for (const [index, name] of pages.entries()) {
    copyFileSync(
      path.join(testInfo.outputPath(), name),
      `e2e/screenshots/dealer-report-evidence-page-${index + 1}.png`,
    );
  }
});
