import { randomInt } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { callMessages, formatCallDuration, type CallSetup, type CallStats } from '~/shared/calls';
import { phoneMessages } from '~/shared/phone';
import {
  inboundCallParams,
  parseTwiml,
  signedRequest,
  statusCallbackParams,
  type CallIdentity,
} from '../../test/fakes/twilio/voice-driver';
import { expectNoAxeViolations, fakesUrl, saveScreenshot, viewports } from '../fixtures';
import { e2eAdmin, expect, expectToast, settleMotion, signInViaApi, test } from './helpers';
import { createValuation } from './valuations';

/*
 * Phone calls (issue 16) on /admin/calls, on the configured app (scripts/e2e.mjs), whose Twilio is the
 * local fake: a caller rings in (the fake holds the call; this spec plays Twilio's side with webhooks
 * signed as Twilio signs them, for the exact address the server shows), staff answer, keep notes and
 * hang up; a caller who got no answer leaves a voicemail staff can play; staff call a seller with
 * Make Call and hang up. And the same page before Twilio is set up, on the other app.
 */

/** The fake Twilio's account, which scripts/e2e.mjs hands the tests to sign webhooks with. */
function twilioAccount(): { accountSid: string; authToken: string } {
  const accountSid = process.env.E2E_TWILIO_ACCOUNT_SID;
  const authToken = process.env.E2E_TWILIO_AUTH_TOKEN;
  if (!accountSid || !authToken) throw new Error('E2E_TWILIO_* are not set: run the tests with `node scripts/e2e.mjs`');
  return { accountSid, authToken };
}

