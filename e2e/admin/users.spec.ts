import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import {
  createUserViaApi,
  e2eAdmin,
  expect,
  expectToast,
  loginRequest,
  settleMotion,
  signIn,
  signInViaApi,
  strongPassword,
  test,
  uniqueUsername,
} from './helpers';

/** "05 Sep 2025": SPEC's "dd MMM yyyy", in UK time. */
const ukDate = /^\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;

test.describe('[ADMIN][USERS]', () => {
  test('create a user, who signs in and changes their password; edit them; delete them', async ({
    page,
    browser,
    baseURL,
    expectedHttpErrors,
  }) => {
    // A whole account's life: a dozen deliberately slow password hashes on the server.
    test.slow();
    expectedHttpErrors.add(400).add(409);
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin users' })).toBeVisible();

    // The signed-in admin's own row: "You", and no Delete in its menu.
    const table = page.getByRole('table', { name: 'Admin users' });
    const myRow = table.getByRole('row').filter({ hasText: e2eAdmin.username });
    await expect(myRow.getByText('You', { exact: true })).toBeVisible();
    await expect(myRow.getByRole('cell').nth(3)).toHaveText(ukDate);
    await myRow.getByRole('button', { name: `Actions for ${e2eAdmin.username}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(myRow.getByRole('button', { name: `Actions for ${e2eAdmin.username}` })).toBeFocused();

    // --- Create ---------------------------------------------------------------------------------
    await page.getByRole('button', { name: 'Create New Admin User' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Admin User' });
    await expect(create.getByLabel('Admin access')).toBeChecked();
    await create.getByRole('button', { name: 'Create user' }).click();
    await expect(create.getByLabel('Username')).toHaveAccessibleDescription(/Username must be at least 3 characters/);
    await expect(create.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /Password must be at least 12 characters/,
    );
    await expect(create.getByLabel('Username')).toBeFocused();

    const username = uniqueUsername('sam');
    const firstPassword = strongPassword();
    await create.getByLabel('Username').fill(username);
    await create.getByLabel('Password', { exact: true }).fill(firstPassword);
    await create.getByLabel('Confirm password').fill(`${firstPassword}x`);
    await create.getByLabel('First name').fill('Sam');
    await create.getByLabel('Last name').fill('Carter');
    await create.getByLabel('Email').fill('not-an-email');
    await create.getByRole('button', { name: 'Create user' }).click();
    await expect(create.getByLabel('Confirm password')).toHaveAccessibleDescription(/Passwords don't match/);
    await expect(create.getByLabel('Email')).toHaveAccessibleDescription(/Invalid email address/);

    // The server's own refusal (a too-common password) lands on the field.
    await create.getByLabel('Password', { exact: true }).fill('qwerty123456');
    await create.getByLabel('Confirm password').fill('qwerty123456');
    await create.getByLabel('Email').fill('sam.carter@example.co.uk');
    await create.getByRole('button', { name: 'Create user' }).click();
    await expect(create.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /This password is too common\. Choose another\./,
    );
    await expectToast(page, 'Error', 'This password is too common. Choose another.');

    await create.getByLabel('Password', { exact: true }).fill(firstPassword);
    await create.getByLabel('Confirm password').fill(firstPassword);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-users-create-dialog-${name}`, { fullPage: false });
    }
    await page.setViewportSize(viewports.desktop);
    await create.getByRole('button', { name: 'Create user' }).click();
    await expectToast(page, 'Admin user created successfully');
    await expect(create).toBeHidden();
    await expect(page.getByRole('button', { name: 'Create New Admin User' })).toBeFocused();

    const row = table.getByRole('row').filter({ hasText: username });
    await expect(row.getByRole('cell')).toHaveText([
      new RegExp(`${username}\\s*Admin`),
      'Sam Carter',
      'sam.carter@example.co.uk',
      ukDate,
      '',
    ]);
    await expect(row.getByText('You', { exact: true })).toHaveCount(0);

    // The same username again: 409, shown on the field.
    await page.getByRole('button', { name: 'Create New Admin User' }).click();
    await create.getByLabel('Username').fill(username.toUpperCase());
    await create.getByLabel('Password', { exact: true }).fill(firstPassword);
    await create.getByLabel('Confirm password').fill(firstPassword);
    await create.getByRole('button', { name: 'Create user' }).click();
    await expect(create.getByLabel('Username')).toHaveAccessibleDescription(
      /That username is already taken\. Choose another\./,
    );
    await create.getByRole('button', { name: 'Cancel' }).click();
    await expect(create).toBeHidden();

    // --- The new user signs in elsewhere and must choose their own password first (ASVS 6.4.1) --
    const theirContext = await browser.newContext({ baseURL, viewport: viewports.desktop });
    const theirPage = await theirContext.newPage();
    await signIn(theirPage, username, firstPassword);
    await expect(theirPage.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(theirPage.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
    const change = theirPage.getByRole('main');
    const secondPassword = strongPassword();
    await change.getByLabel('Current password').fill('not my password at all');
    await change.getByLabel('New password', { exact: true }).fill(secondPassword);
    await change.getByLabel('Confirm new password').fill(secondPassword);
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByLabel('Current password')).toHaveAccessibleDescription(/Current password is incorrect/);
    await expectToast(theirPage, 'Error');
    await change.getByLabel('Current password').fill(firstPassword);
    await change.getByRole('button', { name: 'Change password' }).click();
    await expectToast(theirPage, 'Password changed successfully');
    await expect(theirPage.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();
    // The old password no longer works and the new one does.
    const old = await theirContext.request.post('/api/auth/login', {
      data: { username, password: firstPassword },
    });
    expect(old.status()).toBe(401);
    await loginRequest(theirContext.request, username, secondPassword);

    // --- Edit --------------------------------------------------------------------------------------
    await row.getByRole('button', { name: `Actions for ${username}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await expect(edit.getByLabel('First name')).toHaveValue('Sam');
    await edit.getByLabel('First name').fill('Samantha');
    await edit.getByLabel('Admin access').uncheck();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'User updated successfully');
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell').nth(1)).toHaveText('Samantha Carter');
    await expect(row.getByText('Staff', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Actions for ${username}` })).toBeFocused();

    // --- Delete ------------------------------------------------------------------------------------
    await row.getByRole('button', { name: `Actions for ${username}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText(
      'This will permanently delete this admin user account. This action cannot be undone.',
    );
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-delete-confirm-desktop', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expectToast(page, 'User deleted successfully');
    await expect(row).toHaveCount(0);

    // Their sessions ended with the account: their next page asks them to sign in.
    await theirPage.reload();
    await expect(theirPage).toHaveURL(/\/admin\/login$/);
    await theirContext.close();
  });

  test('refresh, back to the dashboard, and the layout at phone and desktop widths', async ({ page }) => {
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    // A second account with no names, so the list shows more than one row and an empty name.
    await createUserViaApi(page.request, { username: uniqueUsername('jo'), password: strongPassword() });
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/users');
      await expect(
        page.getByRole(name === 'phone' ? 'listitem' : 'row').filter({ hasText: e2eAdmin.username }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-users-${name}`);
    }

    // Phone: stacked cards with the same row menu.
    await page.setViewportSize(viewports.phone);
    const list = page.getByRole('list', { name: 'Admin users' });
    await expect(list.getByRole('listitem').filter({ hasText: e2eAdmin.username })).toContainText('You');
    await expect(
      page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Manage Users' })).toBeVisible();
    await saveScreenshot(page, 'admin-account-menu-phone', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.setViewportSize(viewports.desktop);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/users') && r.request().method() === 'GET');
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await answer).status()).toBe(200);
    await expectToast(page, 'Refreshed');

    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-dashboard-${name}`);
    }
  });

  test('the server refuses to delete the last admin, and the toast says why', async ({ page, expectedHttpErrors }) => {
    // Deleting yourself is not offered; a refusal from the server (here: simulated) is shown as sent.
    expectedHttpErrors.add(409);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    const username = uniqueUsername('del');
    await createUserViaApi(page.request, { username, password: strongPassword() });
    await page.route('**/api/admin/users/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            json: { message: 'You cannot delete the last admin account. Create another admin first.' },
          })
        : route.continue(),
    );
    await page.goto('/admin/users');
    const row = page.getByRole('table', { name: 'Admin users' }).getByRole('row').filter({ hasText: username });
    await row.getByRole('button', { name: `Actions for ${username}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
    await expectToast(page, 'Error', 'You cannot delete the last admin account. Create another admin first.');
    await expect(row).toBeVisible();
  });

  test('a failed list load says so and can be retried', async ({ page, expectedHttpErrors }) => {
    expectedHttpErrors.add(500);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    let fail = true;
    await page.route('**/api/admin/users', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'Something went wrong on our side.' } }) : route.continue(),
    );
    await page.goto('/admin/users');
    await expect(page.getByRole('alert')).toContainText('Failed to load users');
    await expect(page.getByRole('alert')).toContainText('Something went wrong on our side.');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('table', { name: 'Admin users' })).toBeVisible();
  });
});

test.describe('[ADMIN][SHELL]', () => {
  test('old addresses lead to the real pages, and an unknown one is a 404 marked noindex', async ({
    page,
    expectedHttpErrors,
  }) => {
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.goto('/admin/valuation/0b7c2a4e-1111-4c1c-9a7e-2f0f7e1d2c3b');
    await expect(page).toHaveURL(/\/admin\/valuations\/0b7c2a4e-1111-4c1c-9a7e-2f0f7e1d2c3b$/);
    await expectNoAxeViolations(page);
    // An unknown address is a 404 (the browser logs the status), still marked noindex.
    expectedHttpErrors.add(404);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      const response = await page.goto('/admin/no-such-page');
      expect(response?.status()).toBe(404);
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-not-found-${name}`);
    }
  });
});
