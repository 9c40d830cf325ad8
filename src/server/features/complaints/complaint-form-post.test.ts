import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { dataProtectionComplaints, outboundMessages } from '~/server/db/schema';
import { complaintMessages as m } from '~/shared/complaints';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { hours, testClock } from '../../../../test/helpers/auth';
import { appPages } from '../../../../test/helpers/pages';

/**
 * The contact page's complaint form posted without JavaScript (issue 31): a plain form post to
 * /contact, as a browser sends it, stored as the API stores it and answered with the confirmation
 * page (POST/redirect/GET), or the contact page again with what was typed and the messages. The
 * same rate limit and honeypot as `POST /api/complaints`.
 */

const NOW = new Date('2026-07-01T09:00:00Z');
/** What a browser sends with a form from one of our pages. */
const BROWSER = {
  origin: 'http://localhost',
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/x-www-form-urlencoded',
};
const fields = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '',
  details: 'You shared my details with a dealer without asking me.',
  website: '',
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup(limit = 5) {
  t = await createTestApp('pglite', {
    env: { STAFF_NOTIFY_EMAIL: 'desk@carbuy.example' },
    deps: {
      clock: testClock(NOW),
      renderSource: appPages,
      complaints: { submitLimit: { limit, windowMs: hours(1) } },
    },
  });
}

const post = (form: Record<string, string>, ip = '203.0.113.7') =>
  t!.app.inject({
    method: 'POST',
    url: '/contact',
    headers: BROWSER,
    payload: new URLSearchParams(form).toString(),
    remoteAddress: ip,
  });
const stored = async () => (await t!.db.database.db.select({ n: count() }).from(dataProtectionComplaints))[0]!.n;

/** The page's words, tags dropped. */
const words = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('a complaint posted without JavaScript', () => {
  it('is stored and acknowledged, then the browser is sent to the confirmation page with its reference', async () => {
    await setup();
    const response = await post(fields);
    expect(response.statusCode, response.body).toBe(303);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/contact\/complaint-sent\?reference=DP-[2346789A-HJKMNP-RT-Z]{6}#main$/);
    expect(await stored()).toBe(1);
    const queued = await t!.db.database.db.select({ n: count() }).from(outboundMessages);
    expect(queued[0]!.n).toBe(2); // the acknowledgement and the staff alert

    const page = await t!.app.inject({ url: location });
    expect(page.statusCode).toBe(200);
    const reference = new URL(location, 'http://localhost').searchParams.get('reference')!;
    expect(words(page.body)).toContain(`Your reference is ${reference} .`);
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    expect((await t!.app.inject({ url: '/contact/complaint-sent?reference=nonsense' })).statusCode).toBe(404);
  });

  it('gets the contact page again, with what was typed and each field’s message, and nothing stored', async () => {
    await setup();
    const response = await post({ ...fields, email: 'grace@', details: 'Too short' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = words(response.body);
    expect(text).toContain(m.submitFailed);
    expect(text).toContain(m.emailInvalid);
    expect(text).toContain(m.detailsTooShort);
    expect(text).not.toContain(m.nameRequired);
    expect(response.body).toMatch(/<input[^>]*name="name"[^>]*value="Grace Hopper"/);
    expect(response.body).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="email"[^>]*value="grace@"|<input[^>]*name="email"[^>]*value="grace@"/,
    );
    expect(response.body).toMatch(/<textarea[^>]*>Too short<\/textarea>/);
    expect(await stored()).toBe(0);
  });

  it('posts to the contact page from the first paint: an enabled button in a plain form', async () => {
    await setup();
    const page = await t!.app.inject({ url: '/contact' });
    const form = /<form[^>]*aria-label="Data protection complaint"[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/contact#data-protection-complaint"');
    const button = /<button type="submit"[^>]*>Send complaint<\/button>/.exec(page.body)?.[0];
    expect(button).toBeDefined();
    expect(button).not.toMatch(/ disabled=/);
  });

  it('answers a filled honeypot as sent, and stores nothing', async () => {
    await setup();
    const response = await post({ ...fields, website: 'http://spam.example' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^\/contact\/complaint-sent\?reference=DP-/);
    expect(await stored()).toBe(0);
  });

  it('shares the API’s limit per client address, and says so on the page', async () => {
    await setup(2);
    expect((await post(fields)).statusCode).toBe(303);
    expect((await post({ ...fields, details: 'short' })).statusCode).toBe(400); // bad ones count too
    const limited = await post(fields);
    expect(limited.statusCode).toBe(429);
    expect(words(limited.body)).toContain(m.rateLimited);
    expect(await stored()).toBe(1);
  });

  it('refuses a post from another site with a page that says nothing was sent', async () => {
    await setup();
    const response = await t!.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { ...BROWSER, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(words(response.body)).toContain('Your form was not sent');
    expect(await stored()).toBe(0);
  });

  it('takes the form encoding only: JSON to the page is refused, and the API still takes no form', async () => {
    await setup();
    const json = await t!.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { origin: BROWSER.origin },
      payload: fields,
    });
    expect(json.statusCode).toBe(415);
    const form = await t!.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: BROWSER,
      payload: new URLSearchParams(fields).toString(),
    });
    expect(form.statusCode).toBe(415);
    expect(await stored()).toBe(0);
  });
});
