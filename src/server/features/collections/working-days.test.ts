import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addWorkingDays,
  bankHolidayOn,
  isWorkingDay,
  ukDateAt,
  ukInstant,
  workingDaysFrom,
} from './working-days';

/** Working days skip weekends and England and Wales's bank holidays; UK times survive clock changes. */
describe('working days and UK times', () => {
  it('knows the bank holidays, substitute days included', () => {
    expect(bankHolidayOn('2026-12-25')).toBe('Christmas Day');
    expect(bankHolidayOn('2026-12-28')).toMatch(/Boxing Day/); // 26 December 2026 is a Saturday
    expect(bankHolidayOn('2027-01-01')).toBe("New Year's Day");
    expect(bankHolidayOn('2026-12-24')).toBeUndefined();
    expect(isWorkingDay('2026-12-25')).toBe(false);
    expect(isWorkingDay('2026-12-26')).toBe(false); // Saturday
    expect(isWorkingDay('2026-12-29')).toBe(true);
  });

  it('counts working days past weekends and bank holidays', () => {
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday to Monday
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-29'); // past Christmas, a weekend and Boxing Day's substitute
    expect(addWorkingDays('2026-12-24', 3)).toBe('2026-12-31');
    expect(workingDaysFrom('2026-12-24', 3)).toEqual(['2026-12-24', '2026-12-29', '2026-12-30']);
    expect(addCalendarDays('2027-03-28', 1)).toBe('2027-03-29');
  });

  it('turns UK times into instants on either side of a clock change', () => {
    // Clocks go forward on 28 March 2027 and back on 31 October 2027.
    expect(ukInstant('2027-03-26', '08:00').toISOString()).toBe('2027-03-26T08:00:00.000Z');
    expect(ukInstant('2027-03-29', '08:00').toISOString()).toBe('2027-03-29T07:00:00.000Z');
    expect(ukInstant('2027-03-28', '18:00').toISOString()).toBe('2027-03-28T17:00:00.000Z');
    expect(ukInstant('2027-10-29', '12:00').toISOString()).toBe('2027-10-29T11:00:00.000Z');
    expect(ukInstant('2027-11-01', '12:00').toISOString()).toBe('2027-11-01T12:00:00.000Z');
    expect(ukDateAt(new Date('2027-06-30T23:30:00Z'))).toBe('2027-07-01');
    expect(ukDateAt(new Date('2027-12-31T23:30:00Z'))).toBe('2027-12-31');
  });
});
