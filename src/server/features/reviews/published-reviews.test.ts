import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerReviews } from '~/server/db/schema';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { createPublishedReviews } from './published-reviews';

const published = (title: string) => ({
  customerName: 'Sam Seller',
  email: 'sam@example.com',
  rating: 4,
  reviewTitle: title,
  reviewText: 'Quick and fair.',
  isApproved: true,
  isPublished: true,
});

describe.each(testEngines)('the kept list of published reviews on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t?.cleanup());

  it('is read once for its age, afresh after it or when invalidated, and cut to what a page shows', async () => {
    let now = 0;
    const source = createPublishedReviews(t.database.db, { maxAgeMs: 10_000, monotonicMs: () => now });
    await t.database.db.insert(customerReviews).values([published('First'), published('Second')]);
    const [a, b] = await Promise.all([source.get(200), source.get(1)]);
    expect(a.count).toBe(2);
    expect(b.reviews).toHaveLength(1);

    await t.database.db.insert(customerReviews).values(published('Third'));
    now = 9_000;
    expect((await source.get(200)).count).toBe(2); // another process's change, not seen yet
    now = 10_001;
    expect((await source.get(200)).count).toBe(3); // seen once the kept list is too old

    await t.database.db.insert(customerReviews).values(published('Fourth'));
    source.invalidate(); // as moderation in this process does
    expect((await source.get(200)).count).toBe(4);
  });
});
