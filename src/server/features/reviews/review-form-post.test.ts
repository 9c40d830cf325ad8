import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { customerReviews } from '~/server/db/schema';
import { reviewMessages as m } from '~/shared/reviews';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { hours } from '../../../../test/helpers/auth';
import { appPages } from '../../../../test/helpers/pages';

/**
 * The review form without JavaScript (issue 31): the reviews page links to /reviews/write, a plain
 * form posted to itself, stored as `POST /api/reviews` stores it and answered with `?sent`
 * (POST/redirect/GET), or the page again with what was typed and the messages.
 */

const BROWSER = {
  origin: 'http://localhost',
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/x-www-form-urlencoded',
};
const fields = {
  rating: '4',
  customerName: 'Ada Lovelace',
  email: 'ada@example.com',
  reviewTitle: 'Quick and fair',
  reviewText: 'They collected the car the next day and paid before it left.',
  location: 'Louth',
  vehicleSold: '',
  website: '',
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  t = await createTestApp('pglite', {
    deps: { renderSource: appPages, reviews: { submitLimit: { limit: 5, windowMs: hours(1) } } },
  });
}
const post = (form: Record<string, string>) =>
  t!.app.inject({
    method: 'POST',
    url: '/reviews/write',
    headers: BROWSER,
    payload: new URLSearchParams(form).toString(),
  });
const stored = async () => (await t!.db.database.db.select({ n: count() }).from(customerReviews))[0]!.n;
const words = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('a review written without JavaScript', () => {
  it('is reached from the reviews page, whose button stands in for a link where scripts are off', async () => {
    await setup();
    const reviews = await t!.app.inject({ url: '/reviews' });
    expect(reviews.body).toMatch(/<noscript><a href="\/reviews\/write"[^>]*>.*Write the First Review<\/a><\/noscript>/);
    const page = await t!.app.inject({ url: '/reviews/write' });
    expect(page.statusCode).toBe(200);
    const form = /<form[^>]*aria-label="Write a review"[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/reviews/write#main"');
    expect(page.body).toMatch(/<input type="radio"[^>]*name="rating" checked="" value="5"/);
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('is stored for staff to approve, and the browser is sent to the thanks', async () => {
    await setup();
    const response = await post(fields);
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/reviews/write?sent#main');
    expect(await stored()).toBe(1);
    const thanks = await t!.app.inject({ url: '/reviews/write?sent' });
    expect(words(thanks.body)).toContain(m.submittedDetail);
  });

  it('gets the page again with what was typed, the choice kept and each message, and nothing stored', async () => {
    await setup();
    const response = await post({ ...fields, email: 'ada@', reviewTitle: 'Hi', reviewText: '' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = words(response.body);
    for (const message of [m.submitFailed, m.emailInvalid, m.titleTooShort, m.textRequired]) {
      expect(text).toContain(message);
    }
    expect(text).not.toContain(m.nameTooShort);
    expect(response.body).toMatch(/<input[^>]*name="customerName"[^>]*value="Ada Lovelace"/);
    expect(response.body).toMatch(/<input type="radio"[^>]*name="rating" checked="" value="4"/);
    expect(await stored()).toBe(0);
  });

  it('answers a filled honeypot with the thanks, and stores nothing', async () => {
    await setup();
    const response = await post({ ...fields, website: 'http://spam.example' });
    expect(response.statusCode).toBe(303);
    expect(await stored()).toBe(0);
  });
});
