import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { customerReviews, type NewCustomerReview } from '~/server/db/schema';
import type { PublicReviewList } from '~/shared/reviews';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { appPages, type PageDataAnswer } from '../../../../test/helpers/pages';
import { HOME_PAGE_ROUTE_ID, type HomePageData } from '~/server/features/home';
import { REVIEWS_PAGE_ROUTE_ID } from './reviews-page-data';

/**
 * The reviews and home pages' server data (docs/decisions/002-page-data.md): the published
 * reviews with their count and average, from GET /api/page-data as the browser asks for it, and a
 * version that changes when the list does.
 */

let minute = 0;
const aReview = (overrides: Partial<NewCustomerReview> = {}): NewCustomerReview => {
  minute += 1;
  return {
    customerName: `Seller ${minute}`,
    email: 'secret-address@example.com',
    rating: 5,
    reviewTitle: 'Great service',
    reviewText: 'Paid the same day.',
    isApproved: true,
    isPublished: true,
    adminNotes: 'secret-staff-note',
    submittedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
    ...overrides,
  };
};

describe.each(testEngines)('reviews page data on %s', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup() {
    // Rows are written directly here, as another process would: the published list is read afresh.
    t = await createTestApp(engine, {
      deps: { renderSource: appPages, clock: testClock(), reviews: { publishedMaxAgeMs: 0 } },
    });
  }
  const db = () => t!.db.database.db;
  const pageData = async (path: string) => {
    const response = await t!.app.inject({ method: 'GET', url: `/api/page-data?path=${encodeURIComponent(path)}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PageDataAnswer>();
  };

  it('gives /reviews the published reviews (newest first) with the count and average, never e-mails or notes', async () => {
    await setup();
    await db()
      .insert(customerReviews)
      .values([
        aReview({ rating: 4 }),
        aReview({ rating: 5, customerName: 'Newest' }),
        aReview({ isPublished: false, customerName: 'Hidden' }),
      ]);
    const answer = await pageData('/reviews');
    const route = answer.routes[REVIEWS_PAGE_ROUTE_ID]!;
    const data = route.data as PublicReviewList;
    expect(data.count).toBe(2);
    expect(data.average).toBe(4.5);
    expect(data.reviews.map((review) => review.customerName)).toEqual(['Newest', expect.stringMatching(/^Seller/)]);
    expect(JSON.stringify(answer)).not.toMatch(/secret-|Hidden/);
    expect(typeof route.version).toBe('string');
  });

  it('gives /reviews the newest 20 of many, with the count and average of all (the carousel fetches the rest)', async () => {
    await setup();
    await db()
      .insert(customerReviews)
      .values(
        Array.from({ length: 45 }, (_, i) => aReview({ rating: i < 5 ? 4 : 5, customerName: `Seller no. ${i + 1}` })),
      );
    const data = (await pageData('/reviews')).routes[REVIEWS_PAGE_ROUTE_ID]!.data as PublicReviewList;
    expect(data.count).toBe(45);
    expect(data.average).toBe(4.9);
    expect(data.reviews.map((review) => review.customerName)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Seller no. ${45 - i}`),
    );
  });

  it('gives the home page the newest 10 under `reviews`, with the count and average of all', async () => {
    await setup();
    await db()
      .insert(customerReviews)
      .values(Array.from({ length: 12 }, (_, i) => aReview({ rating: i < 6 ? 4 : 5 })));
    const answer = await pageData('/');
    const data = answer.routes[HOME_PAGE_ROUTE_ID]!.data as HomePageData;
    expect(data.reviews.reviews).toHaveLength(10);
    expect(data.reviews.count).toBe(12);
    expect(data.reviews.average).toBe(4.5);
    expect(Object.keys(data)).toEqual(['reviews', 'vehicles']);
  });

  it('changes the version when a review is published, unpublished or edited, and not otherwise', async () => {
    await setup();
    const [review] = await db()
      .insert(customerReviews)
      .values(aReview({ isPublished: false }))
      .returning();
    const version = async () => (await pageData('/reviews')).routes[REVIEWS_PAGE_ROUTE_ID]!.version;
    const empty = await version();
    expect(await version()).toBe(empty);
    const set = (changes: Partial<NewCustomerReview>, at: string) =>
      db()
        .update(customerReviews)
        .set({ ...changes, updatedAt: new Date(at) })
        .where(eq(customerReviews.id, review!.id));
    await set({ isPublished: true }, '2026-03-02T10:00:00Z');
    const shown = await version();
    expect(shown).not.toBe(empty);
    await set({ isPublished: false }, '2026-03-02T11:00:00Z');
    const hidden = await version();
    expect([empty, shown]).not.toContain(hidden);
  });

  it('renders both pages with their data collected (the routes have no client loader yet)', async () => {
    await setup();
    await db().insert(customerReviews).values(aReview());
    for (const url of ['/reviews', '/']) {
      const response = await t!.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).not.toMatch(/secret-/);
    }
  });
});
