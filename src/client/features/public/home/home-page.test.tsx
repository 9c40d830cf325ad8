import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicPurchasedVehicle } from '~/client/features/public/recently-purchased';
import type { PublicReview } from '~/client/features/public/reviews';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { DEFAULT_PROMOTION, promotionPhase, type PromotionPhase } from '~/shared/promotion';
import { OPENING_HOURS, type SiteConfig } from '~/shared/site-config';
import { CustomerReviews } from './customer-reviews';
import { Component as Home, type HomePageData } from './home-page';

const site = (phase: PromotionPhase, extra: Partial<SiteConfig> = {}): SiteConfig => ({
  tradingName: 'Test Motors',
  address: { lines: ['Louth', 'Lincolnshire'], postcode: 'LN11 0LQ' },
  openingHours: OPENING_HOURS,
  promotion: { ...DEFAULT_PROMOTION, phase },
  publicBaseUrl: 'https://www.test.invalid',
  demo: false,
  callRecording: false,
  ...extra,
});

/** Server HTML without React's `<!-- -->` text separators, so sentences can be searched for. */
const render = (node: ReactElement, config: SiteConfig) =>
  renderToString(
    <SiteConfigProvider value={config}>
      {/* The home page brings its own data router; its sections need only a router around them. */}
      {node.type === HomePage ? node : <MemoryRouter>{node}</MemoryRouter>}
    </SiteConfigProvider>,
  ).replace(/<!-- -->/g, '');

const noReviews: HomePageData = {
  reviews: { reviews: [], count: 0, average: null },
  vehicles: { items: [], total: 0 },
};

/** The home page as the server renders it, with its page data already loaded. */
function HomePage({ data = noReviews }: { data?: HomePageData }) {
  const router = createMemoryRouter([{ id: 'home', path: '/', Component: Home, loader: () => data }], {
    hydrationData: { loaderData: { home: data } },
  });
  return <RouterProvider router={router} />;
}

const review = (id: number): PublicReview => ({
  id,
  customerName: `Seller ${id}`,
  rating: 4,
  reviewTitle: `Review title ${id}`,
  reviewText: 'Quick and easy.',
  location: 'Grimsby',
  vehicleSold: '2016 Ford Focus',
  submittedAt: '2026-11-01T10:00:00.000Z',
});

describe('home page', () => {
  // The default promotion is announced on 1 June, runs 1 July to 31 August 2025 (UK dates, BST).
  const onDate = (instant: string) => site(promotionPhase(DEFAULT_PROMOTION, new Date(instant)));
  const whatVisitorsSee = (html: string) => ({
    banner: html.includes('Learn More'),
    offer: html.includes('id="launch-offer"'),
    bannerText: /(Coming soon|Launch offer): a £100 Love2Shop digital voucher/.exec(html)?.[1] ?? null,
  });

  it.each([
    [
      'the last minute before the announcement',
      '2025-05-31T22:59:00Z',
      { banner: false, offer: false, bannerText: null },
    ],
    [
      'the first minute of the announcement day',
      '2025-05-31T23:00:00Z',
      { banner: true, offer: true, bannerText: 'Coming soon' },
    ],
    [
      'the day before the offer starts',
      '2025-06-30T12:00:00Z',
      { banner: true, offer: true, bannerText: 'Coming soon' },
    ],
    ['the first day of the offer', '2025-07-01T08:00:00Z', { banner: true, offer: true, bannerText: 'Launch offer' }],
    ['the last minute of the offer', '2025-08-31T22:59:00Z', { banner: true, offer: true, bannerText: 'Launch offer' }],
    ['the first minute after the offer', '2025-08-31T23:00:00Z', { banner: false, offer: false, bannerText: null }],
    ['a year later', '2026-09-01T12:00:00Z', { banner: false, offer: false, bannerText: null }],
  ])('at %s (%s) shows banner and offer section as expected', (_when, instant, expected) => {
    expect(whatVisitorsSee(render(<HomePage />, onDate(instant)))).toEqual(expected);
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
  it('server-renders the published reviews the page was loaded with', () => {
    const data: HomePageData = { ...noReviews, reviews: { reviews: [review(1), review(2)], count: 2, average: 4.5 } };
    const html = render(<HomePage data={data} />, site('ended'));
    expect(html).toContain('Review title 1');
    expect(html).toContain('Review 1 of 2');
    expect(html).not.toContain('Customer Reviews Coming Soon');
  });

  it('server-renders the carousel when there are reviews', () => {
    const html = render(<CustomerReviews reviews={[review(1), review(2), review(3)]} />, site('ended'));
    expect(html).not.toContain('Coming Soon');
    expect(html).toContain('Review 1 of 3');
    expect(html).toContain('Review title 1');
    expect(html).toContain('Sold a 2016 Ford Focus');
    expect(html).toContain('Rated 4 out of 5');
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

const vehicle = (id: number, photos = 0): PublicPurchasedVehicle => ({
  id,
  make: 'Ford',
  model: `Focus ${id}`,
  year: 2019,
  fuelType: 'Petrol',
  engineSize: '1.0L',
  color: 'Blue',
  mileage: 45000,
  location: 'Grimsby',
  description: null,
  purchaseDate: '2026-11-20',
  photoPaths: [],
  photos: Array.from({ length: photos }, (_, n) => ({
    id: `${n}`.repeat(32),
    width: 1200,
    height: 900,
    url: `/uploads/purchased-vehicles/${`${n}`.repeat(32)}-1200.jpg`,
    srcSet: { webp: `/uploads/purchased-vehicles/${`${n}`.repeat(32)}-400.webp 400w`, jpeg: '' },
  })),
});

describe('home page purchased vehicles', () => {
  const withVehicles = (count: number, total = count): HomePageData => ({
    ...noReviews,
    vehicles: { items: Array.from({ length: count }, (_, i) => vehicle(i + 1, i === 0 ? 2 : 0)), total },
  });

  it('shows the vehicles the page was loaded with, between "Why choose us" and the closing call to action', () => {
    const html = render(<HomePage data={withVehicles(2)} />, site('ended'));
    const order = ['Why choose us', 'Previously purchased vehicles', 'Focus 1', 'Focus 2', 'Ready to sell your car?'];
    const at = order.map((text) => html.indexOf(text));
    expect(at.every((i) => i > -1)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html).toContain('+1 more photo');
    expect(html).toContain('45,000 miles');
    expect(html).not.toContain('many more');
  });

  it('shows the first 6 with a "many more" note when there are more', () => {
    const html = render(<HomePage data={withVehicles(6, 14)} />, site('ended'));
    expect(html).toContain('Focus 6');
    expect(html).toContain('And many more: these are the newest 6 of the 14 cars we have recently bought.');
  });

  it('shows nothing of the section when the vehicles failed to load', () => {
    const html = render(<HomePage data={{ ...noReviews, vehicles: null }} />, site('ended'));
    expect(html).not.toContain('Previously purchased vehicles');
    expect(html).toContain('Ready to sell your car?');
  });

  it("uses a vehicle's default image (id modulo 4, plus 1) when it has no photo", () => {
    const html = render(<HomePage data={withVehicles(3)} />, site('ended'));
    expect(html).toContain('src="/images/purchased-vehicles/default-3.svg"');
    expect(html).toContain('alt="Illustration of a car: there is no photo of this 2019 Ford Focus 2 yet"');
    expect(html).toContain('alt="Photo of the 2019 Ford Focus 1"');
  });
});
