/**
 * The launch promotion (SPEC section 1) as data in one place (DESIGN section 6).
 * Every page that mentions it reads from here, so the banner, the home-page
 * offer, the terms page and the social ads always agree. The dates and amount
 * come from configuration (PROMOTION_* variables) so the business can run the
 * next one without a code change.
 */
export type Promotion = {
  /** Whole pounds, e.g. 100. */
  voucherPounds: number;
  voucherBrand: string;
  /** Calendar dates in the UK, inclusive, as YYYY-MM-DD. */
  announceDate: string;
  startDate: string;
  endDate: string;
};

export type PromotionPhase = 'not-announced' | 'announced' | 'running' | 'ended';

export const DEFAULT_PROMOTION: Promotion = {
  voucherPounds: 100,
  voucherBrand: 'Love2Shop',
  announceDate: '2025-06-01',
  startDate: '2025-07-01',
  endDate: '2025-08-31',
};

/** Terms from SPEC section 1; the numbers appear in the terms page and the ads. */
export const PROMOTION_TERMS = {
  vouchersPerCustomer: 1,
  sentWithinWorkingDays: 14,
  expiresAfterMonths: 24,
} as const;

/** Made once: building a formatter costs more than formatting, and pages ask on every request. */
let ukDateFormat: Intl.DateTimeFormat | undefined;

/**
 * ukDate's answers by UTC hour: London's midnight always falls on a whole UTC hour (00:00 GMT or
 * 23:00 UTC in summer), so every instant of one UTC hour has the same UK date. Every page view
 * asks for today's, and a back-office list for the date of each request it links (formatting one
 * costs microseconds, and a page asks hundreds of times). Kept to a few years of hours.
 */
const ukDatesByHour = new Map<number, string>();
const UK_DATES_KEPT = 50_000;

/** The UK date of an instant as YYYY-MM-DD (a promotion day runs midnight to midnight UK time). */
export function ukDate(now: Date): string {
  const hour = Math.floor(now.getTime() / 3_600_000);
  const known = ukDatesByHour.get(hour);
  if (known !== undefined) return known;
  ukDateFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
  if (ukDatesByHour.size >= UK_DATES_KEPT) ukDatesByHour.clear();
  const date = ukDateFormat.format(now);
  ukDatesByHour.set(hour, date);
  return date;
}

export function promotionPhase(promotion: Promotion, now: Date): PromotionPhase {
  const today = ukDate(now);
  if (today > promotion.endDate) return 'ended';
  if (today >= promotion.startDate) return 'running';
  if (today >= promotion.announceDate) return 'announced';
  return 'not-announced';
}

/** Banner and offer section show only while the offer is announced or running. */
export const isAdvertised = (phase: PromotionPhase) => phase === 'announced' || phase === 'running';

/** "2025-07-01" -> "1 July 2025". */
export function formatUkDate(isoDate: string, options: { withYear?: boolean } = {}): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(options.withYear === false ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, day!)));
}

/** "1 July to 31 August 2025" (the year once when both dates share it). */
export function promotionPeriod(promotion: Pick<Promotion, 'startDate' | 'endDate'>): string {
  const sameYear = promotion.startDate.slice(0, 4) === promotion.endDate.slice(0, 4);
  return `${formatUkDate(promotion.startDate, { withYear: !sameYear })} to ${formatUkDate(promotion.endDate)}`;
}

export function voucherLabel(promotion: Pick<Promotion, 'voucherPounds' | 'voucherBrand'>): string {
  return `£${promotion.voucherPounds} ${promotion.voucherBrand} digital voucher`;
}
