import { formatUkDate, UK_TIME_ZONE } from '../../../lib/format-date';

const hoursMinutes = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "05 Sep 2025 • 14:03" in UK time (SPEC section 2's "dd MMM yyyy • HH:mm"); unreadable gives "". */
export function formatUkStamp(value: string): string {
  const day = formatUkDate(value);
  return day ? `${day} • ${hoursMinutes.format(new Date(value))}` : '';
}

/** A DVLA/DVSA calendar date ("2026-03-12") as "12 Mar 2026"; null or unreadable gives "". */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '';
  // Noon UTC, so the UK date is the same day whatever the season.
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  return formatUkDate(day);
}
