import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhone, phoneMessages, phoneSchema, toE164 } from './phone';

describe('phone numbers', () => {
  it('normalises the ways UK numbers are written to E.164', () => {
    for (const written of [
      '+44 (0)1507 123456',
      '01507 123456',
      '(01507) 123456',
      '0044 1507 123456',
      '+441507123456',
    ]) {
      expect(toE164(written)).toBe('+441507123456');
    }
    expect(toE164('07911 123456')).toBe('+447911123456');
    expect(toE164('+33 1 23 45 67 89')).toBe('+33123456789');
  });

  it('formats UK numbers the national way and others internationally', () => {
    expect(formatPhone('+447911123456')).toBe('07911 123456');
    expect(formatPhone('+33123456789')).toBe('+33 1 23 45 67 89');
  });

  it('gives nothing for what cannot be a phone number', () => {
    expect(parsePhone('123')).toBeUndefined();
    expect(parsePhone('not a number')).toBeUndefined();
    expect(parsePhone('0'.repeat(200))).toBeUndefined();
  });

  it('the schema takes real numbers, keeps them as typed, and uses SPEC messages', () => {
    expect(phoneSchema.parse(' 07911 123456 ')).toBe('07911 123456');
    const message = (value: unknown) => phoneSchema.safeParse(value).error?.issues[0]?.message;
    expect(message('')).toBe(phoneMessages.required);
    expect(message(undefined)).toBe(phoneMessages.required);
    expect(message('07911 12345')).toBe(phoneMessages.invalid);
    expect(message('0'.repeat(31))).toBe(phoneMessages.tooLong);
  });
});
