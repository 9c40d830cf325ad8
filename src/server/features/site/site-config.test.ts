import { describe, expect, it } from 'vitest';
import { RETENTION_DEFAULTS } from '~/shared/retention';
import { testConfig } from '../../../../test/helpers/app';
import { siteConfigAt } from './site-config';

describe('site phone numbers', () => {
  const site = (env: Record<string, string>) => siteConfigAt(testConfig(env))(new Date('2026-03-02T09:00:00Z'));

  it('turns the ways people write UK numbers into one E.164 number and one display form', () => {
    for (const written of [
      '+44 (0)1507 123456',
      '01507 123456',
      '(01507) 123456',
      '0044 1507 123456',
      '+441507123456',
    ]) {
      expect(site({ SITE_PHONE: written }).phone).toEqual({ display: '01507 123456', e164: '+441507123456' });
    }
  });

  it('does the same for the WhatsApp number', () => {
    expect(site({ SITE_WHATSAPP: '+44 (0) 7911 123456' }).whatsapp).toEqual({
      display: '07911 123456',
      e164: '+447911123456',
    });
  });

  it('leaves unset numbers off', () => {
    expect(site({}).phone).toBeUndefined();
  });
});

describe('demo mode in the site details', () => {
  const at = new Date('2026-03-02T09:00:00Z');

  it('tells every page whether this is the demo', () => {
    expect(siteConfigAt(testConfig({}))(at).demo).toBe(false);
    expect(siteConfigAt(testConfig({ DEMO_MODE: '1' }))(at).demo).toBe(true);
  });
});

describe('retention periods in the site details', () => {
  it('reach the pages as configured, so the privacy policy shows the periods the retention job uses', () => {
    const at = new Date('2026-06-15T09:00:00Z');
    expect(siteConfigAt(testConfig({}))(at).retention).toEqual(RETENTION_DEFAULTS);
    const site = siteConfigAt(testConfig({ RETENTION_VALUATION_MONTHS: '18', RETENTION_VISIT_RECORDS_DAYS: '14' }));
    expect(site(at).retention).toEqual({ ...RETENTION_DEFAULTS, valuationLeadsMonths: 18, visitRecordsDays: 14 });
  });
});
