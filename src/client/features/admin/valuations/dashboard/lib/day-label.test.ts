import { describe, expect, it } from 'vitest';
import { longDayLabel, shortDayLabel, valuationCount } from './day-label';

describe('day labels of the weekly chart', () => {
  it('writes "Mon 23" for the axis', () => {
    expect(shortDayLabel('2025-06-23')).toBe('Mon 23');
    expect(shortDayLabel('2025-03-01')).toBe('Sat 1');
  });

  it('writes the day out for the table', () => {
    expect(longDayLabel('2025-06-23')).toBe('Monday 23 June');
  });

  it('keeps the date whatever zone the browser is in (the dates are UK days)', () => {
    // Around the clock change: 30 March 2025 is the Sunday the UK moves to summer time.
    expect(shortDayLabel('2025-03-30')).toBe('Sun 30');
  });

  it('counts valuations', () => {
    expect(valuationCount(1)).toBe('1 valuation');
    expect(valuationCount(1200)).toBe('1,200 valuations');
  });
});
