import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '~/shared/calendar-date';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { UK_TIME_ZONE, ukMidnight } from './uk-time-zone';

describe.each(testEngines)('ukMidnight on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  }, 60_000);
  afterAll(() => t?.cleanup());

  it('is the instant PostgreSQL gives for London’s midnight on every day of 2026 and 2027, both clock changes included', async () => {
    const result = await t.database.db.execute<{ day: string; midnight: string }>(sql`
      select to_char(d, 'YYYY-MM-DD') as "day",
        to_char((d::timestamp at time zone ${UK_TIME_ZONE}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as "midnight"
      from generate_series(date '2026-01-01', date '2027-12-31', interval '1 day') as d`);
    expect(result.rows).toHaveLength(730);
    const mismatched = result.rows.filter(({ day, midnight }) => ukMidnight(day).toISOString() !== midnight);
    expect(mismatched).toEqual([]);
  });
});

describe('ukMidnight', () => {
  it('is 00:00 UTC in winter and 23:00 UTC the day before in summer, the change days included', () => {
    expect(ukMidnight('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z'); // clocks go forward at 01:00
    expect(ukMidnight('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(ukMidnight('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z'); // clocks go back at 02:00 BST
    expect(ukMidnight('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect(ukMidnight(addDays('2026-12-31', 1)).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
