import { describe, expect, it } from 'vitest';
import { parseRangeDays, withRangeDays } from './range';

describe('the range in the address', () => {
  it('reads one of the picker choices', () => {
    expect(parseRangeDays(new URLSearchParams('days=7'))).toBe(7);
    expect(parseRangeDays(new URLSearchParams('days=90'))).toBe(90);
  });

  it('falls back to 30 days when missing or not a choice', () => {
    expect(parseRangeDays(new URLSearchParams())).toBe(30);
    expect(parseRangeDays(new URLSearchParams('days=45'))).toBe(30);
    expect(parseRangeDays(new URLSearchParams('days=abc'))).toBe(30);
    expect(parseRangeDays(new URLSearchParams('days=7.5'))).toBe(30);
  });

  it('sets the range and keeps other parameters', () => {
    expect(withRangeDays(new URLSearchParams('x=1&days=30'), 7).toString()).toBe('x=1&days=7');
  });
});
