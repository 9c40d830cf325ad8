import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { complaintMessages } from '~/shared/complaint-basics';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from '../admin/helpers';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { emailsTo, hydrated } from './seller-wizard';

/*
 * Data-protection complaints (issue 18; DPA 2018 s.164A): a visitor finds the form from the
 * privacy policy, sends a complaint from the contact page by keyboard on a phone, sees the
 * reference and gets the acknowledgement by e-mail; staff then read it at /admin/complaints and
 * resolve it with a note. Without JavaScript the form still works (issue 31): a plain post, the
 * page again with the messages, then a confirmation page with the reference. Axe and screenshots
 * at 390 and 1280 pixels on every screen.
 */

const REFERENCE = /DP-[2346789ABCDEFGHJKMNPQRTUVWXYZ]{6}/;
const complaintForm = (page: Page) => page.getByRole('form', { name: 'Data protection complaint' });

/** Axe (it needs scripts: off, see the tests without JavaScript) and screenshots at 390 and 1280 pixels. */
async function screens(page: Page, name: string, options: { axe?: boolean } = {}) {
  for (const [label, viewport] of [
    ['390', viewports.phone],
    ['1280', viewports.desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    if (options.axe ?? true) await expectNoAxeViolations(page);
    // From the top, so the sticky header is not drawn over the middle of the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `${name}-${label}`);
  }
}

test.describe('[COMPLAINTS] a data-protection complaint from the contact page to resolved', () => {
  test('on a phone, the form’s code loads only as the visitor comes near it, not with the page', async ({ page }) => {
    const formCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/complaint-form-[^/]+\.js$/.test(request.url())) formCode.push(request.url());
    });
    await page.setViewportSize(viewports.phone);
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    expect(formCode).toEqual([]);

    const send = complaintForm(page).getByRole('button', { name: 'Send complaint' });
    await send.scrollIntoViewIfNeeded();
    await hydrated(send); // the form has come to life
    expect(formCode).toHaveLength(1);
  });

  test('a visitor sends a complaint by keyboard; staff read it and mark it resolved', async ({ page }) => {
    test.slow();
    const id = randomBytes(3).toString('hex');
    const email = `ada-${id}@example.com`;
    const details = `You sent me marketing texts after I asked you to stop (${id}).\nPlease delete my phone number.`;
    await settleMotion(page);

    // --- The privacy policy's Complaints section leads to the form ---------------------------------
    await page.setViewportSize(viewports.phone);
    await page.goto('/privacy-policy');
    await page.getByRole('link', { name: 'data protection complaint form' }).click();
    await expect(page).toHaveURL(/\/contact#data-protection-complaint$/);
    await expect(page.getByRole('heading', { name: 'Concerned about how we use your data?' })).toBeVisible();

    // --- Empty, the form says what each field needs (the shared messages) ------------------------
    const form = complaintForm(page);
    const send = form.getByRole('button', { name: 'Send complaint' });
    await send.scrollIntoViewIfNeeded();
    // The form works from the first paint; its checks as the fields are filled need its script.
    await hydrated(send);
    await send.click();
    await expect(form).toContainText(complaintMessages.nameRequired);
    await expect(form).toContainText(complaintMessages.emailInvalid);
    await expect(form).toContainText(complaintMessages.detailsTooShort);
    await expect(form.getByLabel('Your name')).toBeFocused();
    await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'complaint-form-errors-390', { fullPage: false });

    // --- Filled in and sent with the keyboard alone --------------------------------------------------
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Email address')).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Phone number (optional)')).toBeFocused();
    await page.keyboard.type('07700 900 123');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Phone number (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('Enter a phone number we can call');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Your complaint')).toBeFocused();
    await page.keyboard.type(details);
    await expect(form.getByLabel('Your complaint')).toHaveValue(details);
    await expect(form).not.toContainText(complaintMessages.detailsTooShort);
    await screens(page, 'complaint-form');

    await page.setViewportSize(viewports.phone);
    await form.getByLabel('Your complaint').focus();
    await page.keyboard.press('Tab');
    await expect(send).toBeFocused(); // the hidden honeypot is not in the way
    await page.keyboard.press('Enter');

    // --- The reference, and the acknowledgement by e-mail ------------------------------------------
    const sent = page.getByRole('heading', { name: complaintMessages.sent });
    await expect(sent).toBeFocused();
    const panel = page.locator('#data-protection-complaint');
    await expect(panel).toContainText(REFERENCE);
    await expect(panel).toContainText(`We are e-mailing an acknowledgement to ${email}`);
    const reference = REFERENCE.exec((await panel.textContent()) ?? '')![0];
    await screens(page, 'complaint-success');

    await expect
      .poll(async () => (await emailsTo(email)).map((message) => message.subject), { timeout: 30_000 })
      .toContain(`We have your data protection complaint (reference ${reference})`);

    // --- Staff read it at /admin/complaints ------------------------------------------------------------
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin/complaints');
    await expect(page.getByRole('heading', { level: 1, name: 'Data protection complaints' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Open/ })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('listitem').filter({ hasText: reference });
    await expect(card).toContainText('Open');
    await expect(card).toContainText('Ada Lovelace');
    await expect(card).toContainText(email);
    await expect(card).toContainText('Not given');
    await expect(card).toContainText('Please delete my phone number.');
    await expect(card).toContainText('Reply by');
    await screens(page, 'admin-complaints-open');

    // --- And resolve it: a note is required ------------------------------------------------------------
    await page.setViewportSize(viewports.desktop);
    await card.getByRole('button', { name: 'Mark resolved' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark complaint resolved' });
    await expect(dialog).toContainText(reference);
    await dialog.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(complaintMessages.resolutionRequired);
    await dialog
      .getByLabel('What did you do about it?')
      .fill('Removed the number from our lists and replied by e-mail.');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-complaints-resolve-dialog-1280');
    await dialog.getByRole('button', { name: 'Mark resolved' }).click();
    await expectToast(page, complaintMessages.resolved);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: reference })).toHaveCount(0);

    await page.getByRole('tab', { name: /Resolved/ }).click();
    await expect(page).toHaveURL(/status=resolved/);
    const resolved = page.getByRole('listitem').filter({ hasText: reference });
    await expect(resolved).toContainText('Removed the number from our lists and replied by e-mail.');
    await expect(resolved).toContainText(`by ${e2eAdmin.username}`);
    await expect(resolved.getByRole('button', { name: 'Mark resolved' })).toHaveCount(0);
    await screens(page, 'admin-complaints-resolved');
  });
});

