import { describe, expect, it } from 'vitest';
import { formatUkDate, formatUkDateAndTime } from './format-date';

describe('formatUkDate: "dd MMM yyyy" in UK time', () => {
  it('writes day, short month and year', () => {
    expect(formatUkDate('2025-07-04T09:30:00.000Z')).toBe('04 Jul 2025');
  });

  it('uses "Sep", not en-GB\'s "Sept"', () => {
    expect(formatUkDate('2025-09-15T12:00:00.000Z')).toBe('15 Sep 2025');
  });

  it('shows the UK date: late on 31 August UTC is already 1 September in British Summer Time', () => {
    expect(formatUkDate('2025-08-31T23:30:00.000Z')).toBe('01 Sep 2025');
  });

  it('in winter UK time is UTC', () => {
    expect(formatUkDate('2025-12-31T23:30:00.000Z')).toBe('31 Dec 2025');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatUkDate('not a date')).toBe('');
  });
});

describe('formatUkDateAndTime: "dd MMM yyyy • HH:mm" in UK time', () => {
  it('writes the UK clock in 24 hours: 13:05 UTC in summer is 14:05', () => {
    expect(formatUkDateAndTime('2025-07-04T13:05:00.000Z')).toBe('04 Jul 2025 • 14:05');
  });

  it('midnight is 00:00, not 24:00, and the day moves with it', () => {
    expect(formatUkDateAndTime('2025-08-31T23:00:00.000Z')).toBe('01 Sep 2025 • 00:00');
  });

  it('in winter UK time is UTC', () => {
    expect(formatUkDateAndTime('2025-01-15T08:09:00.000Z')).toBe('15 Jan 2025 • 08:09');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatUkDateAndTime('nonsense')).toBe('');
  });
});
