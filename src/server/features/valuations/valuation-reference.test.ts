import { describe, expect, it } from 'vitest';
import { VALUATION_REFERENCE_ALPHABET, VALUATION_REFERENCE_PATTERN } from '~/shared/valuation-reference';
import { newValuationReference } from './valuation-reference';

describe('newValuationReference', () => {
  it('draws well-formed references from the whole alphabet, seldom the same twice', () => {
    const drawn = Array.from({ length: 2_000 }, () => newValuationReference());
    expect(drawn.filter((reference) => !VALUATION_REFERENCE_PATTERN.test(reference))).toEqual([]);
    // 2,000 draws from 482 million: a repeat has a chance of about 1 in 240.
    expect(new Set(drawn).size).toBeGreaterThanOrEqual(1_999);
    // Every character of the alphabet turns up after the prefix.
    const used = new Set(drawn.flatMap((reference) => [...reference.slice('CB-'.length).replace('-', '')]));
    expect([...VALUATION_REFERENCE_ALPHABET].filter((character) => !used.has(character))).toEqual([]);
  });
});
