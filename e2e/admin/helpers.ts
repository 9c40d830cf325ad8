import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test as base } from '../fixtures';

/** The admin scripts/e2e.mjs creates for this run (ADMIN_USERNAME / ADMIN_PASSWORD of the app). */
export const e2eAdmin = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'e2e-admin',
  get password(): string {
    const password = process.env.E2E_ADMIN_PASSWORD;
    if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set: run the tests with `node scripts/e2e.mjs`');
    return password;
  },
};

/**
 * Admin tests, with one allowance: Chromium reports every 4xx answer to fetch
 * on the console ("Failed to load resource: … status of 401"). A signed-out
 * visit asks GET /api/auth/user and gets 401 by design, so 401 is expected;
 * a test that expects other statuses (a wrong password, a taken username)
 * adds them with `expectedHttpErrors.add(409)`. Every other console error
 * or warning still fails the test.
 */
export const test = base.extend<{ expectedHttpErrors: Set<number> }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure
  expectedHttpErrors: async ({}, provide) => {
    await provide(new Set([401]));
  },
  consoleProblems: async ({ consoleProblems, expectedHttpErrors }, provide) => {
    await provide(consoleProblems);
    const expected = (problem: string) => {
      const status = /^error: Failed to load resource: the server responded with a status of (\d{3})/.exec(problem);
      return status !== null && expectedHttpErrors.has(Number(status[1]));
    };
    const kept = consoleProblems.filter((problem) => !expected(problem));
    consoleProblems.splice(0, consoleProblems.length, ...kept);
  },
});

export { expect };

/**
 * Screenshots are taken with reduced motion, so menus and dialogs are captured
 * fully drawn rather than halfway through their entrance.
 */
export async function settleMotion(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/** A username no other test (or earlier run) uses. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** A password that meets the policy (12+ characters, not a common one). */
export function strongPassword(): string {
  return `kettle lantern ${randomBytes(6).toString('base64url')}`;
}

/**
 * The toast area (the "Notifications (F8)" region of components/ui/toast.tsx). While a modal dialog is
 * open everything outside it is aria-hidden, this region included (the toast's
 * text is still announced through a live region of its own, added after the dialog), hence includeHidden.
 */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true });
}

/** Expects a toast with this title (and description, if given) on screen. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = toasts(page).getByRole('listitem', { includeHidden: true }).filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** Signs in through the sign-in page, as a person would, and waits for the back office. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login successful');
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** Signs in through the API: the page's context gets the session cookie. */
export async function signInViaApi(page: Page, username: string, password: string) {
  await loginRequest(page.request, username, password);
}

export async function loginRequest(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Creates an account through the API with the signed-in admin's request context. */
export async function createUserViaApi(
  request: APIRequestContext,
  user: { username: string; password: string; firstName?: string; lastName?: string; isAdmin?: boolean },
): Promise<{ id: number }> {
  const response = await request.post('/api/admin/users', { data: { isAdmin: true, ...user } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}
