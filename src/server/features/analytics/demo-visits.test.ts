import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/database';
import { hasVisits, seedDemoVisits } from './demo-visits';

describe("the demo's made-up visits", () => {
  let t: TestDatabase | undefined;
  afterEach(async () => t?.cleanup());

  it('fill 90 days up to now, none in the future, into empty tables only', async () => {
    t = await createTestDatabase('pglite');
    const now = new Date('2026-03-02T10:00:00Z');
    expect(await hasVisits(t.database)).toBe(false);
    const views = await seedDemoVisits(t.database, { now, days: 90, perDay: 20, seed: 7 });
    expect(await hasVisits(t.database)).toBe(true);
    const { rows } = await t.database.db.execute<{ days: number; views: number; latest: Date | string }>(
      sql`select (select count(*)::int from analytics_daily_totals) as days,
        (select sum(page_views)::int from analytics_daily_totals) as views,
        (select max(visited_at) from visitor_analytics) as latest`,
    );
    expect(rows[0]!.days).toBe(90);
    expect(rows[0]!.views).toBe(views);
    expect(new Date(rows[0]!.latest).getTime()).toBeLessThanOrEqual(now.getTime());
  });
});
