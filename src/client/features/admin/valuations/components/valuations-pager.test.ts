import { describe, expect, it } from 'vitest';
import { formatTotal } from './valuations-pager';

describe('formatTotal', () => {
  it('writes the exact count, or "1,000+" once the server stopped counting', () => {
    expect(formatTotal(1234, false)).toBe('1,234');
    expect(formatTotal(1_000, true)).toBe('1,000+');
  });
});
