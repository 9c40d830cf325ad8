import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { plausibilityLabels, type PlausibilityKind } from '~/shared/plausibility';
import { startClockedApp, type ClockedApp } from '../clocked-app';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { expect, loginRequest, settleMotion, signInViaApi, test } from './helpers';
import {
  createValuation,
  searchList,
  sellerAddress,
  uniqueRegistration,
  uniqueTag,
  type CreatedValuation,
} from './valuations';

/*
 * Issue 37's plausibility checks before an offer, on an app of its own whose clock the test sets
 * (TEST_CLOCK_FILE) to Tuesday 2 March 2027, 10:00 in London. One seller's request per check, sent
 * through the public API as the wizard sends it:
 *  - the mileage below the last MOT reading: the seller looks up AA19AAA first (the fake DVSA's
 *    newest test read 48,210 miles), so the reading is kept and stored on submit;
 *  - an MOT that ran out (20 February), one that runs out in 8 days (10 March), the export marker,
 *    a V5C issued 5 days before the request, finance without a settlement figure;
 *  - a registration another seller sent before, and two open requests from one phone number.
 * Each flag shows on the request's page, in words, with links to the other requests; and as an
 * icon in the dashboard's list, named and explained (a tooltip, and a button that opens them all).
 */

test.describe.configure({ mode: 'serial' });

const admin = { username: 'plausibility-admin', password: `e2e ${randomBytes(12).toString('base64url')}` };
/** Tuesday 2 March 2027, 10:00 in London (GMT). */
const START = Date.parse('2027-03-02T10:00:00Z');

let app: ClockedApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startClockedApp({ name: 'plausibility', startAt: START, admin });
});

test.afterAll(() => app?.stop());

type Case = { kind: PlausibilityKind | 'none'; valuation: CreatedValuation; says: RegExp };

/** The run's sellers share a first name, so one search lists them all; each has a last name of its own. */
const family = `Quinn${uniqueTag()}`;
let seller = 0;
/** A seller of their own: an e-mail address and a phone number no other request here has. */
function own(lastName: string) {
  seller += 1;
  return {
    firstName: family,
    lastName,
    email: `${lastName.toLowerCase()}.${uniqueTag()}@example.com`,
    phone: `07911 1234${String(10 + seller)}`,
  };
}

let cases: Case[];

