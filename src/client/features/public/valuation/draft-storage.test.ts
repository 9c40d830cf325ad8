import { describe, expect, it } from 'vitest';
import { attemptFor, parseDraft } from './draft-storage';
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
