import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_RANGE_CHOICES } from '~/shared/analytics';

/** One of the range picker's choices: 7, 30 or 90 days. */
export type RangeDays = (typeof ANALYTICS_RANGE_CHOICES)[number];

/** The address's search parameter that keeps the range, so reload and Back keep it. */
export const RANGE_PARAM = 'days';

const isRangeDays = (value: number): value is RangeDays =>
  (ANALYTICS_RANGE_CHOICES as readonly number[]).includes(value);

/** The range the address asks for; anything but one of the picker's choices is the default 30 days. */
export function parseRangeDays(search: URLSearchParams): RangeDays {
  const days = Number(search.get(RANGE_PARAM));
  return isRangeDays(days) ? days : (ANALYTICS_DEFAULT_DAYS as RangeDays);
}

/** The address's search with the range set, other parameters kept. */
export function withRangeDays(search: URLSearchParams, days: RangeDays): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(RANGE_PARAM, String(days));
  return next;
}