test('each check raises its flag on the request’s page, in words, with links to the others', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const staff = await playwright.request.newContext({
    baseURL: app.baseUrl,
    extraHTTPHeaders: { origin: app.baseUrl },
  });
  await loginRequest(staff, admin.username, admin.password);
  const send = (overrides: Parameters<typeof createValuation>[1]) => createValuation(staff, overrides);

  // The seller's own lookup keeps DVSA's last reading; their request, 3,210 miles short of it.
  const lookup = await staff.get('/api/vehicle/AA19AAA', { headers: { 'x-forwarded-for': sellerAddress() } });
  expect(lookup.status(), await lookup.text()).toBe(200);
  const mileage = await send({ ...own('Mileage'), registration: 'AA19AAA', mileage: 45_000 });

  const expired = await send({ ...own('Expired'), motStatus: 'Not valid', motExpiryDate: '2027-02-20' });
  const dueSoon = await send({ ...own('Duesoon'), motStatus: 'Valid', motExpiryDate: '2027-03-10' });
  const exported = await send({ ...own('Export'), markedForExport: true });
  const logbook = await send({ ...own('Logbook'), dateOfLastV5CIssued: '2027-02-25' });
  const finance = await send({ ...own('Finance'), outstandingFinance: 'yes' });
  // The same car from two sellers: the second request is flagged, the first is not.
  const registration = uniqueRegistration();
  const firstSeller = await send({ ...own('Firstseller'), registration });
  const again = await send({ ...own('Again'), registration });
  // One phone number on two open requests: each is flagged, linking the other.
  const twice = own('Carone');
  const carOne = await send(twice);
  const carTwo = await send({ ...twice, lastName: 'Cartwo', email: `cartwo.${uniqueTag()}@example.com` });
  const clean = await send({
    ...own('Clean'),
    motStatus: 'Valid',
    motExpiryDate: '2027-03-16', // 14 days ahead: not yet "due soon"
    markedForExport: false,
    dateOfLastV5CIssued: '2027-01-31', // 30 days before: not "new"
  });

  cases = [
    {
      kind: 'mileage_below_mot',
      valuation: mileage,
      says: /Declared mileage \(45,000\) is lower than the last MOT reading \(48,210 miles on \d+ \w+ \d{4}\)/,
    },
    { kind: 'mot_expired', valuation: expired, says: /The MOT ran out on 20 February 2027 \(10 days ago\)/ },
    { kind: 'mot_due_soon', valuation: dueSoon, says: /The MOT runs out on 10 March 2027, in 8 days/ },
    { kind: 'marked_for_export', valuation: exported, says: /DVLA’s record marks this car for export/ },
    {
      kind: 'v5c_recent',
      valuation: logbook,
      says: /The logbook \(V5C\) was issued on 25 February 2027, 5 days before this request/,
    },
    {
      kind: 'finance_without_settlement',
      valuation: finance,
      says: /declared outstanding finance, and no settlement figure/,
    },
    {
      kind: 'registration_seen_before',
      valuation: again,
      says: new RegExp(
        `This car \\(${registration.slice(0, 4)} ${registration.slice(4)}\\) was submitted before, in 1 earlier request, at least one from another phone number`,
      ),
    },
    { kind: 'contact_on_open_requests', valuation: carTwo, says: /The same phone number is on 1 other open request/ },
    { kind: 'contact_on_open_requests', valuation: carOne, says: /The same phone number is on 1 other open request/ },
    { kind: 'none', valuation: firstSeller, says: /No checks raised/ },
    { kind: 'none', valuation: clean, says: /No checks raised/ },
  ];

  const { desk, page, problems } = await staffPage(browser);
  for (const { kind, valuation, says } of cases) {
    await page.goto(`/admin/valuations/${valuation.id}`);
    const card = checksCard(page);
    await expect(card, valuation.lastName).toContainText(says);
    if (kind === 'none') {
      await expect(card.getByRole('list')).toHaveCount(0);
    } else {
      const flag = card.getByRole('listitem').filter({ hasText: plausibilityLabels[kind] });
      await expect(flag, valuation.lastName).toContainText(says);
      // Only this case's flag: each request was made to raise one.
      await expect(card.getByRole('list').first().locator(':scope > li')).toHaveCount(1);
    }
  }

  // The links go to the other requests, and a reload keeps the card.
  await page.goto(`/admin/valuations/${again.id}`);
  await checksCard(page).getByRole('link', { name: firstSeller.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/valuations/${firstSeller.id}$`));
  await expect(checksCard(page)).toContainText('No checks raised');
  await page.reload();
  await expect(checksCard(page)).toContainText('No checks raised');
  // What could not be checked is said, one keyboard press away.
  const notMade = checksCard(page).getByText(/checks? could not be made/);
  await notMade.focus();
  await page.keyboard.press('Enter');
  await expect(checksCard(page)).toContainText('Mileage against the MOT: no MOT odometer reading was known');

  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    for (const [label, valuation] of [
      ['mileage', mileage],
      ['registration', again],
    ] as const) {
      await page.goto(`/admin/valuations/${valuation.id}`);
      await expect(checksCard(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `plausibility-detail-${label}-${name}`, { fullPage: false });
    }
  }
  expect(problems, 'console errors or warnings').toEqual([]);
  await desk.close();
  await staff.dispose();
});

test('the list shows each flag as a named icon that explains itself, by mouse, keyboard and touch', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { desk, page, problems } = await staffPage(browser);
  await page.goto('/admin');
  await searchList(page, family);
  const table = page.getByRole('table', { name: 'Car valuation requests, newest first' });
  await expect(table.getByRole('row')).toHaveCount(cases.length + 1);

  for (const { kind, valuation, says } of cases) {
    const row = table.getByRole('row').filter({ hasText: `${valuation.firstName} ${valuation.lastName}` });
    const checks = row.getByRole('button', { name: /checks? raised for/ });
    if (kind === 'none') {
      await expect(checks).toHaveCount(0);
      continue;
    }
    const label = plausibilityLabels[kind];
    await expect(checks).toHaveAccessibleName(
      `1 check raised for ${valuation.firstName} ${valuation.lastName}, ${valuation.registration}: ${label}`,
    );
    // The mouse's tooltip: the icon's title says what was found.
    await expect(checks.locator('[title]')).toHaveAttribute('title', new RegExp(`^${escaped(label)}: `));
    await expect(checks.locator('[title]')).toHaveAttribute('title', says);
  }

  // The keyboard: Enter opens every explanation, with the links; Escape closes it, back on the button.
  const twoCars = cases.find((c) => c.valuation.lastName === 'Cartwo')!.valuation;
  const other = cases.find((c) => c.valuation.lastName === 'Carone')!.valuation;
  const trigger = table
    .getByRole('row')
    .filter({ hasText: `${family} Cartwo` })
    .getByRole('button', { name: /check raised for/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: /Checks before an offer/ });
  await expect(popover).toContainText('The same phone number is on 1 other open request');
  await expect(popover.getByRole('link', { name: other.reference })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'plausibility-list-open-desktop', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(trigger).toBeFocused();
  // A double click opens and closes it again: no state left half-way.
  await trigger.dblclick();
  await expect(popover).toBeHidden();
  await trigger.click();
  await popover.getByRole('link', { name: other.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/valuations/${other.id}$`));
  await expect(checksCard(page).getByRole('link', { name: twoCars.reference })).toBeVisible();

  await page.goBack();
  await expect(table.getByRole('row')).toHaveCount(cases.length + 1);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'plausibility-list-desktop');

  // A phone: the cards, each with its checks' button beside the status; a tap opens them.
  await page.setViewportSize(viewports.phone);
  const cards = page.getByRole('list', { name: 'Car valuation requests, newest first' });
  await expect(cards.getByRole('listitem')).toHaveCount(cases.length);
  const card = cards.getByRole('listitem').filter({ hasText: `${family} Mileage` });
  await expect(card.getByRole('button', { name: /1 check raised for .*: Mileage below last MOT$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'plausibility-list-phone');
  await card.getByRole('button', { name: /check raised for/ }).click();
  await expect(popover).toContainText('Declared mileage (45,000) is lower than the last MOT reading');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'plausibility-list-open-phone', { fullPage: false });
  expect(problems, 'console errors or warnings').toEqual([]);
  await desk.close();
});

/**
 * Staff's browser on this spec's app, signed in, at desktop size. Its console is watched as the
 * shared fixture watches the default page's: any error or warning fails the test, but the 404 of
 * DVLA's record for a made-up registration (the request's page asks for it, for its DVLA tab and
 * the mileage check, and says "not found" in the page).
 */
async function staffPage(browser: Browser) {
  const desk = await browser.newContext({ baseURL: app.baseUrl, extraHTTPHeaders: { origin: app.baseUrl } });
  const page = await desk.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const notFound = /status of 404/.test(message.text()) && message.location().url.includes('/api/dvla-info/');
    if (!notFound) problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await settleMotion(page);
  await signInViaApi(page, admin.username, admin.password);
  await page.setViewportSize(viewports.desktop);
  return { desk, page, problems };
}

const checksCard = (page: Page): Locator => page.getByRole('region', { name: 'Checks before an offer' });
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
