import { describe, expect, it } from 'vitest';
import { formatValuationReference, parseValuationReference, VALUATION_REFERENCE_PATTERN } from './valuation-reference';

describe('valuation references', () => {
  it('are written as CB and two groups of three', () => {
    expect(formatValuationReference('7K39QX')).toBe('CB-7K3-9QX');
    expect(VALUATION_REFERENCE_PATTERN.test('CB-7K3-9QX')).toBe(true);
  });

  it('leave out characters people mistake for others', () => {
    for (const lookalike of ['0', 'O', '1', 'I', 'L', '5', 'S', 'U']) {
      expect(VALUATION_REFERENCE_PATTERN.test(`CB-7K3-9Q${lookalike}`), lookalike).toBe(false);
    }
  });

  it('are read back however staff type them', () => {
    const typed = [
      'CB-7K3-9QX',
      'cb-7k3-9qx',
      'CB7K39QX',
      'cb 7k3 9qx',
      ' CB–7K3–9QX ',
      '7K3-9QX',
      '7k39qx',
      'Cb.7K3.9Qx',
    ];
    for (const text of typed) expect(parseValuationReference(text), text).toBe('CB-7K3-9QX');
    // U is never used, so it can only be a V misread.
    expect(parseValuationReference('cb-7k3-uqx')).toBe('CB-7K3-VQX');
  });

  it('are not found in text that cannot be one', () => {
    const notReferences = [
      '',
      'CB',
      'CB-7K3',
      'CB-7K3-9QXX',
      'DP-7K3-9QX',
      'CB-7K3-9Q0',
      'CB-7K3-9QO',
      'AB12CDE',
      'smith',
    ];
    for (const text of notReferences) expect(parseValuationReference(text), text).toBeNull();
  });
});
