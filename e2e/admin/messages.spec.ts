import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, fakesUrl, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test as adminTest } from './helpers';

/**
 * The Messages screen against the real outbox: scripts/e2e.mjs points the app's e-mail at a local
 * SMTP server (test/fakes/serve-fakes.ts) and leaves text messages unconfigured. E2E_FAKES_URL is
 * that server's control address: what it received, and which addresses it refuses.
 */
/**
 * Playwright's screenshots and locators run script in every frame. The e-mail preview's frame
 * refuses all script by design, and Chromium reports each refusal on the console; those reports
 * are the sandbox working, so they alone are let through. Every other console problem still fails.
 */
const test = adminTest.extend({
  consoleProblems: async ({ consoleProblems }, provide) => {
    await provide(consoleProblems);
    const sandboxWorking =
      /^error: Blocked script execution in '[^']*\/api\/admin\/messages\/[\w-]+\/html' because the document's frame is sandboxed/;
    const kept = consoleProblems.filter((problem) => !sandboxWorking.test(problem));
    consoleProblems.splice(0, consoleProblems.length, ...kept);
  },
});

async function receivedBySmtpServer(): Promise<{ to: string[]; subject: string }[]> {
  return (await (await fetch(`${fakesUrl()}/smtp/messages`)).json()) as { to: string[]; subject: string }[];
}

async function refuseAddresses(addresses: string[]) {
  const response = await fetch(`${fakesUrl()}/smtp/rejected`, { method: 'PUT', body: JSON.stringify(addresses) });
  expect(response.ok).toBe(true);
}

/** An address no other test uses, so parallel tests never see each other's messages. */
const uniqueAddress = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

async function sendTestMessage(page: Page, channel: 'E-mail' | 'Text message', to: string) {
  await page.getByRole('button', { name: 'Send test message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send test message' });
  await dialog.getByRole('radio', { name: channel }).check();
  await dialog.getByLabel(channel === 'E-mail' ? 'E-mail address' : 'Mobile number').fill(to);
  await dialog.getByRole('button', { name: 'Send test message' }).click();
  await expectToast(page, 'Test message queued');
  await expect(dialog).toBeHidden();
}

/** Shows only this recipient's messages, as an admin looking for one would. */
async function searchRecipient(page: Page, text: string) {
  await page.getByLabel('Recipient').fill(text);
  await expect(page).toHaveURL(new RegExp(`recipient=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

const rowFor = (page: Page, recipient: string) =>
  page
    .getByRole('row')
    .filter({ hasText: recipient })
    .or(page.getByRole('listitem').filter({ hasText: recipient }));

test.describe('[ADMIN][MESSAGES]', () => {
  test.beforeEach(async ({ page }) => {
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
  });

  test('send a test e-mail from the screen, watch it go from queued to sent, and open it', async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Messages', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    // Honest about the set-up: e-mail goes to the local SMTP server; texts are not configured.
    const settings = page.getByRole('listitem');
    await expect(settings.filter({ hasText: 'E-mail:' })).toContainText(
      /configured\s*Sent through the SMTP server 127\.0\.0\.1:\d+/,
    );
    await expect(settings.filter({ hasText: 'Text message:' })).toContainText(
      'not configuredNo text message provider configured',
    );

    const address = uniqueAddress('seller');
    await sendTestMessage(page, 'E-mail', address);
    await searchRecipient(page, address);
    const row = rowFor(page, address);
    // No reload: the screen follows the message until the worker has sent it.
    await expect(row.getByText('Sent', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await receivedBySmtpServer()).filter((mail) => mail.to.includes(address)))
      .toEqual([
        {
          to: [address],
          subject: 'Test message from CarBuy Direct',
          messageId: expect.any(String),
          text: expect.stringContaining('If you can read it, e-mail from the website is working.'),
          attachments: [],
        },
      ]);

    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-messages-sent-${name}`);
    }

    // The full message: text, then the HTML in its sandboxed frame.
    await page.setViewportSize(viewports.desktop);
    await row.getByRole('button', { name: /Test message from CarBuy Direct/ }).click();
    const detail = page.getByRole('dialog', { name: 'Test message from CarBuy Direct' });
    await expect(detail).toContainText(`E-mail to ${address}`);
    await expect(detail).toContainText('This is a test e-mail sent from the CarBuy Direct back office by');
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-messages-detail-${name}`, { fullPage: false });
    }
    // The e-mail's own HTML, in a frame that may run nothing (axe cannot run inside it either).
    await detail.getByRole('tab', { name: 'HTML' }).click();
    const preview = detail.locator('iframe[sandbox]');
    await expect(preview).toHaveAttribute('sandbox', '');
    await expect(
      page.frameLocator('iframe[sandbox]').getByRole('heading', { name: 'E-mail is working' }),
    ).toBeVisible();
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await saveScreenshot(page, `admin-messages-detail-html-${name}`, { fullPage: false });
    }
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });

  test('a text without Twilio is held; a refused e-mail fails with the reason, and Retry sends it', async ({
    page,
  }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin/messages');

    // Texts: nothing configured, so the message is held, with the reason.
    await sendTestMessage(page, 'Text message', '07911 123456');
    await searchRecipient(page, '07911 123456');
    const text = rowFor(page, '07911 123456').first();
    await expect(text.getByText('Held', { exact: true })).toBeVisible();
    await expect(text).toContainText('No text message provider configured');

    // E-mail to a mailbox the server refuses: failed at once, with the server's words.
    const address = uniqueAddress('nobody');
    await refuseAddresses([address]);
    await sendTestMessage(page, 'E-mail', address);
    // The search for the text would hide the new e-mail, so the whole list shows again.
    await expect(page.getByLabel('Recipient')).toHaveValue('');
    await expect(page).not.toHaveURL(/recipient=/);
    await searchRecipient(page, address);
    const row = rowFor(page, address);
    await expect(row.getByText('Failed', { exact: true })).toBeVisible();
    await expect(row).toContainText('550 Mailbox unavailable');
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-messages-failed-${name}`);
    }

    // The mailbox is fixed; the admin opens the message and presses Retry.
    await page.setViewportSize(viewports.desktop);
    await refuseAddresses([]);
    await row.getByRole('button', { name: /Test message from CarBuy Direct/ }).click();
    const detail = page.getByRole('dialog', { name: 'Test message from CarBuy Direct' });
    await expect(detail.getByText('Why it failed')).toBeVisible();
    await saveScreenshot(page, 'admin-messages-detail-failed-desktop', { fullPage: false });
    await detail.getByRole('button', { name: 'Retry' }).click();
    await expectToast(page, 'Message queued to send again');
    await expect(detail.getByText('The provider accepted it.')).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).last().click();
    await expect(detail).toBeHidden();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await receivedBySmtpServer()).filter((mail) => mail.to.includes(address)).length)
      .toBe(1);
  });
});
