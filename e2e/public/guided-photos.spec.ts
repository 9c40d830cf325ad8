import type { Locator, Page } from '@playwright/test';
import { e2eAdmin, expect, settleMotion, signInViaApi, test } from '../admin/helpers';
import { createValuation } from '../admin/valuations';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { cameraPhoto, hydrated } from './seller-wizard';

/*
 * Issue 35's guided photos, on a phone: from the seller's own page the seller takes six of the named
 * shots, each sent at once with its own progress bar; one upload fails (the connection drops) and is
 * tried again; one shot is skipped. Staff then see the shots grouped under their names on the
 * Photos tab, with the shots not taken named.
 */

const shot = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Photos we need' }).getByRole('listitem').filter({ hasText: label });

/** The island wakes when touched; then the same control works as itself. */
async function wake(locator: Locator) {
  await locator.focus();
  await hydrated(locator);
}

test('six guided shots from the seller’s page, one failed and retried; staff see them grouped', async ({
  page,
  expectedHttpErrors,
}) => {
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
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'guided-photos-phone');

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
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'admin-guided-photos-desktop');
});
