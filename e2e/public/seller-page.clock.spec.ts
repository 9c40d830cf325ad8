import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from '../admin/helpers';
import { expectNoAxeViolations, fakesUrl, saveScreenshot, viewports } from '../fixtures';
import { answerSteps2To4, cameraPhoto, footer, hydrated, next } from './seller-wizard';

/** The seller's page works as plain forms until touched: focus wakes its island, then it answers itself. */
async function wake(locator: Locator) {
  await locator.focus();
  await hydrated(locator);
}

/*
 * Issue 34's seller side, on the app whose clock the test moves (scripts/e2e.mjs: TEST_CLOCK_FILE).
 * The seller opens the link in the e-mail the SMTP server received and the address bar keeps no
 * secret; staff send an offer valid 2 days; the seller sees amount, end and conditions and accepts;
 * staff see it on the timeline and in the stage filter. A second offer passes its end and is
 * refused; "Ask for a fresh offer" reaches staff. Messages go both ways. "Lost your link?" sends a
 * new link, and tells a stranger nothing more.
 */

test.describe.configure({ mode: 'serial' });

type Mail = { to: string[]; subject: string; text?: string };
const STAFF_INBOX = 'team@e2e.test';

async function mailTo(address: string): Promise<Mail[]> {
  const all = (await (await fetch(`${fakesUrl()}/smtp/messages`)).json()) as Mail[];
  return all.filter((mail) => mail.to.includes(address));
}

/** The first e-mail to `address` whose subject matches, once it has arrived. */
async function arrived(address: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => (found = (await mailTo(address)).find((m) => subject.test(m.subject))), { timeout: 20_000 })
    .toBeDefined();
  return found!;
}

const linkIn = (mail: Mail) => /https?:\/\/\S+\/your-valuation\/open\?k=[\w-]{43}/.exec(mail.text ?? '')![0];

/** Moves the app's clock `ms` ahead of real time (it reads the file at most every 50 ms). */
async function setClockAhead(page: Page, ms: number) {
  writeFileSync(process.env.E2E_CLOCK_FILE!, String(ms));
  await page.waitForTimeout(200);
}

async function submitRequest(page: Page, email: string, registration: string) {
  const response = await page.request.post('/api/valuations', {
    headers: { 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 250)}` },
    data: {
      registration,
      mileage: 52000,
      make: 'FORD',
      model: 'Fiesta',
      year: 2017,
      overallCondition: 'fair',
      scuffedWheels: 2,
      tyresNeedReplacing: 0,
      cambeltChanged: 'not_sure',
      serviceHistory: 'partial',
      mechanicalIssues: 'no',
      outstandingFinance: 'no',
      firstName: 'Morwenna',
      lastName: 'Tregarthen',
      postcode: 'LN11 0LQ',
      email,
      phone: '07911 123456',
      contactPreference: ['call'],
      agreeToContact: true,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

async function sendOffer(page: Page, id: string, amount: string, days: string) {
  await page.goto(`/admin/valuations/${id}`);
  const form = page.getByRole('form', { name: 'Send offer' });
  await form.getByLabel('Offer amount').fill(amount);
  await form.getByLabel('Valid for').selectOption({ label: days });
  await form.getByRole('button', { name: 'Send Offer' }).click();
  await expectToast(page, 'Offer sent successfully!');
}

/** A past request for the same car as AA19AAA on the fake DVLA (Ford Focus, 2019), with an offer we made on it. */
async function pastFocusOffer(page: Page, pounds: number) {
  const response = await page.request.post('/api/valuations', {
    headers: { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250)}` },
    data: {
      registration: 'AA19AAA',
      mileage: 44000,
      make: 'FORD',
      model: 'Focus',
      year: 2019,
      overallCondition: 'great',
      scuffedWheels: 0,
      tyresNeedReplacing: 0,
      cambeltChanged: 'no',
      serviceHistory: 'full',
      mechanicalIssues: 'no',
      outstandingFinance: 'no',
      firstName: 'Past',
      lastName: 'Seller',
      postcode: 'LN11 0LQ',
      email: `past.${randomBytes(3).toString('hex')}@example.com`,
      phone: '07911 123456',
      contactPreference: ['call'],
      agreeToContact: true,
    },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const offer = await page.request.post(`/api/valuations/${id}/offer`, { data: { offerAmount: pounds } });
  expect(offer.status()).toBe(201);
}

/** The wizard from the home page with AA19AAA at 45,000 miles, in great condition; ends on the success screen. */
async function askThroughTheWizard(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('Enter your registration to start').fill('AA19AAA');
  await page.getByRole('button', { name: 'Get My Valuation' }).first().click();
  await expect(page.getByRole('heading', { name: 'Vehicle Identified' })).toBeVisible();
  await page.getByLabel('Mileage').fill('45000');
  await next(page).click();
  await expect(footer(page, 2)).toBeVisible();
  await answerSteps2To4(page, email);
  await page.getByRole('button', { name: 'Submit Valuation Request' }).click();
  await expect(page.getByRole('heading', { name: 'Valuation Request Submitted' })).toBeVisible();
}

