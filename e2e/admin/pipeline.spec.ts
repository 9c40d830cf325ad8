import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { startClockedApp, type ClockedApp } from '../clocked-app';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { expect, expectToast, loginRequest, signInViaApi, strongPassword, test } from './helpers';
import { createValuation } from './valuations';

/*
 * Issue 37's owners and 24-hour promise, on an app of its own whose clock the test moves
 * (TEST_CLOCK_FILE) and whose promise job looks every second (PROMISE_ALERTS_EVERY_SECONDS=1):
 *  - a request is claimed from the dashboard's row, another given to a colleague on its page (who is
 *    e-mailed), and "Mine" shows only the first;
 *  - the timers count down from the server's clock: "24 h left", amber "4 h left" at 20 hours, red
 *    "Overdue by …" after 24;
 *  - at 20 hours the owner's warning and, for the one nobody owns, the team's arrive at the SMTP
 *    server; at 24 hours the breach alerts to the owner and the team;
 *  - a contact logged (channel and note) answers a request: "Answered late", and the promise card
 *    counts it.
 */

test.describe.configure({ mode: 'serial' });

const admin = { username: 'pipeline-admin', password: `e2e ${randomBytes(12).toString('base64url')}` };
const colleague = { username: 'pipeline-tom', password: strongPassword() };
const TEAM = 'team@carbuy.example';
const ADMIN_EMAIL = 'priya@carbuy.example';
const COLLEAGUE_EMAIL = 'tom@carbuy.example';
/** Monday 11 January 2027, 09:00 in London (GMT). */
const START = Date.parse('2027-01-11T09:00:00Z');
const HOUR = 3_600_000;

/** The job looks every second; on a busy machine the outbox can take a while to send. */
const SENT = { timeout: 60_000 };

let app: ClockedApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startClockedApp({
    name: 'pipeline',
    startAt: START,
    admin,
    env: { STAFF_NOTIFY_EMAIL: TEAM, PROMISE_ALERTS_EVERY_SECONDS: '1' },
  });
});

test.afterAll(() => app?.stop());

async function staffApi(request: { newContext: (options: object) => Promise<APIRequestContext> }, who = admin) {
  const staff = await request.newContext({ baseURL: app.baseUrl, extraHTTPHeaders: { origin: app.baseUrl } });
  await loginRequest(staff, who.username, who.password);
  return staff;
}

