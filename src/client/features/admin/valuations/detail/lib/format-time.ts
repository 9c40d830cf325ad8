import { formatUkDate } from '../../../lib/format-date';

/** A DVLA/DVSA calendar date ("2026-03-12") as "12 Mar 2026"; null or unreadable gives "". */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '';
  // Noon UTC, so the UK date is the same day whatever the season.
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  return formatUkDate(day);
}
