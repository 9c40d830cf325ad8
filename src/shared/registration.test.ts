import { describe, expect, it } from 'vitest';
import { displayRegistration, registrationMessages, storageRegistration } from './registration';
import { registrationSchema } from './registration-schema';

describe('registrations', () => {
  it('display form: upper case, no leading spaces, single spaces, at most 8 characters', () => {
    expect(displayRegistration('  ab12   cde ')).toBe('AB12 CDE');
    expect(displayRegistration('ab12cdefgh')).toBe('AB12CDEF');
    expect(displayRegistration('ab12cdefgh', 10)).toBe('AB12CDEFGH');
  });

  it('storage form: upper case with no white space at all (DESIGN 6)', () => {
    expect(storageRegistration(' ab12 cde ')).toBe('AB12CDE');
    expect(storageRegistration('a\tb\nc')).toBe('ABC');
  });

  it('the schema stores what was typed in storage form, with SPEC messages', () => {
    expect(registrationSchema.parse(' ab12 cde')).toBe('AB12CDE');
    const message = (value: unknown) => registrationSchema.safeParse(value).error?.issues[0]?.message;
    expect(message('   ')).toBe(registrationMessages.required);
    expect(message(undefined)).toBe(registrationMessages.required);
    expect(message('ABCDEFGHIJK')).toBe(registrationMessages.tooLong);
    expect(message('AB1\u00002CD')).toBe(registrationMessages.characters);
    expect(message('AB-12')).toBe(registrationMessages.characters);
  });
});
