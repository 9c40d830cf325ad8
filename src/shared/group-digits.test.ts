import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits';

describe('groupDigits', () => {
  it('writes whole numbers as en-GB does', () => {
    for (const n of [0, 7, 100, 999, 1000, 2000, 65535, 999999, 1000000, 12345678]) {
      expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en-GB'));
    }
  });
});
