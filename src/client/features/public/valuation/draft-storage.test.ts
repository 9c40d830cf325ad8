import { describe, expect, it } from 'vitest';
import { attemptFor, parseDraft, parseSubmitted } from './draft-storage';
import { emptyValues } from './wizard-form';

describe('parseDraft', () => {
  it('restores values, step, lookup and the submission attempt', () => {
    const values = { ...emptyValues('AB12 CDE'), mileage: '45000', contactPreference: ['call'], agreeToContact: true };
    const lookup = { status: 'manual', registration: 'AB12CDE', message: 'Tell us' } as const;
    const draft = { step: 2, values, lookup, prefill: 'AB12CDE', attempt: { key: 'k-12345678', body: '{}' } };
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it('drops what is broken or of the wrong type instead of failing', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('not json')).toBeNull();
    expect(parseDraft('[]')).toBeNull();
    const draft = parseDraft(
      JSON.stringify({
        step: 99,
        values: { mileage: 5, firstName: 'Sam', contactPreference: ['call', 3], agreeToContact: 'yes' },
        lookup: { status: 'found', registration: 'X', vehicle: { success: false } },
        attempt: { key: 1 },
      }),
    );
    expect(draft).toEqual({
      step: 3,
      values: { ...emptyValues(), firstName: 'Sam', contactPreference: ['call'] },
      lookup: { status: 'idle' },
      prefill: null,
      attempt: null,
    });
  });
});

describe('attemptFor', () => {
  const keys = ['first-key-1', 'second-key-2'];
  const makeKey = () => keys.shift()!;

  it('keeps the key for a retry of the same body and makes a new one when the body changed', () => {
    const first = attemptFor('{"a":1}', null, makeKey);
    expect(first).toEqual({ key: 'first-key-1', body: '{"a":1}' });
    expect(attemptFor('{"a":1}', first, makeKey)).toBe(first);
    expect(attemptFor('{"a":2}', first, makeKey)).toEqual({ key: 'second-key-2', body: '{"a":2}' });
  });
});

describe('parseSubmitted', () => {
  const created = {
    id: '0b6f7c1e-2d1a-4c3b-9a8e-5f4d3c2b1a09',
    reference: 'CB-7K3-9QX',
    uploadToken: 'tok_abcdefghijklmnopqrstu',
    indicativePrice: { lowPence: 625_000, highPence: 710_000, count: 7 },
  };
  const at = Date.UTC(2026, 10, 23, 12);
  const stored = (fields: object = {}) => JSON.stringify({ ...created, at, address: '/valuation', ...fields });

  it('gives back the request submitted on this address within the hour, without any upload token', () => {
    // `stored()` holds a token, as an older version wrote it: it is never read back (issue 32).
    const { uploadToken: _token, ...request } = created;
    expect(parseSubmitted(stored(), '/valuation', at + 59 * 60_000)).toEqual(request);
  });

  it('forgets it after an hour, on another address, or when it is broken', () => {
    expect(parseSubmitted(stored(), '/valuation', at + 61 * 60_000)).toBeNull();
    expect(parseSubmitted(stored(), '/valuation?registration=AB12CDE', at)).toBeNull();
    expect(parseSubmitted(stored({ id: '../../etc' }), '/valuation', at)).toBeNull();
    expect(parseSubmitted(stored({ reference: '<img src=x>' }), '/valuation', at)).toBeNull();
    expect(parseSubmitted('not json', '/valuation', at)).toBeNull();
    expect(parseSubmitted(null, '/valuation', at)).toBeNull();
  });

  it('keeps the reference, and takes one stored before references existed as nothing stored', () => {
    expect(parseSubmitted(stored(), '/valuation', at)?.reference).toBe('CB-7K3-9QX');
    const { reference: _none, ...older } = created;
    const before = JSON.stringify({ ...older, at, address: '/valuation' });
    expect(parseSubmitted(before, '/valuation', at)).toBeNull();
  });

  it('keeps the indicative price; one kept before it existed, or broken, is none', () => {
    expect(parseSubmitted(stored(), '/valuation', at)?.indicativePrice).toEqual(created.indicativePrice);
    for (const indicativePrice of [undefined, null, 'lots', { lowPence: 1, highPence: '2', count: 5 }]) {
      const request = parseSubmitted(stored({ indicativePrice }), '/valuation', at);
      expect(request, JSON.stringify(indicativePrice)).toMatchObject({
        reference: 'CB-7K3-9QX',
        indicativePrice: null,
      });
    }
  });
});
