import { describe, expect, it } from 'vitest';
import { motHistorySchema } from '~/shared/vehicle-info';
import { toMotHistory } from './mot-history';
import { ProviderError } from './provider-http';

// DVSA's record as the DVLA tab shows it: order, readings, units and defect types as DVSA may
// send them, beyond what the fake's histories cover.

const test = (completedDate: string | null, extra: Record<string, unknown> = {}) => ({
  completedDate,
  testResult: 'PASSED',
  odometerResultType: 'READ',
  dataSource: 'DVSA',
  ...extra,
});

describe('toMotHistory', () => {
  it('puts tests newest first whatever order they come in, undated ones last', () => {
    const history = toMotHistory({
      hasOutstandingRecall: 'Unknown',
      motTests: [
        test('2022-05-01T10:00:00.000Z'),
        test(null, { dataSource: 'CVS' }),
        test('2024-05-03T08:00:00.000Z'),
        test('2024-05-01T16:30:00.000Z', { testResult: 'FAILED' }),
      ],
    });
    expect(history.motTests.map((t) => [t.completedDate, t.testResult])).toEqual([
      ['2024-05-03T08:00:00.000Z', 'PASSED'],
      ['2024-05-01T16:30:00.000Z', 'FAILED'],
      ['2022-05-01T10:00:00.000Z', 'PASSED'],
      [null, 'PASSED'],
    ]);
    expect(motHistorySchema.parse(history)).toEqual(history);
  });

  it.each([
    [{ odometerValue: '74210', odometerUnit: 'MI' }, 74210, 'mi'],
    [{ odometerValue: ' 120500 ', odometerUnit: 'KM' }, 120500, 'km'],
    [{ odometerValue: 3100, odometerUnit: 'mi' }, 3100, 'mi'],
    [{ odometerValue: null, odometerUnit: null, odometerResultType: 'NO_ODOMETER' }, null, null],
    [{ odometerValue: 'unreadable', odometerUnit: 'MI' }, null, 'mi'],
    [{}, null, null],
  ])('reads the odometer %j as a number and mi/km', (reading, value, unit) => {
    const [only] = toMotHistory({
      hasOutstandingRecall: 'No',
      motTests: [test('2024-01-01T00:00:00Z', reading)],
    }).motTests;
    expect([only?.odometerValue, only?.odometerUnit]).toEqual([value, unit]);
  });

  it('keeps defect types as DVSA gives them, PRS and unknown ones included, with the dangerous flag', () => {
    const [only] = toMotHistory({
      hasOutstandingRecall: 'No',
      motTests: [
        test('2024-01-01T00:00:00Z', {
          defects: [
            { text: 'Brake hose leaking', type: 'DANGEROUS' },
            { text: 'Headlamp aim too high', type: 'PRS', dangerous: false },
            { text: 'Seat belt fraying', type: 'fail', dangerous: false },
            { text: null, type: null, dangerous: null },
          ],
        }),
      ],
    }).motTests;
    expect(only?.defects).toEqual([
      { text: 'Brake hose leaking', type: 'DANGEROUS', dangerous: true },
      { text: 'Headlamp aim too high', type: 'PRS', dangerous: false },
      { text: 'Seat belt fraying', type: 'FAIL', dangerous: false },
      { text: '', type: 'NON SPECIFIC', dangerous: false },
    ]);
    expect(only?.rfrAndComments.map((c) => c.text)).toEqual([
      'Brake hose leaking',
      'Headlamp aim too high',
      'Seat belt fraying',
      '',
    ]);
  });

  it('gives a Northern Ireland test (no defects key) an empty list, and a new car no tests but its due date', () => {
    const ni = toMotHistory({
      hasOutstandingRecall: 'No',
      motTests: [test('2024-01-01T00:00:00Z', { dataSource: 'DVA NI' })],
    });
    expect(ni.motTests[0]?.defects).toEqual([]);
    expect(ni.motTestDueDate).toBeNull();
    const fresh = toMotHistory({
      hasOutstandingRecall: 'No',
      make: 'KIA',
      engineSize: 1591,
      motTestDueDate: '2027-01-01',
    });
    expect(fresh).toMatchObject({ make: 'KIA', engineSize: '1591', motTests: [], motTestDueDate: '2027-01-01' });
  });

  it('refuses a record it cannot read as a DVSA failure', () => {
    expect(() => toMotHistory({ hasOutstandingRecall: 'No', motTests: 'none' })).toThrow(ProviderError);
  });
});
