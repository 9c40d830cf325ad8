/**
 * Times in the files as UK clocks showed them (GMT or BST as the day had it), written
 * `2026-03-02 09:05`: a spreadsheet in any locale reads that as a date and time, where
 * "02/03/2026" is the 3rd of February to one set to the United States.
 *
 * A file has two of these per row, 200,000 in a 100,000-row export, and Intl's formatting costs
 * tens of microseconds each: the UK's offset from UTC is asked of Intl once per hour instead (the
 * clocks change on the hour, at 01:00 UTC), and the rest is arithmetic.
 */

const HOUR_MS = 3_600_000;

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** UTC hour → the UK's offset then, in ms. A few thousand hours at most per export. */
const offsets = new Map<number, number>();
const OFFSETS_KEPT = 50_000;

function londonOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const at = hour * HOUR_MS;
    const part = (type: string, parts: Intl.DateTimeFormatPart[]) => Number(parts.find((p) => p.type === type)?.value);
    const parts = london.formatToParts(at);
    const wall = Date.UTC(part('year', parts), part('month', parts) - 1, part('day', parts), part('hour', parts));
    offset = wall - at;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The UK wall clock at `instant`, as a Date whose UTC fields read it. */
function wallClock(instant: Date): Date {
  const ms = instant.getTime();
  return new Date(ms + londonOffsetMs(ms));
}

/** "2026-03-02", the UK day. */
export function ukDate(instant: Date): string {
  const wall = wallClock(instant);
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`;
}

/** "2026-03-02 09:05", UK time. */
export function ukDateTime(instant: Date): string {
  const wall = wallClock(instant);
  return (
    `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`
  );
}
