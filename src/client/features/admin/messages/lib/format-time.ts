import { formatUkDate, UK_TIME_ZONE } from '../../lib/format-date';

const hoursMinutes = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const hoursMinutesSeconds = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "14:03" (or "14:03:27") in UK time; an unreadable date gives "". */
export function formatUkTime(value: string, options: { seconds?: boolean } = {}): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (options.seconds ? hoursMinutesSeconds : hoursMinutes).format(date);
}

/** "05 Sep 2025, 14:03" in UK time: messages go out within seconds, so the day alone says too little. */
export function formatUkDateTime(value: string, options: { seconds?: boolean } = {}): string {
  const day = formatUkDate(value);
  return day ? `${day}, ${formatUkTime(value, options)}` : '';
}

/** "12.5 KB" (1 KB = 1,024 bytes), with one decimal below 10 KB and none above. */
export function formatKilobytes(bytes: number): string {
  if (bytes <= 0) return '0 KB';
  const kb = bytes / 1024;
  if (kb < 10) return `${Math.max(kb, 0.1).toFixed(1)} KB`;
  return `${Math.round(kb).toLocaleString('en-GB')} KB`;
}
