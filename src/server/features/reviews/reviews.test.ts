import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { customerReviews, type NewCustomerReview } from '~/server/db/schema';
import { reviewMessages as m, type AdminReview, type AdminReviewList, type PublicReviewList } from '~/shared/reviews';
import { kitMessages } from '~/shared/schema-kit';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, hours, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { REVIEW_RATE_LIMIT_MESSAGE } from './reviews-routes';

/**
 * Customer reviews (issue 12) through the API: the public list shows only approved and published
 * reviews and never the e-mail or notes; submissions are checked with SPEC's messages, stored as
 * pending, rate-limited and honeypotted; staff approve, reject, publish and unpublish with 409s
 * for every transition the lifecycle does not allow.
 */

const ORIGIN = 'http://localhost';
const NOW = new Date('2026-03-02T09:00:00Z');

const validReview = () => ({
  customerName: 'Jo Bloggs',
  email: 'Jo@Example.com',
  rating: 5,
  reviewTitle: 'Quick and fair',
  reviewText: 'Collected from my drive the next day.',
  location: 'Louth',
  vehicleSold: '2018 Ford Focus',
});

/** A stored review; each one minute after the one before unless told. */
let minute = 0;
function aReview(overrides: Partial<NewCustomerReview> = {}): NewCustomerReview {
  minute += 1;
  return {
    customerName: 'Sam Seller',
    email: 'sam@example.com',
    rating: 4,
    reviewTitle: 'Great service',
    reviewText: 'Paid the same day.',
    submittedAt: new Date(Date.UTC(2026, 2, 1, 9, minute)),
    ...overrides,
  };
}
const published = { isApproved: true, isPublished: true } as const;

const PUBLIC_KEYS = [
  'customerName',
  'id',
  'location',
  'rating',
  'reviewText',
  'reviewTitle',
  'submittedAt',
  'vehicleSold',
].sort();

