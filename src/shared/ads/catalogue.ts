import { isAdvertised, PROMOTION_TERMS, promotionPeriod, voucherLabel } from '~/shared/promotion';
import type { SiteConfig } from '~/shared/site-config';

/**
 * The social media ads (SPEC section 2, "Social media ads page"): which ads
 * exist, their exact sizes, and the words they carry. The page and the server
 * both read this file; the artwork itself is drawn by ./render-ad.ts, which
 * only the server loads.
 */
export type AdName = 'facebook' | 'instagram' | 'linkedin' | 'twitter' | 'google-banner';

export type AdFormat = {
  name: AdName;
  /** As people call the platform. */
  label: string;
  /** Where the artwork is used on that platform. */
  use: string;
  width: number;
  height: number;
};

export const AD_FORMATS: readonly AdFormat[] = [
  { name: 'facebook', label: 'Facebook', use: 'Feed posts and link ads', width: 1200, height: 630 },
  { name: 'instagram', label: 'Instagram', use: 'Square feed posts', width: 1080, height: 1080 },
  { name: 'linkedin', label: 'LinkedIn', use: 'Sponsored content and shared links', width: 1200, height: 627 },
  { name: 'twitter', label: 'X (Twitter)', use: 'Posts with a single image', width: 1200, height: 675 },
  { name: 'google-banner', label: 'Google banner', use: 'Display network leaderboard', width: 728, height: 90 },
];

export function adFormat(name: string): AdFormat | undefined {
  return AD_FORMATS.find((format) => format.name === name);
}

/** Where the server serves an ad; `download` asks for it as an attachment. */
export function adPath(name: AdName, options: { download?: boolean } = {}): string {
  return `/social-media-ads/${name}.svg${options.download ? '?download=1' : ''}`;
}

/** "CarBuy Direct" -> "carbuy-direct"; anything outside a-z and 0-9 becomes one hyphen. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** A fixed, safe download name: "carbuy-direct-facebook-1200x630.svg". */
export function adFileName(tradingName: string, format: AdFormat): string {
  return `${slug(tradingName) || 'ad'}-${format.name}-${format.width}x${format.height}.svg`;
}

/** The brand palette (DESIGN tokens in src/client/styles), with the text colour that reads on each. */
export const BRAND_COLOURS = [
  { name: 'Brand navy', token: 'brand-900', hex: '#0b2a4a', on: '#ffffff', use: 'Backgrounds, headings and the logo' },
  { name: 'Deep navy', token: 'brand-950', hex: '#061a30', on: '#ffffff', use: 'Gradients and text on yellow' },
  { name: 'Number-plate yellow', token: 'plate', hex: '#ffd23f', on: '#061a30', use: 'Calls to action and offers' },
  { name: 'Go green', token: 'go-600', hex: '#15803d', on: '#ffffff', use: 'Ticks and confirmations' },
  { name: 'White', token: 'white', hex: '#ffffff', on: '#0b2a4a', use: 'Text on navy and cards' },
] as const;

/** What every ad and every page says about the service (SPEC section 1). */
export const KEY_MESSAGES = [
  { title: 'Free valuation within 24 hours', detail: 'Tell us about the car online and we come back within a day.' },
  { title: 'No auctions, no fees', detail: 'We buy directly from you, so there is nothing to pay and no bidding.' },
  { title: 'Free collection nationwide', detail: 'We collect from your door anywhere in the UK, at no cost.' },
  { title: 'Paid the same day', detail: 'The money is in your account before the car leaves.' },
  { title: 'Outstanding finance settled', detail: 'We can settle what is left on the finance for you.' },
] as const;

export type AdSite = Pick<SiteConfig, 'tradingName' | 'phone' | 'publicBaseUrl' | 'promotion'>;

/** The launch offer as the ads state it, or null when it is not advertised (not yet announced, or ended). */
export type AdOffer = {
  /** "£100" */
  amount: string;
  /** "Love2Shop digital voucher" */
  voucher: string;
  /** "£100 Love2Shop digital voucher" */
  label: string;
  /** "1 July to 31 August 2025" */
  period: string;
  /** "1 Jul to 31 Aug 2025", for the smallest banner */
  periodShort: string;
  vouchersPerCustomer: number;
};

function shortDate(isoDate: string, withYear: boolean): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, day!)));
}

export function adOffer(site: AdSite): AdOffer | null {
  const { promotion } = site;
  if (!isAdvertised(promotion.phase)) return null;
  return {
    amount: `£${promotion.voucherPounds}`,
    voucher: `${promotion.voucherBrand} digital voucher`,
    label: voucherLabel(promotion),
    period: promotionPeriod(promotion),
    periodShort: `${shortDate(promotion.startDate, promotion.startDate.slice(0, 4) !== promotion.endDate.slice(0, 4))} to ${shortDate(promotion.endDate, true)}`,
    vouchersPerCustomer: PROMOTION_TERMS.vouchersPerCustomer,
  };
}

/** "www.carbuydirect.co.uk" for the ads' call to action; nothing for a local or bare-IP address. */
export function adWebsite(publicBaseUrl: string): string | undefined {
  let host: string;
  try {
    host = new URL(publicBaseUrl).hostname;
  } catch {
    return undefined;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.includes(':')) {
    return undefined;
  }
  return host;
}

/** A plain-text account of what an ad shows, for its <title> and the page's alt text. */
export function adSummary(format: AdFormat, site: AdSite): string {
  const offer = adOffer(site);
  const vouchers = offer && (offer.vouchersPerCustomer === 1 ? 'One voucher' : `${offer.vouchersPerCustomer} vouchers`);
  if (format.name === 'google-banner') {
    return [
      `${format.label} ad for ${site.tradingName}: Sell your car, free valuation in 24 hours.`,
      offer ? `${offer.label}, ${offer.period}.` : 'No auctions, no fees, free collection, paid the same day.',
    ].join(' ');
  }
  return [
    `${format.label} ad for ${site.tradingName}: Sell your car the simple way.`,
    offer
      ? `Free valuation within 24 hours. No auctions, no fees; free collection nationwide; paid the same day, before the car leaves. Launch offer: ${offer.label} on car sales completed ${offer.period}. ${vouchers} per customer. T&Cs apply.`
      : 'We buy directly from private sellers. No auctions, no fees; free collection nationwide; outstanding finance can be settled. Free valuation within 24 hours; paid the same day.',
  ].join(' ');
}
