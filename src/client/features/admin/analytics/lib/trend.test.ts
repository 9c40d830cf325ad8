import { describe, expect, it } from 'vitest';
import type { DailyStat } from '~/shared/analytics';
import { busiestDay, chronological, hasVisits, trendRows } from './trend';

/** `count` days ending on 30 November 2025, newest first, as the API sends them. */
function days(count: number, visitors: (index: number) => number = () => 0): DailyStat[] {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(2025, 10, 30 - index)).toISOString().slice(0, 10);
    return { date, visitors: visitors(index), pageViews: visitors(index) * 2 };
  });
}

describe('the trend', () => {
  it('draws the days oldest first', () => {
    const chart = chronological(days(30));
    expect(chart[0]?.date).toBe('2025-11-01');
    expect(chart.at(-1)?.date).toBe('2025-11-30');
  });

  it('lists the newest 10 days in the table (SPEC section 9)', () => {
    const rows = trendRows(chronological(days(30)));
    expect(rows).toHaveLength(10);
    expect(rows[0]?.date).toBe('2025-11-30');
    expect(rows[9]?.date).toBe('2025-11-21');
  });

  it('lists every day of a short range', () => {
    expect(trendRows(days(7))).toHaveLength(7);
  });

  it('knows when nothing was counted', () => {
    expect(hasVisits({ visitors: 0, pageViews: 0 })).toBe(false);
    expect(hasVisits({ visitors: 1, pageViews: 1 })).toBe(true);
  });

  it('finds the busiest day, the latest of equals', () => {
    expect(busiestDay(days(7))).toBeUndefined();
    expect(busiestDay(days(7, (index) => (index === 3 || index === 5 ? 9 : 1)))?.date).toBe('2025-11-27');
  });
});
