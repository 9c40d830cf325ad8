import { describe, expect, it } from 'vitest';
import { vehicleLookupMessages } from '~/shared/vehicle-lookup';
import {
  decideTypedLookup,
  lookupOutcome,
  manualEntryMessages,
  prefilledLookupTarget,
  typedLookupTarget,
} from './vehicle-lookup';

describe('lookup decisions', () => {
  it('a typed registration is looked up from 6 characters, spaces and case ignored', () => {
    expect(typedLookupTarget('ab12c')).toBeNull();
    expect(typedLookupTarget('ab12 cd')).toBe('AB12CD');
    expect(typedLookupTarget('AB12-CDE')).toBeNull();
    expect(typedLookupTarget('ABCDEFG')).toBeNull(); // no digit: not a UK registration
  });

  it('a prefilled registration is looked up from 3 characters', () => {
    expect(prefilledLookupTarget('a1')).toBeNull();
    expect(prefilledLookupTarget('a1b')).toBe('A1B');
  });

  it('keeps the answer while the registration is the same, drops it when it changes', () => {
    const found = {
      status: 'found',
      registration: 'AA19AAA',
      vehicle: { success: true, registration: 'AA19AAA' },
    } as const;
    expect(decideTypedLookup('aa19 aaa', found)).toEqual({ keep: true, lookUp: null });
    expect(decideTypedLookup('AA19AAB', found)).toEqual({ keep: false, lookUp: 'AA19AAB' });
    expect(decideTypedLookup('AA19', found)).toEqual({ keep: false, lookUp: null });
    expect(decideTypedLookup('AA19AAA', { status: 'idle' })).toEqual({ keep: false, lookUp: 'AA19AAA' });
  });
});

describe('lookupOutcome', () => {
  it('found, type it yourself (404, not configured), or cleared quietly', () => {
    const vehicle = { success: true, registration: 'AA19AAA', make: 'FORD', year: 2019 };
    expect(lookupOutcome('AA19AAA', 200, vehicle)).toEqual({ status: 'found', registration: 'AA19AAA', vehicle });
    expect(lookupOutcome('ZZ', 404, { success: false, message: vehicleLookupMessages.notFound })).toEqual({
      status: 'manual',
      registration: 'ZZ',
      message: vehicleLookupMessages.notFound,
    });
    expect(lookupOutcome('ZZ', 503, { success: false, message: vehicleLookupMessages.notConfigured })).toEqual({
      status: 'manual',
      registration: 'ZZ',
      message: manualEntryMessages.notConfigured,
    });
    expect(lookupOutcome('ZZ', 503, { success: false, message: 'DVLA is down' })).toEqual({ status: 'idle' });
    expect(lookupOutcome('ZZ', 429, null)).toEqual({ status: 'idle' });
    expect(lookupOutcome('ZZ', 200, { nonsense: true })).toEqual({ status: 'idle' });
  });
});