/** The local fakes' control API (test/fakes/serve-fakes.ts). */
async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${fakesUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A UK mobile number no other call in this run uses ("+447400123456"). The server takes only numbers
 * that exist in the numbering plan, so not Ofcom's drama range; the fake Twilio rings nobody.
 */
const usedNumbers = new Set<string>();
function mobileNumber(): string {
  let number: string;
  do number = `+447400${randomInt(100_000, 1_000_000)}`;
  while (usedNumbers.has(number));
  usedNumbers.add(number);
  return number;
}

/** "+447400123456" as the page shows it, as every screen writes numbers: "07400 123456". */
const shown = (e164: string) => `0${e164.slice(3, 7)} ${e164.slice(7)}`;

/** POSTs a webhook to the app as Twilio would: form-encoded, signed for `publicUrl`. */
async function twilioPosts(request: APIRequestContext, publicUrl: string, params: Record<string, string>) {
  const { url, headers, payload } = signedRequest(publicUrl, params, { authToken: twilioAccount().authToken });
  const { host: _host, ...sent } = headers;
  return request.post(url, { headers: sent, data: payload });
}

/** A call ringing in: the fake Twilio holds it, and Twilio's first webhook reaches the app. */
async function ringIn(request: APIRequestContext, setup: CallSetup, from: string): Promise<CallIdentity> {
  const { callSid, accountSid, to } = await control<{ callSid: string; accountSid: string; to: string }>(
    '/twilio/inbound-calls',
    { from },
  );
  const call = { callSid, accountSid, from, to };
  const answer = await twilioPosts(request, setup.webhookUrl, inboundCallParams(call));
  expect(answer.status(), await answer.text()).toBe(200);
  // The caller hears the welcome, then waits in the queue.
  expect(parseTwiml(await answer.text()).map((verb) => verb.name)).toContain('Enqueue');
  return call;
}

/** Twilio's status callback when a call ends (inbound calls' callbacks name their direction). */
async function callEnded(request: APIRequestContext, setup: CallSetup, call: CallIdentity, durationSeconds: number) {
  const params = statusCallbackParams({
    ...call,
    status: 'completed',
    sequenceNumber: 1,
    direction: 'inbound',
    durationSeconds,
  });
  const answer = await twilioPosts(request, setup.statusCallbackUrl, params);
  expect(answer.status(), await answer.text()).toBe(204);
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Expects one of the four figures, by its title, to read `value`. */
async function expectFigure(page: Page, title: string, value: string | number) {
  const card = page
    .getByRole('region', { name: 'Call figures' })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
  await expect(card).toContainText(new RegExp(`${title}${String(value)}(?![\\d:])`));
}

/** A call in Recent Calls, by the number shown in it. */
const callRow = (page: Page, number: string): Locator =>
  page.getByRole('list', { name: 'Recent calls, newest first' }).getByRole('listitem').filter({ hasText: number });

test.describe('[CALLS] staff answer, note and make calls', () => {
  test('a caller rings in and is answered; notes, a voicemail, Hang Up, Make Call and the figures', async ({
    page,
    request,
    expectedHttpErrors,
  }) => {
    test.slow();
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    const setup = await getJson<CallSetup>(page, '/api/calls/setup');
    expect(setup.ready, setup.reason ?? '').toBe(true);
    const before = await getJson<CallStats>(page, '/api/calls/stats');

    // --- Two callers ring in: a seller we know, who waits; another, who leaves a voicemail ----------
    const caller = mobileNumber();
    await createValuation(request, { firstName: 'Priya', lastName: 'Shah', phone: shown(caller) });
    const waiting = await ringIn(request, setup, caller);
    const voicemailCaller = mobileNumber();
    const voicemail = await ringIn(request, setup, voicemailCaller);
    const { recordingSid, recordingUrl } = await control<{ recordingSid: string; recordingUrl: string }>(
      '/twilio/recordings',
      { callSid: voicemail.callSid },
    );
    const recorded = await twilioPosts(request, setup.webhookUrl.replace(/call-webhook$/, 'voicemail-recorded'), {
      ...inboundCallParams(voicemail),
      RecordingSid: recordingSid,
      RecordingUrl: recordingUrl,
      RecordingDuration: '12',
    });
    expect(recorded.status(), await recorded.text()).toBe(200);
    await callEnded(request, setup, voicemail, 40);

    await page.setViewportSize(viewports.desktop);
    await page.goto('/admin/calls');
    await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
    const ringing = callRow(page, shown(caller));
    await expect(ringing.getByRole('heading', { name: 'Priya Shah' })).toBeVisible();
    await expect(ringing).toContainText('Ringing');
    await expect(ringing).toContainText('Inbound');
    const missed = callRow(page, shown(voicemailCaller));
    await expect(missed).toContainText('No answer');
    await expect(missed).toContainText('0:40');
    await expectFigure(page, 'Total Calls', before.total + 2);
    await expectFigure(page, 'Today', before.today + 2);

    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-calls-ringing-${name}`);
    }
    await page.setViewportSize(viewports.desktop);

    // The webhook set-up shows the exact addresses Twilio is to call.
    await expect(page.getByText(setup.webhookUrl, { exact: true })).toBeVisible();
    await expect(page.getByText(setup.statusCallbackUrl, { exact: true })).toBeVisible();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy URL for the incoming call webhook' }).click();
    await expectToast(page, 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(setup.webhookUrl);
    const testLink = page.getByRole('link', { name: /^Test Connection/ });
    await expect(testLink).toHaveAttribute('target', '_blank');
    const [testTab] = await Promise.all([page.waitForEvent('popup'), testLink.click()]);
    await expect(testTab.locator('body')).toContainText('"Twilio account"');
    await testTab.close();

    // --- The voicemail plays through our server ------------------------------------------------------
    await missed.getByRole('button', { name: /^Play Recording/ }).click();
    await expect(missed.locator('audio')).toHaveAttribute('src', `/api/calls/${voicemail.callSid}/recording`);
    await missed.evaluate((row) => row.scrollIntoView({ block: 'center' }));
    await saveScreenshot(page, 'admin-calls-recording-desktop', { fullPage: false });
    const media = await page.request.get(`/api/calls/${voicemail.callSid}/recording`);
    expect(media.status()).toBe(200);
    expect(media.headers()['content-type']).toBe('audio/mpeg');
    await missed.getByRole('button', { name: /^Hide Recording/ }).click();
    await expect(missed.locator('audio')).toHaveCount(0);

    // --- Answer: Twilio rings the staff phone; Hang Up appears, Make Call and Answer wait --------------
    await ringing.getByRole('button', { name: /^Answer/ }).click();
    await expectToast(page, 'Answering Priya Shah');
    const hangUp = page.getByRole('button', { name: 'Hang Up' });
    await expect(hangUp).toBeFocused();
    await expect(ringing).toContainText('In progress');
    await expect(ringing.getByRole('button', { name: /^Answer/ })).toHaveCount(0);
    await page.getByLabel('Phone number').fill('07400 654321');
    await expect(page.getByRole('button', { name: 'Make Call' })).toBeDisabled();
    const updates =
      await control<{ sid: string; status: string | null; redirected: boolean }[]>('/twilio/call-updates');
    expect(updates).toContainEqual({ sid: waiting.callSid, status: null, redirected: true });
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await saveScreenshot(page, `admin-calls-answered-${name}`, { fullPage: false });
    }
    await page.setViewportSize(viewports.desktop);

    // --- Notes: saved and shown; the server's limit is said in the dialog -----------------------------
    // From the keyboard: Enter opens the dialog, Escape closes it and focus returns to Notes.
    const notesButton = ringing.getByRole('button', { name: /^Notes/ });
    await notesButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Call notes' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(notesButton).toBeFocused();
    await notesButton.click();
    const notes = dialog.getByLabel('Notes');
    // Past the field's own limit (as a script could send), the server's message shows in the dialog.
    expectedHttpErrors.add(400);
    await notes.evaluate((field) => field.removeAttribute('maxlength'));
    await notes.fill('x'.repeat(2001));
    await dialog.getByRole('button', { name: 'Save notes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(callMessages.notesTooLong);
    await notes.fill('Wants a price for a 2018 Golf today.\nCall back after 4pm.');
    await expect(dialog).toContainText('of 2,000 characters');
    await expectNoAxeViolations(page);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await saveScreenshot(page, `admin-calls-notes-${name}`, { fullPage: false });
    }
    await page.setViewportSize(viewports.desktop);
    await dialog.getByRole('button', { name: 'Save notes' }).click();
    await expectToast(page, 'Notes saved successfully');
    await expect(dialog).toBeHidden();
    await expect(ringing).toContainText('Wants a price for a 2018 Golf today.');

    // --- Hang Up; Twilio reports the call over; Refresh shows it and the figures -------------------------
    await hangUp.click();
    await expectToast(page, 'Call ended');
    await expect(hangUp).toHaveCount(0);
    await expect(page.getByLabel('Phone number')).toBeFocused();
    expect(await control<{ sid: string; status: string | null }[]>('/twilio/call-updates')).toContainEqual({
      sid: waiting.callSid,
      status: 'completed',
      redirected: false,
    });
    await callEnded(request, setup, waiting, 95);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectToast(page, 'Refreshed');
    await expect(ringing).toContainText('Completed');
    await expect(ringing).toContainText('1:35');
    const after = await getJson<CallStats>(page, '/api/calls/stats');
    expect(after.answered).toBe(before.answered + 1);
    await expectFigure(page, 'Answered', after.answered);
    await expectFigure(page, 'Avg Duration', formatCallDuration(after.averageDuration));

    // --- Make Call: a number the server refuses, then one it takes; Hang Up ends it --------------------
    expectedHttpErrors.add(400);
    const number = page.getByLabel('Phone number');
    await number.fill('12');
    await page.getByRole('button', { name: 'Make Call' }).click();
    await expect(page.getByRole('form', { name: 'Make a call' })).toContainText(phoneMessages.invalid);
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    const seller = mobileNumber();
    await number.fill(shown(seller).replace(' ', ''));
    await page.getByRole('button', { name: 'Make Call' }).click();
    await expectToast(page, `Calling ${shown(seller)}`);
    await expect(hangUp).toBeFocused();
    await expect(page.getByRole('button', { name: 'Make Call' })).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: `Calling ${shown(seller)}.` })).toBeVisible();
    const outbound = callRow(page, shown(seller));
    await expect(outbound).toContainText('Outbound');
    await expect(outbound).toContainText('Connecting');
    // Twilio rang the staff phone first, showing the business number.
    const placed = await control<{ sid: string; to: string; from: string }[]>('/twilio/calls');
    const staffCall = placed.find((call) => call.to === '+447700900001');
    expect(staffCall?.from).toBe(setup.businessNumber);
    await expectFigure(page, 'Total Calls', before.total + 3);
    await hangUp.click();
    await expectToast(page, 'Call ended');
    await expect(hangUp).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Make Call' })).toBeEnabled();
    expect(await control<{ sid: string; status: string | null }[]>('/twilio/call-updates')).toContainEqual(
      expect.objectContaining({ status: 'canceled' }),
    );
    // Twilio then posts the call's final status to the app, which the list shows at its next poll.
    await expect(outbound).toContainText('Cancelled', { timeout: 15_000 });

    await page.evaluate(() => window.scrollTo(0, 0));
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-calls-log-${name}`);
    }
  });
});

test.describe('[CALLS] before Twilio is set up', () => {
  // The other app (scripts/e2e.mjs), which has no Twilio settings.
  test.use({ baseURL: process.env.E2E_BASE_URL });

  test('the controls are off and say what to set; the log and the webhook addresses still show', async ({ page }) => {
    await settleMotion(page);
    await signInViaApi(page, e2eAdmin.username, e2eAdmin.password);
    const setup = await getJson<CallSetup>(page, '/api/calls/setup');
    expect(setup.ready).toBe(false);
    await page.goto('/admin/calls');
    await expect(page.getByRole('status').filter({ hasText: setup.reason! })).toBeVisible();
    await expect(page.getByLabel('Phone number')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Make Call' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Recent Calls' })).toBeVisible();
    await expect(page.getByText(setup.webhookUrl, { exact: true })).toBeVisible();
    await expect(page.getByText('Twilio can only reach an https address')).toBeVisible();
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-calls-not-set-up-${name}`);
    }
  });
});