test('owners, claim, Mine, the timers, the 20- and 24-hour e-mails, and a contact that answers', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const staff = await staffApi(playwright.request);
  // The admin gets an address; a colleague joins with one.
  const users = (await (await staff.get('/api/admin/users')).json()) as { id: number; username: string }[];
  const me = users.find((u) => u.username === admin.username)!;
  const named = await staff.patch(`/api/admin/users/${me.id}`, {
    data: { firstName: 'Priya', lastName: 'Shah', email: ADMIN_EMAIL },
  });
  expect(named.status(), await named.text()).toBe(200);
  const created = await staff.post('/api/admin/users', {
    data: { ...colleague, firstName: 'Tom', lastName: 'Reed', email: COLLEAGUE_EMAIL, isAdmin: true },
  });
  expect(created.status(), await created.text()).toBe(201);

  const claimed = await createValuation(staff, { firstName: 'Aled', lastName: 'Morgan', email: 'aled@example.com' });
  const given = await createValuation(staff, { firstName: 'Bethan', lastName: 'Hughes', email: 'bethan@example.com' });
  const nobodys = await createValuation(staff, { firstName: 'Ceri', lastName: 'Evans', email: 'ceri@example.com' });

  const desk = await browser.newContext({
    baseURL: app.baseUrl,
    viewport: viewports.desktop,
    extraHTTPHeaders: { origin: app.baseUrl },
  });
  const page = await desk.newPage();
  await signInViaApi(page, admin.username, admin.password);

  // Claim from the dashboard's row; the row then says "You".
  await page.goto('/admin');
  const claimedRow = page.getByRole('row', { name: new RegExp(claimed.firstName) });
  await expect(claimedRow.getByText('24 h left')).toBeVisible();
  await claimedRow.getByRole('button', { name: /^Claim:/ }).click();
  await expectToast(page, 'You own this request now');
  await expect(claimedRow).toContainText('Owner: You');

  // Give another to Tom on its page: Tom is e-mailed.
  await page.goto(`/admin/valuations/${given.id}`);
  const ownerCard = page.getByRole('region', { name: 'Owner and reply' });
  await ownerCard.getByLabel('Owner').selectOption({ label: 'Tom Reed' });
  await expectToast(page, 'Owner changed');
  await app.arrived(COLLEAGUE_EMAIL, /is yours now/, SENT);

  // "Mine" shows only the claimed one.
  await page.goto('/admin');
  await page.getByLabel('Owner').selectOption({ label: 'Mine' });
  await expect(page).toHaveURL(/owner=mine/);
  await expect(page.getByRole('row', { name: new RegExp(claimed.firstName) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(given.firstName) })).toHaveCount(0);

  // 20 hours on: amber "4 h left"; the owner's warning, and the team's for the one nobody owns.
  await app.setClock(START + 20 * HOUR);
  await app.arrived(ADMIN_EMAIL, new RegExp(`${claimed.reference}.*20 hours`), SENT);
  await app.arrived(COLLEAGUE_EMAIL, new RegExp(`${given.reference}.*20 hours`), SENT);
  await app.arrived(TEAM, new RegExp(`${nobodys.reference}.*20 hours`), SENT);
  expect((await app.mailTo(TEAM)).filter((m) => /20 hours/.test(m.subject))).toHaveLength(1);
  // A day idle ends a session: staff sign in again.
  await signInViaApi(page, admin.username, admin.password);
  await page.goto('/admin?sort=time_left');
  await expect(page.getByRole('row', { name: new RegExp(nobodys.firstName) }).getByText('4 h left')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'pipeline-dashboard-desktop');

  // 24 hours on: the breach alerts, to the owner and the team; the timers turn to "Overdue by".
  // A quarter of an hour past it: the requests were made a minute or more after START (the clock
  // runs on from each setting), so the timers read "Overdue by 1x min" however slow the machine.
  await app.setClock(START + 24 * HOUR + 15 * 60_000);
  await app.arrived(ADMIN_EMAIL, new RegExp(`Promise missed: ${claimed.reference}`), SENT);
  await app.arrived(TEAM, /Promise missed/, SENT);
  await expect
    .poll(async () => (await app.mailTo(TEAM)).filter((m) => /Promise missed/.test(m.subject)).length, SENT)
    .toBe(3);
  await signInViaApi(page, admin.username, admin.password);
  await page.reload();
  await expect(
    page.getByRole('row', { name: new RegExp(nobodys.firstName) }).getByText(/Overdue by 1\d min/),
  ).toBeVisible();

  // A call logged on the request's page answers it, late.
  await page.goto(`/admin/valuations/${claimed.id}`);
  const card = page.getByRole('region', { name: 'Owner and reply' });
  await card.getByRole('button', { name: 'Log contact' }).click();
  await expect(card.getByRole('alert')).toHaveText(/Say how you reached the seller/);
  await card.getByLabel('Phone call').check();
  await card.getByLabel('What was said (optional)').fill('Spoke to Aled; offer to follow today.');
  await card.getByRole('button', { name: 'Log contact' }).click();
  await expectToast(page, 'Contact logged', 'The request is now Contacted.');
  await expect(card.getByText('Answered late')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Contacts logged' })).toContainText('Spoke to Aled');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'pipeline-detail-desktop');

  // The promise card: one answered (late), two overdue.
  await page.goto('/admin');
  const promise = page.getByRole('region', { name: 'Our 24-hour promise' });
  await expect(promise).toContainText('0%');
  await expect(promise).toContainText('0 of 3 answered in time');
  await expect(promise.getByRole('link', { name: '2 overdue' })).toBeVisible();

  // On a phone.
  const phone = await browser.newContext({
    baseURL: app.baseUrl,
    viewport: viewports.phone,
    extraHTTPHeaders: { origin: app.baseUrl },
  });
  const phonePage = await phone.newPage();
  await signInViaApi(phonePage, admin.username, admin.password);
  await phonePage.goto('/admin?sort=time_left');
  await expect(
    phonePage
      .getByRole('listitem')
      .getByText(/Overdue by 1\d min/)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(phonePage);
  await saveScreenshot(phonePage, 'pipeline-dashboard-phone', { fullPage: true });
  await phonePage.goto(`/admin/valuations/${given.id}`);
  await expect(phonePage.getByRole('region', { name: 'Owner and reply' })).toContainText('Tom Reed');
  await saveScreenshot(phonePage, 'pipeline-detail-phone', { fullPage: true });
  await Promise.all([phone.close(), desk.close(), staff.dispose()]);
});