describe.each(testEngines)('reviews API on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let cookie: string;
  let adminId: number;
  let adminName: string;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup(options: { limit?: number } = {}) {
    t = await createTestApp(engine, {
      deps: {
        passwordHasher: hasher,
        clock: testClock(NOW),
        // Rows are written directly here, as another process would: the published list is read afresh.
        reviews: {
          publishedMaxAgeMs: 0,
          ...(options.limit ? { submitLimit: { limit: options.limit, windowMs: hours(1) } } : {}),
        },
      },
    });
    const admin = await seedUser(db(), hasher);
    adminId = admin.id;
    adminName = admin.username;
    cookie = await signedInCookie(t.app, admin);
  }

  const db = () => t!.db.database.db;
  const submit = (body: unknown, ip = '203.0.113.7') =>
    t!.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: body as object,
      headers: { origin: ORIGIN },
      remoteAddress: ip,
    });
  const getPublic = () => t!.app.inject({ method: 'GET', url: '/api/reviews' });
  const adminList = (query = '') =>
    t!.app.inject({ method: 'GET', url: `/api/admin/reviews${query}`, headers: { cookie } });
  const moderate = (id: number, action: string, body?: object) =>
    t!.app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${id}/${action}`,
      headers: { cookie, origin: ORIGIN },
      ...(body ? { payload: body } : {}),
    });

  async function insert(...rows: Partial<NewCustomerReview>[]) {
    return db()
      .insert(customerReviews)
      .values(rows.map((row) => aReview(row)))
      .returning();
  }
  async function stored(id: number) {
    const [row] = await db().select().from(customerReviews).where(eq(customerReviews.id, id));
    return row!;
  }
  async function rowCount() {
    const [counted] = await db().select({ n: count() }).from(customerReviews);
    return counted!.n;
  }
  function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ message });
  }

  describe('GET /api/reviews', () => {
    it('lists only approved, published, unrejected reviews, newest first, without e-mail or notes', async () => {
      await setup();
      const [older, , , newer] = await insert(
        { ...published, rating: 5, customerName: 'Older', adminNotes: 'secret-note-1' },
        { isApproved: false, customerName: 'Pending' },
        { isApproved: true, isPublished: false, customerName: 'Approved only' },
        { ...published, rating: 4, customerName: 'Newer', location: 'Grimsby', vehicleSold: 'a Kia' },
        // A state moderation never makes, kept out all the same.
        { ...published, rejectedAt: NOW, customerName: 'Rejected' },
      );
      const response = await getPublic();
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const body = response.json<PublicReviewList>();
      expect(body.reviews.map((review) => review.customerName)).toEqual(['Newer', 'Older']);
      expect(body.count).toBe(2);
      expect(body.average).toBe(4.5);
      for (const review of body.reviews) expect(Object.keys(review).sort()).toEqual(PUBLIC_KEYS);
      expect(body.reviews[0]).toEqual({
        id: newer!.id,
        rating: 4,
        reviewTitle: 'Great service',
        reviewText: 'Paid the same day.',
        customerName: 'Newer',
        location: 'Grimsby',
        vehicleSold: 'a Kia',
        submittedAt: newer!.submittedAt.toISOString(),
      });
      expect(body.reviews[1]!.id).toBe(older!.id);
      expect(response.body).not.toContain('@example.com');
      expect(response.body).not.toContain('secret-note');
    });

    it('gives the average to one decimal, and null with no reviews', async () => {
      await setup();
      expect((await getPublic()).json()).toEqual({ reviews: [], count: 0, average: null });
      await insert({ ...published, rating: 5 }, { ...published, rating: 4 }, { ...published, rating: 4 });
      expect((await getPublic()).json<PublicReviewList>().average).toBe(4.3);
    });
  });

  describe('GET /api/reviews?offset=&limit=', () => {
    const slice = (query: string) => t!.app.inject({ method: 'GET', url: `/api/reviews?${query}` });

    it('gives a slice of the newest 200, newest first, with the count and average of all', async () => {
      await setup();
      await insert(...Array.from({ length: 205 }, (_, i) => ({ ...published, reviewTitle: `Review no. ${i + 1}` })));
      const titles = async (query: string) => {
        const response = await slice(query);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<PublicReviewList>();
        expect(body.count).toBe(205);
        return body.reviews.map((review) => review.reviewTitle);
      };
      expect(await titles('offset=20&limit=3')).toEqual(['Review no. 185', 'Review no. 184', 'Review no. 183']);
      expect(await titles('limit=2')).toEqual(['Review no. 205', 'Review no. 204']);
      // The reach ends at the 200th newest, whatever the limit.
      expect(await titles('offset=190&limit=20')).toHaveLength(10);
      expect(await titles('offset=199')).toEqual(['Review no. 6']);
      expect(await titles('')).toHaveLength(200);
    });

    it.each([
      ['offset=-1', 'Offset must be a whole number from 0 to 199.'],
      ['offset=200', 'Offset must be a whole number from 0 to 199.'],
      ['offset=1.5', 'Offset must be a whole number from 0 to 199.'],
      ['limit=0', 'Limit must be a whole number from 1 to 200.'],
      ['limit=201', 'Limit must be a whole number from 1 to 200.'],
      ['limit=ten', 'Limit must be a whole number from 1 to 200.'],
    ])('refuses %s with a message', async (query, message) => {
      await setup();
      expectRefused(await slice(query), 400, message);
    });
  });

  describe('POST /api/reviews', () => {
    it('stores a pending review, trimmed, and answers 201 { ok: true }', async () => {
      await setup();
      const response = await submit({
        ...validReview(),
        customerName: '  Jo Bloggs ',
        location: '  ',
        isApproved: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ ok: true });
      const [row] = await db().select().from(customerReviews);
      expect(row).toMatchObject({
        customerName: 'Jo Bloggs',
        email: 'jo@example.com',
        rating: 5,
        location: null,
        vehicleSold: '2018 Ford Focus',
        isApproved: false,
        isPublished: false,
        rejectedAt: null,
        submittedAt: NOW,
        updatedAt: NOW,
      });
      expect((await getPublic()).json<PublicReviewList>().count).toBe(0);
      expect(t!.logs.text()).toContain('review submitted');
    });

    const longer = (n: number) => 'x'.repeat(n + 1);
    const invalid: [string, unknown, string][] = [
      ['customerName', 'J', m.nameTooShort],
      ['customerName', '  J  ', m.nameTooShort],
      ['customerName', undefined, m.nameTooShort],
      ['customerName', longer(100), m.nameTooLong],
      ['email', 'not-an-address', m.emailInvalid],
      ['email', '', m.emailInvalid],
      ['email', undefined, m.emailInvalid],
      ['rating', undefined, m.ratingRequired],
      ['rating', 0, m.ratingRequired],
      ['rating', 2.5, m.ratingRequired],
      ['rating', '5', m.ratingRequired],
      ['rating', 6, m.ratingTooHigh],
      ['reviewTitle', 'Good', m.titleTooShort],
      ['reviewTitle', longer(100), m.titleTooLong],
      ['reviewText', '   ', m.textRequired],
      ['reviewText', undefined, m.textRequired],
      ['reviewText', longer(1000), m.textTooLong],
      ['location', longer(100), m.locationTooLong],
      ['vehicleSold', longer(100), m.vehicleTooLong],
      ['customerName', 'Jo\u0007', kitMessages.unsafeCharacters],
    ];
    it.each(invalid)('refuses %s = %j with SPEC’s message and stores nothing', async (field, value, message) => {
      await setup();
      const response = await submit({ ...validReview(), [field]: value });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toContainEqual({ path: field, message });
      expect(await rowCount()).toBe(0);
    });

    it('answers a filled honeypot as a success, stores nothing and logs it', async () => {
      await setup();
      const response = await submit({ ...validReview(), website: 'http://spam.example' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true });
      expect(await rowCount()).toBe(0);
      const logged = t!.logs.lines.map((line) => JSON.parse(line)).find((line) => /honeypot/.test(line.msg));
      expect(logged?.level).toBe(30);
      // An empty honeypot is a person.
      expect((await submit({ ...validReview(), website: '' })).statusCode).toBe(201);
      expect(await rowCount()).toBe(1);
    });

    it('limits submissions per client address with 429, a clear message and Retry-After', async () => {
      await setup({ limit: 2 });
      expect((await submit(validReview())).statusCode).toBe(201);
      expect((await submit({ ...validReview(), rating: 9 })).statusCode).toBe(400); // bad ones count too
      const limited = await submit(validReview());
      expectRefused(limited, 429, REVIEW_RATE_LIMIT_MESSAGE);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await submit(validReview(), '198.51.100.9')).statusCode).toBe(201);
      expect(await rowCount()).toBe(2);
    });
  });

  describe('moderation', () => {
    it('lists pending and approved reviews, newest first, paginated, with both counts', async () => {
      await setup();
      const [p1, p2, , a1, a2] = await insert(
        { customerName: 'P1', email: 'p1@example.com', adminNotes: 'note' },
        { customerName: 'P2' },
        { customerName: 'Rejected', rejectedAt: NOW, rejectedBy: adminId, adminNotes: 'spam' },
        { customerName: 'A1', isApproved: true, approvedAt: NOW, approvedBy: adminId },
        { customerName: 'A2', ...published },
      );
      const pending = await adminList();
      expect(pending.statusCode, pending.body).toBe(200);
      expect(pending.headers['cache-control']).toBe('no-store');
      const pendingBody = pending.json<AdminReviewList>();
      expect(pendingBody.items.map((item) => item.id)).toEqual([p2!.id, p1!.id]);
      expect(pendingBody).toMatchObject({ page: 1, total: 2, pageCount: 1, counts: { pending: 2, approved: 2 } });
      expect(pendingBody.items[1]).toMatchObject({
        email: 'p1@example.com',
        adminNotes: 'note',
        isApproved: false,
        isPublished: false,
        approvedAt: null,
        approvedBy: null,
      });

      const approved = (await adminList('?status=approved&pageSize=1&page=2')).json<AdminReviewList>();
      expect(approved.items.map((item) => item.id)).toEqual([a1!.id]);
      expect(approved.items[0]).toMatchObject({ approvedBy: adminName, approvedAt: NOW.toISOString() });
      expect(approved).toMatchObject({ page: 2, pageSize: 1, total: 2, pageCount: 2 });
      const first = (await adminList('?status=approved')).json<AdminReviewList>();
      expect(first.items.map((item) => item.id)).toEqual([a2!.id, a1!.id]);

      expectRefused(await adminList('?status=rejected'), 400, 'Status must be pending or approved.');
    });

    it('approves, publishes, unpublishes and publishes again, recording who approved', async () => {
      await setup();
      const [review] = await insert({});
      const id = review!.id;

      const approved = await moderate(id, 'approve', { adminNotes: '  Checked the sale.  ' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<AdminReview>()).toMatchObject({
        id,
        isApproved: true,
        isPublished: false,
        approvedAt: NOW.toISOString(),
        approvedBy: adminName,
        adminNotes: 'Checked the sale.',
      });
      expect(await stored(id)).toMatchObject({ approvedBy: adminId, approvedAt: NOW, updatedAt: NOW });
      expect((await getPublic()).json<PublicReviewList>().count).toBe(0);

      const publishedNow = await moderate(id, 'publish');
      expect(publishedNow.statusCode, publishedNow.body).toBe(200);
      expect(publishedNow.json<AdminReview>()).toMatchObject({ isApproved: true, isPublished: true });
      expect((await getPublic()).json<PublicReviewList>().reviews.map((r) => r.id)).toEqual([id]);

      const unpublished = await moderate(id, 'unpublish');
      expect(unpublished.json<AdminReview>()).toMatchObject({ isApproved: true, isPublished: false });
      expect((await getPublic()).json<PublicReviewList>().count).toBe(0);
      expect((await moderate(id, 'publish')).statusCode).toBe(200);
    });

    it('approves without notes, keeping none', async () => {
      await setup();
      const [review] = await insert({});
      const response = await moderate(review!.id, 'approve', {});
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AdminReview>()).toMatchObject({ isApproved: true, adminNotes: null });
    });

    it('rejects with notes, recording who and when; the review leaves both lists and is never public', async () => {
      await setup();
      const [review] = await insert({});
      const id = review!.id;
      const response = await moderate(id, 'reject', { adminNotes: 'Not a customer of ours.' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AdminReview>()).toMatchObject({
        id,
        isApproved: false,
        adminNotes: 'Not a customer of ours.',
      });
      expect(await stored(id)).toMatchObject({
        rejectedAt: NOW,
        rejectedBy: adminId,
        adminNotes: 'Not a customer of ours.',
        isApproved: false,
        isPublished: false,
      });
      const pending = (await adminList()).json<AdminReviewList>();
      expect(pending.items).toEqual([]);
      expect(pending.counts).toEqual({ pending: 0, approved: 0 });
      expect((await adminList('?status=approved')).json<AdminReviewList>().items).toEqual([]);
      for (const action of ['approve', 'publish', 'unpublish']) {
        expectRefused(await moderate(id, action, action === 'approve' ? {} : undefined), 409, m.alreadyRejected);
      }
      expectRefused(await moderate(id, 'reject', { adminNotes: 'again' }), 409, m.alreadyRejected);
    });

    it.each([
      ['no body', undefined],
      ['no notes', {}],
      ['blank notes', { adminNotes: '   ' }],
      ['null notes', { adminNotes: null }],
    ])('refuses a rejection with %s (400) and changes nothing', async (_label, body) => {
      await setup();
      const [review] = await insert({});
      const response = await moderate(review!.id, 'reject', body);
      expect(response.statusCode, response.body).toBe(400);
      if (body) expect(response.json()).toMatchObject({ message: m.notesRequired });
      const row = await stored(review!.id);
      expect(row).toMatchObject({ rejectedAt: null, rejectedBy: null, adminNotes: null, updatedAt: review!.updatedAt });
    });

    it('refuses every transition the lifecycle does not allow with 409 and its message', async () => {
      await setup();
      const [pending, approved, live] = await insert(
        {},
        { isApproved: true, approvedAt: NOW, approvedBy: adminId },
        { ...published, approvedAt: NOW, approvedBy: adminId },
      );
      expectRefused(await moderate(pending!.id, 'publish'), 409, m.notApproved);
      expectRefused(await moderate(pending!.id, 'unpublish'), 409, m.notPublished);
      expectRefused(await moderate(approved!.id, 'approve', {}), 409, m.alreadyApproved);
      expectRefused(await moderate(approved!.id, 'reject', { adminNotes: 'no' }), 409, m.publishedReject);
      expectRefused(await moderate(approved!.id, 'unpublish'), 409, m.notPublished);
      expectRefused(await moderate(live!.id, 'publish'), 409, m.alreadyPublished);
      expectRefused(await moderate(live!.id, 'approve', {}), 409, m.alreadyApproved);
      expectRefused(await moderate(live!.id, 'reject', { adminNotes: 'no' }), 409, m.publishedReject);
      for (const row of [pending!, approved!, live!]) {
        expect((await stored(row.id)).updatedAt).toEqual(row.updatedAt);
      }
    });

    it('answers 404 for an unknown review and 400 for a bad id', async () => {
      await setup();
      for (const action of ['approve', 'reject', 'publish', 'unpublish']) {
        const body = action === 'approve' || action === 'reject' ? { adminNotes: 'x' } : undefined;
        expectRefused(await moderate(424242, action, body), 404, m.notFound);
      }
      expect(
        (
          await t!.app.inject({
            method: 'PATCH',
            url: '/api/admin/reviews/abc/publish',
            headers: { cookie, origin: ORIGIN },
          })
        ).statusCode,
      ).toBe(400);
    });

    it('gives one success and one 409 when two admins publish at once', async () => {
      await setup();
      const [review] = await insert({ isApproved: true });
      const answers = await Promise.all([moderate(review!.id, 'publish'), moderate(review!.id, 'publish')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    });

    it('refuses anonymous callers (401) and non-admins (403)', async () => {
      await setup();
      const [review] = await insert({});
      const staff = await seedUser(db(), hasher, { isAdmin: false });
      const staffCookie = await signedInCookie(t!.app, staff);
      const anonymous = await t!.app.inject({ method: 'GET', url: '/api/admin/reviews' });
      expect(anonymous.statusCode).toBe(401);
      const forbidden = await t!.app.inject({
        method: 'PATCH',
        url: `/api/admin/reviews/${review!.id}/approve`,
        headers: { cookie: staffCookie, origin: ORIGIN },
        payload: {},
      });
      expect(forbidden.statusCode).toBe(403);
      expect((await stored(review!.id)).isApproved).toBe(false);
    });
  });
});
