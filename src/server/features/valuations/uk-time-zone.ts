import { ukDate } from '~/shared/promotion';

/** UK days (DESIGN 6): "today" starts at midnight in London, GMT or BST as the date has it. */
export const UK_TIME_ZONE = 'Europe/London';

const HOUR_MS = 60 * 60_000;

/**
 * The instant a UK day ('YYYY-MM-DD') begins: midnight in London, 23:00 UTC the day before in
 * summer time. The clocks change at 01:00 UTC, never at midnight, so London's midnight is in
 * summer time exactly when the instant an hour before UTC midnight already shows that date there.
 * The same instant as PostgreSQL's `date::timestamp at time zone 'Europe/London'` (tested), worked
 * out here so a statement can take the midnights as parameters rather than convert every row.
 */
export function ukMidnight(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const summerMidnight = new Date(utcMidnight - HOUR_MS);
  return ukDate(summerMidnight) === date ? summerMidnight : new Date(utcMidnight);
}
