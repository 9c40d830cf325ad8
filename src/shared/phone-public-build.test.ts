import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { ukPhoneMetadata } from '../../scripts/lib/uk-phone-metadata-plugin';

// phone.ts as the public pages' build has it: +44's metadata alone (vite.config.ts, issue 33).
vi.mock('libphonenumber-js/min/metadata', async () => {
  const [metadata, plugin] = await Promise.all([
    import('libphonenumber-js/metadata.min.json'),
    import('../../scripts/lib/uk-phone-metadata-plugin'),
  ]);
  return { default: plugin.ukPhoneMetadata(metadata.default) };
});

const { formatPhone, isValidPhone, phoneSchema, toE164 } = await import('./phone');

describe('phone numbers in the public pages (UK metadata only)', () => {
  it('judges British numbers exactly as the server does', () => {
    expect(toE164('+44 (0)1507 123456')).toBe('+441507123456');
    expect(formatPhone('0044 7911 123456')).toBe('07911 123456');
    expect(isValidPhone('07911 123456')).toBe(true);
    expect(isValidPhone('01481 723456')).toBe(true); // Guernsey shares +44
    // Possible lengths that are not in the plan, and nonsense, are refused at once.
    expect(isValidPhone('01481 123456')).toBe(false);
    expect(isValidPhone('999')).toBe(false);
    expect(isValidPhone('phone me')).toBe(false);
    expect(phoneSchema.safeParse('07911 12345').success).toBe(false);
  });

  it("leaves a number written with another country's code for the server to judge", () => {
    expect(isValidPhone('+33 6 12 34 56 78')).toBe(true);
    expect(isValidPhone('001 202 555 0182')).toBe(true);
    expect(phoneSchema.safeParse('+1 202 555 0182').success).toBe(true);
  });

  it('holds only the plans of +44, which is a fraction of the whole', () => {
    // Read as Node reads it: the mock above stands for the same file inside this test.
    const full = createRequire(import.meta.url)('libphonenumber-js/metadata.min.json') as Parameters<
      typeof ukPhoneMetadata
    >[0];
    const uk = ukPhoneMetadata(full);
    expect(Object.keys(full.countries).length).toBeGreaterThan(200);
    expect(Object.keys(uk.countries).sort()).toEqual(['GB', 'GG', 'IM', 'JE']);
    expect(JSON.stringify(uk).length).toBeLessThan(JSON.stringify(full).length / 10);
  });
});
