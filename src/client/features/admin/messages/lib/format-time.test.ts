import { describe, expect, it } from 'vitest';
import { formatKilobytes, formatUkDateTime, formatUkTime } from './format-time';

describe('formatUkDateTime: day and time in UK time', () => {
  it('writes British Summer Time an hour ahead of UTC', () => {
    expect(formatUkDateTime('2025-07-04T09:30:15.000Z')).toBe('04 Jul 2025, 10:30');
    expect(formatUkDateTime('2025-07-04T09:30:15.000Z', { seconds: true })).toBe('04 Jul 2025, 10:30:15');
  });

  it('crosses midnight with the date', () => {
    expect(formatUkDateTime('2025-08-31T23:05:00.000Z')).toBe('01 Sep 2025, 00:05');
  });

  it('writes winter times as UTC, on a 24-hour clock', () => {
    expect(formatUkTime('2025-12-01T18:07:00.000Z')).toBe('18:07');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatUkDateTime('soon')).toBe('');
    expect(formatUkTime('soon')).toBe('');
  });
});

describe('formatKilobytes', () => {
  it.each([
    [0, '0 KB'],
    [20, '0.1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [2_500_000, '2,441 KB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatKilobytes(bytes)).toBe(text);
  });
});
