import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { complaintMessages } from '~/shared/complaint-basics';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from '../admin/helpers';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { emailsTo } from './seller-wizard';

/*
 * Data-protection complaints (issue 18; DPA 2018 s.164A): a visitor finds the form from the
 * privacy policy, sends a complaint from the contact page by keyboard on a phone, sees the
 * reference and gets the acknowledgement by e-mail; staff then read it at /admin/complaints and
 * resolve it with a note. Axe and screenshots at 390 and 1280 pixels on every screen.
 */

const REFERENCE = /DP-[2346789ABCDEFGHJKMNPQRTUVWXYZ]{6}/;
const complaintForm = (page: Page) => page.getByRole('form', { name: 'Data protection complaint' });

async function screens(page: Page, name: string) {
  for (const [label, viewport] of [
    ['390', viewports.phone],
    ['1280', viewports.desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
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
    await expect(send).toBeEnabled(); // the form has come to life
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
    await expect(send).toBeEnabled(); // the form has come to life
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
