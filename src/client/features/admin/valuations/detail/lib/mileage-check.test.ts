import { describe, expect, it } from 'vitest';
import type { MotTest } from '~/shared/vehicle-info';
import { formatReading, lastMotReading, mileageBelowLastMot } from './mileage-check';

const test = (overrides: Partial<MotTest>): MotTest => ({
  testResult: 'PASSED',
  completedDate: '2025-03-02T10:15:00.000Z',
  odometerValue: 40_000,
  odometerUnit: 'mi',
  odometerResultType: 'READ',
  expiryDate: '2026-03-01',
  motTestNumber: '123',
  defects: [],
  rfrAndComments: [],
  ...overrides,
});

describe('mileage against the last MOT reading', () => {
  it('warns when the seller gives fewer miles than the newest reading', () => {
    const tests = [
      test({ completedDate: '2025-03-02T10:00:00Z', odometerValue: 48_210 }),
      test({ completedDate: '2024-03-01T10:00:00Z', odometerValue: 39_874 }),
    ];
    expect(mileageBelowLastMot(45_000, tests)).toMatchObject({ value: 48_210, unit: 'mi', miles: 48_210 });
    expect(mileageBelowLastMot(48_210, tests)).toBeUndefined();
    expect(mileageBelowLastMot(50_000, tests)).toBeUndefined();
  });

  it('compares the newest reading even when the list comes oldest first', () => {
    const tests = [
      test({ completedDate: '2023-01-01T10:00:00Z', odometerValue: 10_000 }),
      test({ completedDate: '2025-01-01T10:00:00Z', odometerValue: 30_000 }),
    ];
    expect(mileageBelowLastMot(20_000, tests)?.value).toBe(30_000);
  });

  it('converts a reading in kilometres to miles before comparing', () => {
    const km = [test({ odometerValue: 80_000, odometerUnit: 'km' })]; // 49,709 miles
    expect(lastMotReading(km)?.miles).toBe(49_709);
    expect(mileageBelowLastMot(49_000, km)).toBeDefined();
    // 80,000 is more than 50,000 as numbers, but 50,000 miles is more than 80,000 km.
    expect(mileageBelowLastMot(50_000, km)).toBeUndefined();
    expect(formatReading(lastMotReading(km)!)).toBe('80,000 km (49,709 miles)');
  });

  it('skips tests without a reading, and says nothing without any', () => {
    const tests = [
      test({
        completedDate: '2025-01-01T10:00:00Z',
        odometerValue: null,
        odometerUnit: null,
        odometerResultType: 'UNREADABLE',
      }),
      test({ completedDate: '2024-01-01T10:00:00Z', odometerValue: 20_000 }),
    ];
    expect(lastMotReading(tests)?.value).toBe(20_000);
    expect(mileageBelowLastMot(1_000, [])).toBeUndefined();
    expect(mileageBelowLastMot(1_000, [tests[0]!])).toBeUndefined();
  });
});
