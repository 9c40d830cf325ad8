import { DEFAULT_PROMOTION } from '~/shared/promotion';
import { OPENING_HOURS, type SiteConfig } from '~/shared/site-config';

/**
 * Site details as a test needs them: none of the optional ones (phone, e-mail, WhatsApp, company,
 * FCA and ICO numbers) unless `overrides` gives them, the launch offer over, not in demo mode.
 */
export function testSite(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    tradingName: 'Test Motors',
    address: { lines: ['Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
    openingHours: OPENING_HOURS,
    promotion: { ...DEFAULT_PROMOTION, phase: 'ended' },
    publicBaseUrl: 'https://www.test.invalid',
    demo: false,
    callRecording: false,
    ...overrides,
  };
}

/** A phone number and e-mail address for tests, from Ofcom's drama range and a reserved domain. */
export const testContactDetails = {
  phone: { display: '020 7946 0123', e164: '+442079460123' },
  email: 'hello@test.invalid',
} satisfies Partial<SiteConfig>;
