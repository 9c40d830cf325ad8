import { describe, expect, it } from 'vitest';
import { formatUkDeadline, OFFER_VALIDITY_DAYS, offerValidUntil } from './offer-validity';

/** Issue 34: an offer stands to the end of a UK day, whatever the clocks do in between. */
describe('how long an offer stands', () => {
  it('stands to 23:59:59 UK time, the given number of UK days after the day it was sent', () => {
    // Sent on Friday 27 November 2026 at 16:00 (GMT), for the default 7 days.
    const until = offerValidUntil(new Date('2026-11-27T16:00:00Z'), OFFER_VALIDITY_DAYS.default);
    expect(until.toISOString()).toBe('2026-12-04T23:59:59.000Z');
    expect(formatUkDeadline(until, new Date('2026-11-27T16:00:00Z'))).toBe('23:59 on Friday 4 December');
  });

  it('ends at 23:59 British Summer Time when the clocks went forward in between', () => {
    // Sent in GMT (25 March 2026); the clocks go forward on 29 March; 1 April ends at 22:59:59 UTC.
    const until = offerValidUntil(new Date('2026-03-25T10:00:00Z'), 7);
    expect(until.toISOString()).toBe('2026-04-01T22:59:59.000Z');
    expect(formatUkDeadline(until, new Date('2026-03-25T10:00:00Z'))).toBe('23:59 on Wednesday 1 April');
  });

  it('ends at 23:59 GMT when the clocks went back in between', () => {
    const until = offerValidUntil(new Date('2026-10-20T09:00:00Z'), 7); // BST then; GMT from 25 October
    expect(until.toISOString()).toBe('2026-10-27T23:59:59.000Z');
  });

  it('counts from the UK day, not the UTC one: 23:30 on 30 June (BST) is still 30 June', () => {
    const until = offerValidUntil(new Date('2026-06-30T22:30:00Z'), 2);
    expect(until.toISOString()).toBe('2026-07-02T22:59:59.000Z');
  });

  it('names the year when the deadline is in another one', () => {
    const sent = new Date('2026-12-30T12:00:00Z');
    expect(formatUkDeadline(offerValidUntil(sent, 5), sent)).toBe('23:59 on Monday 4 January 2027');
  });

  it.each([0, 15, 1.5, Number.NaN])('refuses %s days', (days) => {
    expect(() => offerValidUntil(new Date('2026-11-27T16:00:00Z'), days)).toThrow(RangeError);
  });
});
