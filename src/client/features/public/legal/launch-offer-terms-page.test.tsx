import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { DEFAULT_PROMOTION, type PromotionPhase } from '~/shared/promotion';
import type { SiteConfig } from '~/shared/site-config';
import { Component, handle } from './launch-offer-terms-page';

const site = (phase: PromotionPhase): SiteConfig => ({
  tradingName: 'Test Motors',
  address: { lines: ['Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
  openingHours: [],
  promotion: { ...DEFAULT_PROMOTION, phase },
  publicBaseUrl: 'https://www.test.invalid',
  demo: false,
  callRecording: false,
});

/** The page as text, without tags or React's comment markers. */
function renderText(phase: PromotionPhase): string {
  const html = renderToString(
    <SiteConfigProvider value={site(phase)}>
      <MemoryRouter>
        <Component />
      </MemoryRouter>
    </SiteConfigProvider>,
  );
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('launch offer terms: status notice', () => {
  it('after the end date says the offer has ended, when it closed, and that sales in the period still get their voucher', () => {
    const text = renderText('ended');
    expect(text).toContain('This offer has ended');
    expect(text).toContain('The launch offer closed on 31 August 2025.');
    expect(text).toContain('Sales completed from 1 July to 31 August 2025 still receive their voucher');
    expect(text).not.toContain('runs until');
    expect(text).not.toContain('starts on');
    expect(text).not.toContain('Get My Valuation');
  });

  it('while running says when it ends', () => {
    const text = renderText('running');
    expect(text).toContain('This offer runs until 31 August 2025');
    expect(text).toContain(
      'Complete the sale of your car by 31 August 2025 to receive a £100 Love2Shop digital voucher.',
    );
    expect(text).not.toContain('has ended');
    expect(text).toContain('Get My Valuation');
  });

  it.each(['announced', 'not-announced'] as const)('when %s says when it starts', (phase) => {
    const text = renderText(phase);
    expect(text).toContain('This offer starts on 1 July 2025');
    expect(text).not.toContain('has ended');
    expect(text).not.toContain('runs until');
  });

  it('states the terms from the one promotion source', () => {
    const text = renderText('running');
    expect(text).toContain('1 voucher per customer');
    expect(text).toContain('within 14 working days of the completed sale');
    expect(text).toContain('expires 24 months after the date it is issued');
    expect(text).toContain('no minimum valuation');
    expect(text).toContain('logbook (V5C) registered in your name');
    for (const heading of ['Eligibility', 'Qualifying Sales', 'Voucher Details', 'General Terms', 'Data Protection']) {
      expect(text).toContain(heading);
    }
  });

  it('follows configured dates and amount', () => {
    const html = renderToString(
      <SiteConfigProvider
        value={{
          ...site('running'),
          promotion: { ...DEFAULT_PROMOTION, voucherPounds: 50, endDate: '2026-03-31', phase: 'running' },
        }}
      >
        <MemoryRouter>
          <Component />
        </MemoryRouter>
      </SiteConfigProvider>,
    );
    expect(html).toContain('This offer runs until 31 March 2026');
    expect(html).toContain('£50 Love2Shop digital voucher');
  });

  it('describes an ended offer without advertising it in the page description', () => {
    const meta = handle.meta;
    if (typeof meta !== 'function') throw new Error('expected a meta function');
    expect(meta(site('ended')).description).toContain('has now ended');
    expect(meta(site('running')).description).toContain('£100 Love2Shop digital voucher');
  });
});
