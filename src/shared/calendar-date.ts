/**
 * Calendar dates as 'YYYY-MM-DD' strings (UK days, for example, as ukDate gives them): arithmetic on
 * the date alone, with no time zone involved, so a day of 23 or 25 hours is still one day.
 */

/** A 'YYYY-MM-DD' date moved by whole days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
