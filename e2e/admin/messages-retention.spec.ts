import type { Page } from '@playwright/test';
import type { MessageDetail, MessageListResponse } from '~/shared/messages';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, settleMotion, signInViaApi, test } from './helpers';

/**
 * The Messages screen once retention has deleted a message's content (issue 18). The e2e app's
 * messages are minutes old, so the screen is shown API answers as the server gives them 90 days
 * on (src/server/features/retention/retention-messages.test.ts checks the server's side): an
 * e-mail that went, and a text that never did and failed when its content was deleted.
 */

const sentEmail: MessageDetail = {
  id: '6f0e2a52-6d0c-4c57-9a55-1f1f4f0d2b01',
  channel: 'email',
  recipient: 'jo.seller@example.com',
  subject: null,
  preview: '',
  templateName: 'valuation-offer',
  status: 'sent',
  attempts: 1,
  lastError: null,
  valuationId: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  nextAttemptAt: null,
  sentAt: '2026-01-05T10:00:04.000Z',
  contentDeletedAt: '2026-04-06T02:00:00.000Z',
  text: '',
  hasHtml: false,
  attachments: [],
  providerMessageId: '<20260105100004.1@mail.example>',
};

const neverSentText: MessageDetail = {
  ...sentEmail,
  id: '6f0e2a52-6d0c-4c57-9a55-1f1f4f0d2b02',
  channel: 'sms',
  recipient: '+447911123456',
  templateName: 'valuation-received',
  status: 'failed',
  attempts: 0,
  lastError:
    'Never sent, and 90 days after it was queued its content was deleted under our retention policy, so it cannot be sent now.',
  sentAt: null,
  providerMessageId: null,
};

const keptEmail: MessageDetail = {
  ...sentEmail,
  id: '6f0e2a52-6d0c-4c57-9a55-1f1f4f0d2b03',
  recipient: 'sam.buyer@example.com',
  subject: 'Your valuation offer',
  preview: 'Hello Sam, thank you for asking us to value your car.',
  createdAt: '2026-04-01T09:00:00.000Z',
  sentAt: '2026-04-01T09:00:03.000Z',
  contentDeletedAt: null,
  text: 'Hello Sam, thank you for asking us to value your car.',
};

const messages = [keptEmail, sentEmail, neverSentText];

/** The list and each message as the server answers for them. */
async function answerWithDeletedContent(page: Page) {
  await page.route(/\/api\/admin\/messages(\?.*)?$/, async (route) => {
    const body: MessageListResponse = {
      items: messages.map(
        ({ text: _text, hasHtml: _html, attachments: _files, providerMessageId: _id, ...rest }) => rest,
      ),
      page: 1,
      pageSize: 25,
      total: messages.length,
      pageCount: 1,
      transports: {
        email: { configured: true, description: 'Sent through the SMTP server smtp.example.co.uk' },
        sms: { configured: false, description: 'No text message provider configured' },
      },
    };
    await route.fulfill({ json: body });
  });
  await page.route(/\/api\/admin\/messages\/[0-9a-f-]{36}$/, async (route) => {
    const id = new URL(route.request().url()).pathname.split('/').at(-1);
    const message = messages.find((m) => m.id === id);
    await (message ? route.fulfill({ json: message }) : route.fallback());
  });
}

test.describe('[ADMIN][MESSAGES][RETENTION]', () => {
  test.beforeEach(async ({ page }) => {
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    await answerWithDeletedContent(page);
  });

  test('a message whose content was deleted says so plainly, with no Retry, at 390 and 1280 px', async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

    const table = page.getByRole('table');
    const sentRow = table.getByRole('row').filter({ hasText: 'jo.seller@example.com' });
    const failedRow = table.getByRole('row').filter({ hasText: '07911 123456' });
    await expect(
      sentRow.getByRole('button', { name: 'Content deleted, e-mail to jo.seller@example.com' }),
    ).toBeVisible();
    await expect(failedRow).toContainText('Failed');
    await expect(failedRow).toContainText('Never sent, and 90 days after it was queued');
    // Failed, but nothing is left to send: no Retry anywhere on the screen.
    await expect(page.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
    await expect(table.getByRole('row').filter({ hasText: 'sam.buyer@example.com' })).toContainText(
      'Your valuation offer',
    );
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-messages-content-deleted-1280');

    // By keyboard: the row's button opens the message.
    await sentRow.getByRole('button', { name: /^Content deleted/ }).focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'E-mail' });
    await expect(detail).toContainText(
      'Content deleted on 06 Apr 2026, 90 days after sending, under our retention policy.',
    );
    await expect(detail.getByRole('tab')).toHaveCount(0);
    await expect(detail.getByRole('link')).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-messages-content-deleted-detail-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(sentRow.getByRole('button', { name: /^Content deleted/ })).toBeFocused();

    await page.setViewportSize(viewports.phone);
    const cards = page.getByRole('list', { name: 'Messages, newest first' });
    const failedCard = cards.getByRole('listitem').filter({ hasText: '07911 123456' });
    await expect(
      failedCard.getByRole('button', { name: 'Content deleted, text message to 07911 123456' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-messages-content-deleted-390');

    await failedCard.getByRole('button', { name: /^Content deleted/ }).click();
    const textDetail = page.getByRole('dialog', { name: 'Text message' });
    await expect(textDetail).toContainText(
      'Content deleted on 06 Apr 2026, 90 days after it was queued (it was never sent), under our retention policy.',
    );
    await expect(textDetail).toContainText(
      'Given up: its content was deleted under our retention policy, so it cannot be sent again.',
    );
    await expect(textDetail.getByText('Why it failed')).toBeVisible();
    await expect(textDetail.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await textDetail.getByText(/^Content deleted on/).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-messages-content-deleted-detail-390', { fullPage: false });
  });
});
