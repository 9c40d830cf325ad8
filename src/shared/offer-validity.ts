/**
 * How long a firm offer stands (issue 34; DESIGN section 9): to the end of a UK day, a number of
 * days after the day it was sent (7 unless staff choose 1 to 14). Deadlines are instants, stored in
 * UTC and read in Europe/London, so "valid until 23:59 on Wednesday 4 December" means that minute
 * in the UK whether the clocks have changed in between or not. Plain functions, no zod: the server,
 * the messages and the seller's page use the same ones.
 */

export const OFFER_VALIDITY_DAYS = { default: 7, min: 1, max: 14 } as const;

const UK_TIME_ZONE = 'Europe/London';
const ukDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: UK_TIME_ZONE });
const ukTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The UK calendar day an instant falls on, as [year, month (1-12), day]. */
function ukDay(instant: Date): [number, number, number] {
  const [year, month, day] = ukDayFormat.format(instant).split('-').map(Number);
  return [year!, month!, day!];
}

/** Minutes the UK is ahead of UTC at an instant: 0 (GMT) or 60 (BST). */
function ukOffsetMinutes(instant: Date): number {
  const [hours, minutes] = ukTimeFormat.format(instant).split(':').map(Number);
  const ukMinutes = hours! * 60 + minutes!;
  const utcMinutes = instant.getUTCHours() * 60 + instant.getUTCMinutes();
  return (((ukMinutes - utcMinutes) % 1440) + 1440) % 1440;
}

/**
 * The last second of the UK day `days` after the UK day of `sentAt` (23:59:59 UK time): an offer
 * sent at 16:00 on Wednesday 27 November for 7 days stands until 23:59:59 on Wednesday 4 December.
 */
export function offerValidUntil(sentAt: Date, days: number): Date {
  if (!Number.isInteger(days) || days < OFFER_VALIDITY_DAYS.min || days > OFFER_VALIDITY_DAYS.max) {
    throw new RangeError(
      `An offer stands for ${OFFER_VALIDITY_DAYS.min} to ${OFFER_VALIDITY_DAYS.max} days, not ${days}.`,
    );
  }
  const [year, month, day] = ukDay(sentAt);
  // 23:59:59 on that day as if the UK were on UTC, then moved back by the UK's offset at that time.
  // The clocks change at 01:00 UTC, so the offset late on any day is that day's own.
  const asIfUtc = new Date(Date.UTC(year, month - 1, day + days, 23, 59, 59));
  return new Date(asIfUtc.getTime() - ukOffsetMinutes(asIfUtc) * 60_000);
}

/**
 * "23:59 on Wednesday 4 December", how the messages and the seller's page state a deadline, with
 * the year when it is not the year of `now` ("23:59 on Monday 4 January 2027").
 */
export function formatUkDeadline(deadline: Date, now: Date): string {
  const sameYear = ukDay(deadline)[0] === ukDay(now)[0];
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(deadline);
  return `${ukTimeFormat.format(deadline)} on ${date.replace(',', '')}`;
}
