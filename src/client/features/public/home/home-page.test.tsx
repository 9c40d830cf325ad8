import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicReview } from '~/client/features/public/reviews/public-review';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { DEFAULT_PROMOTION, isAdvertised, type PromotionPhase } from '~/shared/promotion';
import { OPENING_HOURS, type SiteConfig } from '~/shared/site-config';
import { CustomerReviews } from './customer-reviews';
import { Component as HomePage, promotionAdvertised } from './home-page';

const site = (phase: PromotionPhase, extra: Partial<SiteConfig> = {}): SiteConfig => ({
  tradingName: 'Test Motors',
  address: { lines: ['Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
  openingHours: OPENING_HOURS,
  promotion: { ...DEFAULT_PROMOTION, phase },
  publicBaseUrl: 'https://www.test.invalid',
  ...extra,
});

/** Server HTML without React's `<!-- -->` text separators, so sentences can be searched for. */
const render = (node: ReactNode, config: SiteConfig) =>
  renderToString(
    <SiteConfigProvider value={config}>
      <MemoryRouter>{node}</MemoryRouter>
    </SiteConfigProvider>,
  ).replace(/<!-- -->/g, '');

const review = (id: number): PublicReview => ({
  id,
  customerName: `Seller ${id}`,
  rating: 4.5,
  reviewTitle: `Review title ${id}`,
  reviewText: 'Quick and easy.',
  location: 'Grimsby',
  vehicleSold: '2016 Ford Focus',
});

describe('home page', () => {
  it('advertises the promotion exactly when the shared rule says so', () => {
    for (const phase of ['not-announced', 'announced', 'running', 'ended'] as const) {
      expect(promotionAdvertised(phase)).toBe(isAdvertised(phase));
    }
  });

  it('shows the banner and the launch offer section while the offer runs, in SPEC order', () => {
    const html = render(<HomePage />, site('running'));
    const banner = html.indexOf('Learn More');
    const hero = html.indexOf('<h1');
    const offer = html.indexOf('id="launch-offer"');
    const nationwide = html.indexOf('Now Buying Cars Nationwide');
    expect(banner).toBeGreaterThan(-1);
    expect(banner).toBeLessThan(hero);
    expect(hero).toBeLessThan(offer);
    expect(offer).toBeLessThan(nationwide);
    expect(html).toContain('href="#launch-offer"');
    expect(html).toContain('£100 Love2Shop digital voucher');
    expect(html).toContain('1 July to 31 August 2025');
    expect(html).toContain('href="/launch-offer-terms"');
  });

  it('says "coming soon" while the offer is only announced', () => {
    expect(render(<HomePage />, site('announced'))).toContain('Coming soon');
  });

  it('leaves the banner and the offer out once the promotion has ended', () => {
    const html = render(<HomePage />, site('ended'));
    expect(html).not.toContain('Learn More');
    expect(html).not.toContain('launch-offer');
    expect(html).not.toContain('Love2Shop');
  });

  it('has the sections in SPEC order, with no purchased vehicles section while there are none', () => {
    const html = render(<HomePage />, site('ended'));
    const order = [
      'Sell your car the simple way',
      'Now Buying Cars Nationwide',
      'id="how-it-works"',
      'Customer Reviews Coming Soon',
      'Why choose us',
      'Ready to sell your car?',
    ].map((text) => html.indexOf(text));
    expect(order.every((at) => at > -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).not.toContain('Previously purchased vehicles');
    for (const tile of ['Direct buying', 'UK coverage', 'Fast process', 'Secure and trusted', 'Fair valuation']) {
      expect(html).toContain(tile);
    }
  });

  it('offers a phone call in the closing call to action only when a number is configured', () => {
    const withPhone = render(
      <HomePage />,
      site('ended', { phone: { display: '01507 000000', e164: '+441507000000' } }),
    );
    expect(withPhone).toContain('href="tel:+441507000000"');
    const without = render(<HomePage />, site('ended'));
    expect(without).not.toContain('tel:');
    expect(without).toMatch(/href="\/contact"[^>]*>Contact our team/);
  });
});

describe('home page reviews', () => {
  it('server-renders the carousel when there are reviews', () => {
    const html = render(<CustomerReviews reviews={[review(1), review(2), review(3)]} />, site('ended'));
    expect(html).not.toContain('Coming Soon');
    expect(html).toContain('Review 1 of 3');
    expect(html).toContain('Review title 1');
    expect(html).toContain('Sold a 2016 Ford Focus');
    expect(html).toContain('Rated 4.5 out of 5');
    for (const control of ['Previous review', 'Next review', 'Pause reviews', 'Show review 3']) {
      expect(html).toContain(control);
    }
  });

  it('hides the controls when there is exactly one review', () => {
    const html = render(<CustomerReviews reviews={[review(1)]} />, site('ended'));
    expect(html).toContain('Review title 1');
    for (const control of ['Previous review', 'Next review', 'Pause reviews', 'Review 1 of 1']) {
      expect(html).not.toContain(control);
    }
  });
});