test.afterAll(() => {
  if (process.env.E2E_CLOCK_FILE) writeFileSync(process.env.E2E_CLOCK_FILE, '0');
});

test.describe('[PUBLIC][SELLER PAGE] the seller’s own page, with a clock the test moves', () => {
  test('the indicative price: none with 4 offers for similar cars, the range with 5', async ({ page }) => {
    test.slow();
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    for (const pounds of [6000, 6400, 6800, 7200]) await pastFocusOffer(page, pounds);
    const first = `four.${randomBytes(3).toString('hex')}@example.com`;
    await askThroughTheWizard(page, first);
    await expect(page.getByRole('region', { name: 'Indicative price' })).toHaveCount(0);
    const receipt = await arrived(first, /^We have your valuation request/);
    expect(receipt.text).not.toContain('Indicative');

    await pastFocusOffer(page, 7600);
    const second = `five.${randomBytes(3).toString('hex')}@example.com`;
    await askThroughTheWizard(page, second);
    const note = page.getByRole('region', { name: 'Indicative price' });
    await expect(note).toContainText('£6,400 to £7,200');
    await expect(note).toContainText(
      'Indicative, based on 5 offers we made for similar cars in the last 12 months. We confirm your price within 24 hours.',
    );
    const withRange = await arrived(second, /^We have your valuation request/);
    expect(withRange.text).toContain('£6,400 to £7,200');
    await saveScreenshot(page, 'success-indicative-price-phone');
  });

  test('the link from the e-mail, an offer valid 2 days accepted, messages both ways', async ({ page }) => {
    test.slow();
    const email = `morwenna.${randomBytes(3).toString('hex')}@example.com`;
    const { id, reference } = await submitRequest(page, email, 'AA19AAA');

    // The seller opens the link in the receipt; the address bar then holds no secret.
    const receipt = await arrived(email, /^We have your valuation request/);
    await page.goto(linkIn(receipt));
    await expect(page).toHaveURL(/\/your-valuation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your valuation' })).toBeVisible();
    await expect(page.getByText(`Reference ${reference}`)).toBeVisible();
    await expect(page.getByText(/We are looking at your car and will send you our offer by/)).toBeVisible();

    // Staff send an offer valid 2 days.
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.setViewportSize(viewports.desktop);
    await sendOffer(page, id, '5,450', '2 days');
    const offerMail = await arrived(email, /^Our offer: £5,450/);
    expect(offerMail.text).toMatch(/valid until 23:59 on \w+day \d+ \w+/);

    // The seller sees the amount, the end and the conditions, and accepts.
    await page.goto(linkIn(offerMail));
    await expect(page).toHaveURL(/\/your-valuation$/);
    const offer = page.getByRole('region', { name: 'Our offer' });
    await expect(offer).toContainText('£5,450');
    await expect(offer).toContainText(/Valid until 23:59 on \w+day \d+ \w+/);
    await expect(offer).toContainText(/\d+ (days?|hours?|minutes?) .*left/);
    await expect(offer).toContainText('The mileage is within 500 miles of the 52,000 you told us.');
    await expect(offer).toContainText('Service history: Partial.');
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `seller-page-offer-${name}`);
    }
    await wake(offer.getByRole('button', { name: 'Accept £5,450' }));
    await offer.getByRole('button', { name: 'Accept £5,450' }).click();
    await expect(page.getByText('You accepted this offer')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Where your request is' }).locator('[aria-current="step"]'),
    ).toContainText('Accepted');
    await arrived(email, /^You accepted our offer of £5,450/);
    await arrived(STAFF_INBOX, new RegExp(`^Offer accepted: ${reference}`));

    // Photos from the seller's page: the success screen's photo area, opened by the cookie.
    const photos = page.getByRole('region', { name: 'Photos', exact: true });
    await wake(photos.getByRole('button', { name: 'Add photos' }));
    await photos.getByRole('button', { name: 'Add photos' }).click();
    await page.getByLabel('Choose Photos').setInputFiles([await cameraPhoto('front.jpg')]);
    await page.getByRole('button', { name: 'Submit Photos' }).click();
    await expect(photos).toContainText('1 photo with your request', { timeout: 30_000 });

    // A message from the seller, and staff's answer.
    await wake(page.getByLabel('Your message'));
    await page.getByLabel('Your message').fill('Could you collect on a Saturday morning?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('region', { name: 'Messages' })).toContainText(
      'Could you collect on a Saturday morning?',
    );
    await arrived(STAFF_INBOX, new RegExp(`^New message from a seller: ${reference}`));

    await page.setViewportSize(viewports.desktop);
    await page.goto(`/admin/valuations/${id}`);
    await settleMotion(page);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Offer of £5,450 accepted');
    await expect(timeline).toContainText('Message from the seller');
    // Once accepted, no new offer can go: the card says why instead of a form.
    const offerCard = page.locator('#send-offer');
    await expect(offerCard).toContainText('The seller has accepted an offer, so a new one cannot be sent.');
    await expect(offerCard.getByRole('form', { name: 'Send offer' })).toHaveCount(0);
    await expect(offerCard).toContainText('£5,450');
    const conversation = page.locator('#conversation');
    await expect(conversation).toContainText('Could you collect on a Saturday morning?');
    await conversation.getByLabel('Reply to Morwenna').fill('Yes: Saturday at 9:30 works for us.');
    await conversation.getByRole('button', { name: 'Send reply' }).click();
    await expect(conversation).toContainText('Yes: Saturday at 9:30 works for us.');
    const reply = await arrived(email, /^A reply about your valuation/);
    expect(reply.text).toContain('Yes: Saturday at 9:30 works for us.');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-seller-conversation-desktop');

    // The stage filter finds it among accepted offers.
    await page.goto(`/admin?status=offer_accepted&q=${reference}`);
    await expect(page.getByRole('table', { name: /Car valuation requests/ })).toContainText('Tregarthen');

    // The seller's page shows the answer.
    await page.goto(linkIn(reply));
    await expect(page.getByRole('region', { name: 'Messages' })).toContainText('Yes: Saturday at 9:30 works for us.');
  });

  test('an offer past its end is refused; “Ask for a fresh offer” reaches staff', async ({
    page,
    expectedHttpErrors,
  }) => {
    test.slow();
    expectedHttpErrors.add(409); // the refused acceptance
    const email = `ended.${randomBytes(3).toString('hex')}@example.com`;
    const { id, reference } = await submitRequest(page, email, 'AA19AAA');
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.setViewportSize(viewports.phone);
    await sendOffer(page, id, '3,900', '1 day');
    const offerMail = await arrived(email, /^Our offer: £3,900/);
    await page.goto(linkIn(offerMail));
    const offer = page.getByRole('region', { name: 'Our offer' });
    await wake(offer.getByRole('button', { name: 'Accept £3,900' }));

    // Three days pass while the page stays open; then the seller presses Accept.
    await setClockAhead(page, 3 * 24 * 60 * 60_000);
    await offer.getByRole('button', { name: 'Accept £3,900' }).click();
    await expect(offer.getByRole('alert')).toContainText(
      /This offer ended at 23:59 on \w+day \d+ \w+, so it can no longer be accepted/,
    );
    await offer.getByRole('button', { name: 'Ask for a fresh offer' }).click();
    await expect(offer.getByRole('status')).toContainText('We have asked our team for a fresh offer');
    await arrived(STAFF_INBOX, new RegExp(`^Fresh offer asked for: ${reference}`));

    // Reloaded, the page says the offer ended and that a fresh one is on its way.
    await page.reload();
    await expect(offer).toContainText(/This offer ended at 23:59/);
    await expect(offer.getByRole('status')).toContainText('We have asked our team for a fresh offer');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'seller-page-offer-ended-phone');

    // Staff (signed in again: three days have passed) see it under "Offer expired".
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.setViewportSize(viewports.desktop);
    await page.goto(`/admin?status=offer_expired&q=${reference}`);
    await expect(page.getByRole('table', { name: /Car valuation requests/ })).toContainText('Tregarthen');
    await page.goto(`/admin/valuations/${id}`);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Fresh offer asked for');
    await setClockAhead(page, 0);
  });

  test('“Lost your link?” sends a new link, and tells a stranger nothing more', async ({
    page,
    expectedHttpErrors,
  }) => {
    expectedHttpErrors.add(404); // the seller's page without a link
    const email = `lost.${randomBytes(3).toString('hex')}@example.com`;
    await submitRequest(page, email, 'LO17ST');
    await arrived(email, /^We have your valuation request/);

    await page.goto('/your-valuation');
    await expect(page.getByRole('heading', { level: 1, name: 'We could not open your valuation' })).toBeVisible();
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await expect(page).toHaveURL(/\/your-valuation\/lost-link$/);
    await page.getByLabel('E-mail address').fill(email.toUpperCase());
    await page.getByLabel('Registration').fill('lo17 st');
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const answer = await page.getByRole('status').innerText();
    const link = await arrived(email, /^Your link to your valuation/);
    await page.goto(linkIn(link));
    await expect(page.getByRole('heading', { level: 1, name: 'Your valuation' })).toBeVisible();

    // A stranger with made-up details gets the very same page, and nothing is sent.
    const stranger = `nobody.${randomBytes(3).toString('hex')}@example.com`;
    await page.goto('/your-valuation/lost-link');
    await page.getByLabel('E-mail address').fill(stranger);
    await page.getByLabel('Registration').fill('LO17ST');
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    expect(await page.getByRole('status').innerText()).toBe(answer);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `seller-lost-link-${name}`);
    }
    await page.waitForTimeout(1000);
    expect(await mailTo(stranger)).toEqual([]);
  });
});
