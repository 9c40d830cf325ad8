import { describe, expect, it } from 'vitest';
import { axisDayLabel, dayLabel, longDayLabel, rangeLabel } from './day-label';

describe('day labels', () => {
  it('writes the table date as "Thu 26 Nov"', () => {
    expect(dayLabel('2026-11-26')).toBe('Thu 26 Nov');
    expect(dayLabel('2025-03-01')).toBe('Sat 1 Mar');
  });

  it('writes September as Sep, not Sept', () => {
    expect(dayLabel('2025-09-22')).toBe('Mon 22 Sep');
    expect(axisDayLabel('2025-09-22')).toBe('22 Sep');
  });

  it('keeps the date whatever zone the browser is in (the dates are UK days)', () => {
    // 30 March 2025 is the Sunday the UK moves to summer time.
    expect(dayLabel('2025-03-30')).toBe('Sun 30 Mar');
  });

  it('writes the day out for the tooltip', () => {
    expect(longDayLabel('2026-11-26')).toBe('Thursday 26 November 2026');
  });

  it('writes the range, with both years only across a new year', () => {
    expect(rangeLabel({ from: '2025-10-27', to: '2025-11-25' })).toBe('27 Oct to 25 Nov 2025');
    expect(rangeLabel({ from: '2024-12-28', to: '2025-01-26' })).toBe('28 Dec 2024 to 26 Jan 2025');
  });
});
