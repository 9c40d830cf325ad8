import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { DEFAULT_PROMOTION } from '~/shared/promotion';
import { RETENTION_DEFAULTS } from '~/shared/retention';
import type { SiteConfig } from '~/shared/site-config';
import { Component } from './privacy-policy-page';

const bare: SiteConfig = {
  tradingName: 'Test Motors',
  address: { lines: ['Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
  openingHours: [],
  promotion: { ...DEFAULT_PROMOTION, phase: 'ended' },
  publicBaseUrl: 'https://www.test.invalid',
  demo: false,
  callRecording: false,
};

const render = (site: SiteConfig) =>
  renderToString(
    <SiteConfigProvider value={site}>
      <MemoryRouter>
        <Component />
      </MemoryRouter>
    </SiteConfigProvider>,
  ).replace(/<!-- -->/g, '');

describe('privacy policy: contact details come only from the configuration', () => {
  it('without an e-mail, points to the postal address and the contact page, and invents no numbers', () => {
    const html = render(bare);
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('>Phone<');
    expect(html).toContain('write to Test Motors, marked “Data protection”, at Louth, Lincolnshire, LN11 0LQ');
    expect(html).toContain('href="/contact"');
    expect(html).not.toContain('trading name of');
    expect(html).not.toContain('registered with the Information Commissioner');
  });

  it('with an e-mail, company and ICO number, shows them', () => {
    const html = render({
      ...bare,
      email: 'privacy@test.invalid',
      companyName: 'Test Motors Ltd',
      companyNumber: '01234567',
      icoNumber: 'ZA123456',
    });
    expect(html).toContain('href="mailto:privacy@test.invalid"');
    expect(html).toContain('Test Motors is a trading name of Test Motors Ltd, company number 01234567.');
    expect(html).toContain('number ZA123456');
    expect(html).toContain('write to us at the address in section 8');
  });
});

describe('privacy policy: how long we keep data is true to what the system does', () => {
  const text = () =>
    render(bare)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  it('names the only deletions that are automatic today, with their periods', () => {
    expect(text()).toContain(
      'Our system already deletes these automatically: records of failed attempts to sign in to our back office, including the internet address they came from, after 24 hours; records of successful staff sign-ins after 30 days; and staff sign-in sessions as soon as they expire, at the latest 12 hours after signing in.',
    );
  });

  it('says the retention periods are enforced automatically every day, and no longer by hand', () => {
    expect(text()).toContain(
      'Our system also checks every day for the records below, and deletes automatically each one whose time is up:',
    );
    expect(text()).not.toContain('by hand');
    expect(text()).toContain(
      'Valuation requests, with their photos, our offers and the messages about them 12 months after we were last in touch about them',
    );
    expect(text()).toContain(
      'Copies of your logbook, driving licence, service history and finance settlement letter 90 days after the sale completes or your request closes',
    );
  });

  it('shows the periods configured on the server, not the defaults', () => {
    const configured = render({
      ...bare,
      retention: {
        ...RETENTION_DEFAULTS,
        valuationLeadsMonths: 18,
        sentMessagesDays: 45,
        visitRecordsDays: 14,
        unpublishedReviewsMonths: 6,
        callRecordingsDays: 60,
        sellerDocumentsDays: 120,
        resolvedComplaintsMonths: 36,
      },
    })
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    for (const shown of [
      'Valuation requests, with their photos, our offers and the messages about them 18 months after we were last in touch about them',
      'Copies of the e-mails and text messages we send you 45 days; we keep only a note that we sent them, when and to whom',
      'Records of page visits are deleted after 14 days',
      'Reviews we do not publish 6 months after you send them',
      'Call recordings and voicemail messages 60 days after the call',
      'Copies of your logbook, driving licence, service history and finance settlement letter 120 days after the sale completes or your request closes',
      'Complaints you make to us about how we use your personal data 36 months after we have dealt with them',
    ]) {
      expect(configured).toContain(shown);
    }
    expect(configured).not.toContain('12 months after we were last in touch');
  });
});

describe('privacy policy: says whether calls are recorded, as CALL_RECORDING is set', () => {
  const text = (site: SiteConfig) =>
    render(site)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  it('says calls are not recorded when recording is off (the default)', () => {
    expect(text(bare)).toContain('We do not record our conversations with you.');
    expect(text(bare)).not.toContain('Calls our staff make to you are recorded');
  });

  it('says staff calls are recorded when recording is on', () => {
    const on = text({ ...bare, callRecording: true });
    expect(on).toContain('Calls our staff make to you are recorded');
    expect(on).toContain('recordings of the calls we make to you');
    expect(on).not.toContain('We do not record our conversations with you.');
  });
});
