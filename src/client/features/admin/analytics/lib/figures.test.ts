import { describe, expect, it } from 'vitest';
import { dailyAverage, formatCount, noVisitsText, pageViewCount, visitorCount } from './figures';

describe('dailyAverage (SPEC section 9)', () => {
  it('divides the visitors by the days of the range and rounds', () => {
    expect(dailyAverage(300, 30)).toBe(10);
    expect(dailyAverage(10, 7)).toBe(1); // 1.43
    expect(dailyAverage(11, 7)).toBe(2); // 1.57
    expect(dailyAverage(45, 90)).toBe(1); // 0.5 rounds up
  });

  it('is 0 with no visitors or no days', () => {
    expect(dailyAverage(0, 30)).toBe(0);
    expect(dailyAverage(5, 0)).toBe(0);
  });
});

describe('counts', () => {
  it('groups thousands the UK way', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('says visitor and page view in the singular for one', () => {
    expect(visitorCount(1)).toBe('1 visitor');
    expect(visitorCount(1200)).toBe('1,200 visitors');
    expect(pageViewCount(1)).toBe('1 page view');
    expect(pageViewCount(0)).toBe('0 page views');
  });

  it('writes the empty state for the range', () => {
    expect(noVisitsText(30)).toBe('No visits recorded in the last 30 days yet.');
  });
});
