import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from './helpers';

/*
 * Voice messages (issue 16): staff replace what callers hear with their own recordings (a real MP3,
 * made with the LAME encoder: test/fixtures/audio), play them, and go back to the defaults.
 */

const TONE_MP3 = fileURLToPath(new URL('../../test/fixtures/audio/tone-440hz.mp3', import.meta.url));
const messageCard = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('[VOICE-MESSAGES] custom recordings for the phone line', () => {
  test('upload a recording, play it, and go back to the default', async ({ page }) => {
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    // Start from the defaults, whatever an earlier run left.
    for (const type of ['welcome', 'voicemail', 'hold']) await page.request.delete(`/api/audio/${type}`);
    await settleMotion(page);
    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin/voice-messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Voice messages' })).toBeVisible();

    const welcome = messageCard(page, 'Welcome message');
    await expect(welcome.getByText('Default', { exact: true })).toBeVisible();
    await expect(welcome).toContainText('Thank you for calling');
    await expect(messageCard(page, 'Hold message')).toContainText('classical hold music');
    await expect(page.getByRole('heading', { name: 'Recording tips' })).toBeVisible();
    await expect(page.getByText('under 10 seconds', { exact: false })).toBeVisible();

    // Not audio: refused in the browser with SPEC's message, before any upload.
    await welcome.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a recording'),
    });
    await expectToast(page, 'Invalid file type', 'Please select an audio file (MP3, WAV, etc.)');

    // A real MP3.
    await welcome.locator('input[type=file]').setInputFiles(TONE_MP3);
    await expectToast(page, 'Audio uploaded successfully', 'Welcome message has been updated');
    await expect(welcome.getByText('Custom recording')).toBeVisible();

    // Play fetches the recording from its public address (Twilio fetches it there too).
    const fetched = page.waitForResponse((response) => /\/uploads\/voice\/[0-9a-f]{32}\.mp3$/.test(response.url()));
    await welcome.getByRole('button', { name: 'Play the welcome message' }).click();
    expect((await fetched).status()).toBeLessThan(300);
    await welcome.getByRole('button', { name: 'Stop the welcome message' }).click();

    await expectNoAxeViolations(page);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expect(welcome.getByText('Custom recording')).toBeVisible();
      await saveScreenshot(page, `admin-voice-messages-${name}`, { fullPage: true });
    }

    // Remove, from the keyboard: a confirmation, then the default again.
    await page.setViewportSize(viewports.desktop);
    await welcome.getByRole('button', { name: 'Remove the welcome recording' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Callers will hear the default message again');
    await dialog.getByRole('button', { name: 'Remove recording' }).click();
    await expectToast(page, 'Audio deleted');
    await expect(welcome.getByText('Default', { exact: true })).toBeVisible();
    await expect(welcome.getByRole('button', { name: 'Remove the welcome recording' })).toHaveCount(0);
  });
});
