import type { Page } from '@playwright/test';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from './helpers';
import { createValuation, searchList, uniqueTag, type CreatedValuation } from './valuations';

/*
 * The archive (issue 11, SPEC section 2): archived requests with their facts, Restore back to the
 * dashboard, and Delete for good behind "Permanently Delete Valuation?".
 */

const archivedList = (page: Page) => page.getByRole('list', { name: 'Archived valuations, newest first' });
const itemOf = (page: Page, valuation: CreatedValuation) =>
  archivedList(page).getByRole('listitem').filter({ hasText: valuation.registration });

test.describe('[ADMIN][ARCHIVED]', () => {
  test.beforeEach(async ({ page }) => {
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  });

  test('restore, archive again from the dashboard, and delete through the dialog', async ({ page }) => {
    const family = `Quill${uniqueTag()}`;
    const valuation = await createValuation(page.request, {
      firstName: 'Esme',
      lastName: family,
      outstandingFinance: 'yes',
    });
    expect((await page.request.post(`/api/valuations/${valuation.id}/archive`)).status()).toBe(200);

    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin/archived');
    await expect(page.getByRole('heading', { level: 1, name: 'Archived valuations' })).toBeVisible();
    // One navigation (issue 31): the back office's own, with the archive marked as the current page.
    const navigation = page.getByRole('navigation', { name: 'Back office' });
    await expect(navigation.getByRole('link', { name: 'Archived', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // --- Found by name; the search stays in the address through a reload ---------------------
    await searchList(page, family);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(family);
    const item = itemOf(page, valuation);
    await expect(archivedList(page).getByRole('listitem')).toHaveCount(1);
    for (const text of ['Ford Focus', '2018', '45,000 miles', `Esme ${family}`, 'jo@example.com', 'Great Condition'])
      await expect(item).toContainText(text);
    await expect(item).toContainText(/Finance\s*Yes/);
    await expect(item).toContainText(/Archived\s*\d{2} [A-Z][a-z]{2} \d{4} • \d{2}:\d{2}/);
    await expect(item).toContainText(/Submitted\s*\d{2} [A-Z][a-z]{2} \d{4} • \d{2}:\d{2}/);
    await expect(item.getByRole('link', { name: /^View/ })).toHaveAttribute(
      'href',
      `/admin/valuations/${valuation.id}`,
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-archived-desktop');

    // --- Restore: back on the dashboard -------------------------------------------------------
    await item.getByRole('button', { name: /^Restore/ }).click();
    await expectToast(page, 'Valuation restored to active list');
    await expect(page.getByText('No archived valuations found')).toBeVisible();
    await navigation.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await searchList(page, family);
    const row = page
      .getByRole('table', { name: 'Car valuation requests, newest first' })
      .getByRole('row')
      .filter({ hasText: valuation.registration });
    await row.getByRole('button', { name: /^Archive/ }).click();
    await expectToast(page, 'Valuation archived successfully');
    await expect(row).toHaveCount(0);

    // --- Delete: the dialog holds focus, Cancel returns it, then delete for good ----------------
    await page.goto(`/admin/archived?q=${family}`);
    const deleteButton = item.getByRole('button', { name: /^Delete/ });
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Permanently Delete Valuation?' });
    await expect(dialog).toContainText('cannot be undone');
    // Everything that goes with it, counted (issue 31): its messages too, not only "its photos and history".
    await expect(dialog.getByRole('list', { name: 'What will be deleted' }).getByRole('listitem')).toHaveText([
      'The seller’s details and answers',
      '4 timeline events', // received, archived, restored, archived again
      /^\d+ e-mails? about it, in Messages$/,
    ]);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-archived-delete-dialog-desktop', { fullPage: false });
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await expectToast(page, 'Valuation permanently deleted');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No archived valuations found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Archived Valuations' })).toBeFocused();
    expect((await page.request.get(`/api/admin/valuations/${valuation.id}`)).status()).toBe(404);
  });

  test('on a phone, and the refusals say why', async ({ page, expectedHttpErrors }) => {
    expectedHttpErrors.add(409);
    const family = `Rowe${uniqueTag()}`;
    const valuation = await createValuation(page.request, {
      firstName: 'Finn',
      lastName: family,
      make: undefined,
      model: undefined,
    });
    expect((await page.request.post(`/api/valuations/${valuation.id}/archive`)).status()).toBe(200);
    await page.route('**/api/valuations/*/unarchive', (route) =>
      route.fulfill({
        status: 409,
        json: { message: 'This valuation is not archived, so there is nothing to restore.' },
      }),
    );
    await page.route(`**/api/valuations/${valuation.id}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            json: { message: 'Only archived valuations can be deleted permanently. Archive it first.' },
          })
        : route.continue(),
    );

    await page.setViewportSize(viewports.phone);
    await page.goto(`/admin/archived?q=${family}`);
    const item = itemOf(page, valuation);
    await expect(item).toContainText('Vehicle details pending');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-archived-phone');

    await item.getByRole('button', { name: /^Restore/ }).click();
    await expectToast(page, 'Error', 'This valuation is not archived, so there is nothing to restore.');
    await item.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete permanently' }).click();
    await expectToast(page, 'Error', 'Only archived valuations can be deleted permanently. Archive it first.');
    await expect(item).toBeVisible();
  });
});
