/** The moments before which records are past their period, measured back from the run's `now`. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** `days` whole days (of 24 hours) before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * The same time of day `months` calendar months before `now` (UTC), on the same day of the month,
 * or the month's last day when it is shorter: 12 months before 29 February 2028 is 28 February 2027.
 */
export function monthsBefore(now: Date, months: number): Date {
  const day = now.getUTCDate();
  const then = new Date(now.getTime());
  then.setUTCDate(1);
  then.setUTCMonth(then.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(then.getUTCFullYear(), then.getUTCMonth() + 1, 0)).getUTCDate();
  then.setUTCDate(Math.min(day, lastDay));
  return then;
}
