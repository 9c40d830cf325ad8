import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MotTest, VehicleInfoResult } from '~/shared/vehicle-info';
import { vehicleInfoQueryOptions } from '../api/get-vehicle-info';
import { formatCalendarDate } from '../lib/format-time';
import { DvlaTab } from './dvla-tab';

/**
 * The DVLA tab's MOT rows (issue 31): DVLA often holds no MOT status ("No details held by DVLA")
 * for a car whose MOT history has a pass; the tab then shows the status and expiry from that
 * history, and says so.
 */

const TODAY = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const test = (over: Partial<MotTest>): MotTest => ({
  testResult: 'PASSED',
  completedDate: `${TODAY}T09:00:00.000Z`,
  odometerValue: 48_210,
  odometerUnit: 'mi',
  odometerResultType: 'READ',
  expiryDate: inDays(340),
  motTestNumber: '100000000001',
  defects: [],
  rfrAndComments: [],
  ...over,
});

function info(motStatus: string | null, motExpiryDate: string | null, tests: MotTest[]): VehicleInfoResult {
  return {
    success: true,
    registration: 'AA19AAA',
    vesData: {
      make: 'FORD',
      fuelType: 'PETROL',
      engineCapacity: 2000,
      taxStatus: 'Taxed',
      taxDueDate: inDays(200),
      motStatus,
      motExpiryDate,
      dateOfLastV5CIssued: '2019-05-20',
      co2Emissions: 300,
      yearOfManufacture: 2019,
      colour: 'RED',
      markedForExport: false,
    },
    vesDataError: null,
    motHistory: {
      make: 'FORD',
      model: 'FOCUS',
      fuelType: 'Petrol',
      engineSize: '2000',
      motTests: tests,
      motTestDueDate: null,
      hasOutstandingRecall: 'No',
    },
    motHistoryError: null,
  };
}

/** The tab as it renders with the answer already fetched, as text: "label: value" per row. */
function rows(result: VehicleInfoResult): string {
  const client = new QueryClient();
  client.setQueryData(vehicleInfoQueryOptions(result.registration).queryKey, result);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <DvlaTab registration={result.registration} mileage={50_000} />
    </QueryClientProvider>,
  );
  return html
    .replace(/<\/dt>/g, ': ')
    .replace(/<\/dd>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");
}

const ukDate = (iso: string) => formatCalendarDate(iso)!;

describe('the DVLA tab’s MOT status', () => {
  it('takes the status and expiry from the MOT history when DVLA holds none, and says so', () => {
    const expiry = inDays(340);
    const text = rows(info('No details held by DVLA', null, [test({ expiryDate: expiry })]));
    expect(text).not.toContain('No details held by DVLA');
    expect(text).toMatch(/MOT status: Valid, from DVSA’s MOT history/);
    expect(text).toContain(`MOT expiry: ${ukDate(expiry)}, from DVSA’s MOT history`);
  });

  it('reads an expired certificate as not valid, from the newest pass (a later failure does not end it)', () => {
    const expired = inDays(-12);
    const text = rows(
      info('No results returned', null, [
        test({ testResult: 'FAILED', expiryDate: null, completedDate: `${inDays(-20)}T09:00:00.000Z` }),
        test({ expiryDate: expired, completedDate: `${inDays(-377)}T09:00:00.000Z` }),
      ]),
    );
    expect(text).toMatch(/MOT status: Not valid, from DVSA’s MOT history/);
    expect(text).toContain(`MOT expiry: ${ukDate(expired)}, from DVSA’s MOT history`);
  });

  it('shows DVLA’s own status when it holds one, and DVLA’s words when neither has a pass', () => {
    const expiry = inDays(100);
    const valid = rows(info('Valid', expiry, [test({ expiryDate: inDays(90) })]));
    expect(valid).toMatch(/MOT status: Valid\n/);
    expect(valid).toMatch(new RegExp(`MOT expiry: ${ukDate(expiry)}\\n`));
    const none = rows(info('No details held by DVLA', null, []));
    expect(none).toMatch(/MOT status: No details held by DVLA\n/);
  });
});