test.describe('[COMPLAINTS] without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts as a plain page: the messages for a bad form, then the reference', async ({
    page,
    expectedHttpErrors,
  }) => {
    test.slow();
    // The page again with the messages answers 400, which the browser logs.
    expectedHttpErrors.add(400);
    const id = randomBytes(3).toString('hex');
    const email = `grace-${id}@example.com`;
    await page.setViewportSize(viewports.phone);
    await page.goto('/contact');
    const form = complaintForm(page);
    const send = form.getByRole('button', { name: 'Send complaint' });
    await expect(send).toBeEnabled();

    // --- Half filled in: the page again at the form, with the shared messages, what was typed kept ------
    await form.getByLabel('Your name').fill('Grace Hopper');
    await form.getByLabel('Email address').fill('grace@');
    await send.click();
    await expect(page).toHaveURL(/\/contact#data-protection-complaint$/);
    await expect(form.getByRole('alert')).toContainText(complaintMessages.submitFailed);
    await expect(form).toContainText(complaintMessages.emailInvalid);
    await expect(form).toContainText(complaintMessages.detailsTooShort);
    await expect(form).not.toContainText(complaintMessages.nameRequired);
    await expect(form.getByLabel('Your name')).toHaveValue('Grace Hopper');
    await expect(form.getByLabel('Email address')).toHaveValue('grace@');
    await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await screens(page, 'complaint-no-script-errors', { axe: false });

    // --- Put right and sent: a page of its own with the reference, and the e-mail ----------------------
    await page.setViewportSize(viewports.phone);
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Your complaint').fill(`My details were shared without asking me (${id}).`);
    await send.click();
    await expect(page).toHaveURL(/\/contact\/complaint-sent\?reference=DP-/);
    await expect(page.getByRole('heading', { level: 1, name: complaintMessages.sent })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(REFERENCE);
    const reference = REFERENCE.exec((await main.textContent()) ?? '')![0];
    await expect(page).toHaveURL(new RegExp(`reference=${reference}#main$`));
    await screens(page, 'complaint-no-script-sent', { axe: false });
    await expect
      .poll(async () => (await emailsTo(email)).map((message) => message.subject), { timeout: 30_000 })
      .toContain(`We have your data protection complaint (reference ${reference})`);
  });
});

test.describe('[COMPLAINTS] the pages a post without JavaScript leads to', () => {
  test('pass axe: the form again with its messages, and the confirmation', async ({ page, expectedHttpErrors }) => {
    expectedHttpErrors.add(400);
    await page.setViewportSize(viewports.phone);
    await page.goto('/contact');
    const form = complaintForm(page);
    await form.getByLabel('Email address').fill('grace@');
    // Axe needs scripts, so these pages are made as without them: the form's native submit() sends
    // it as a plain post, past the script's handler, as a browser without JavaScript does.
    await form.evaluate((element) => (element as HTMLFormElement).submit());
    await expect(form.getByRole('alert')).toContainText(complaintMessages.submitFailed);
    await expectNoAxeViolations(page);

    await form.getByLabel('Your name').fill('Grace Hopper');
    await form.getByLabel('Email address').fill(`grace-${randomBytes(3).toString('hex')}@example.com`);
    await form.getByLabel('Your complaint').fill('My details were shared without asking me.');
    await form.evaluate((element) => (element as HTMLFormElement).submit());
    await expect(page.getByRole('heading', { level: 1, name: complaintMessages.sent })).toBeVisible();
    for (const viewport of [viewports.phone, viewports.desktop]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }
  });
});
