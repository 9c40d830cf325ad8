import Holidays from 'date-holidays';

/**
 * Working days and UK times for collection day (issue 36). Dates are calendar days in the UK as
 * `YYYY-MM-DD`; a working day is Monday to Friday and not a bank holiday in England and Wales
 * (where we collect from), as the maintained `date-holidays` package lists them: substitute days
 * and one-off holidays (a coronation, a jubilee) included, nothing kept by hand.
 */

const bankHolidays = new Holidays('GB', 'ENG');
const LONDON = 'Europe/London';

/** Whole days between two calendar dates' UTC middays: exact, whatever the clocks do. */
const DAY_MS = 24 * 60 * 60_000;
const midday = (date: string) => new Date(`${date}T12:00:00Z`);
const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

export function addCalendarDays(date: string, days: number): string {
  return dateOf(new Date(midday(date).getTime() + days * DAY_MS));
}

/** The bank holiday's name on `date`, or undefined. */
export function bankHolidayOn(date: string): string | undefined {
  const found = bankHolidays.isHoliday(midday(date));
  return (found || []).find((holiday) => holiday.type === 'public')?.name;
}

export function isWorkingDay(date: string): boolean {
  const weekday = midday(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && bankHolidayOn(date) === undefined;
}

/** The working day `count` working days after `date` (1: the next working day). */
export function addWorkingDays(date: string, count: number): string {
  let day = date;
  for (let added = 0; added < count;) {
    day = addCalendarDays(day, 1);
    if (isWorkingDay(day)) added++;
  }
  return day;
}

/** `count` working days from `first` (included when it is one). */
export function workingDaysFrom(first: string, count: number): string[] {
  const days: string[] = [];
  for (let day = first; days.length < count; day = addCalendarDays(day, 1)) {
    if (isWorkingDay(day)) days.push(day);
  }
  return days;
}

let londonDate: Intl.DateTimeFormat | undefined;
/** The calendar date in the UK at `instant`. */
export function ukDateAt(instant: Date): string {
  londonDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: LONDON });
  return londonDate.format(instant);
}

let londonParts: Intl.DateTimeFormat | undefined;
/** How far UK time is ahead of UTC at `instant`, in milliseconds (0 in winter, an hour in summer). */
function londonOffsetMs(instant: Date): number {
  londonParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const part = (type: string) => Number(londonParts!.formatToParts(instant).find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/**
 * The instant UK clocks show `time` (HH:MM) on `date`. Collection times are in the daytime, never
 * in the hour the clocks skip or repeat (01:00 to 02:00 on the changes' Sundays).
 */
export function ukInstant(date: string, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, day, hours, minutes);
  // The offset at the wall-clock time read as UTC is the offset at the instant itself, except within
  // an hour of a change: measured again at the first answer, which settles it.
  const first = wallClock - londonOffsetMs(new Date(wallClock));
  return new Date(wallClock - londonOffsetMs(new Date(first)));
}
