import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import type { PlausibilityFlag, PlausibilityUnchecked } from '~/shared/plausibility';
import type { MotTest, VehicleInfoResult } from '~/shared/vehicle-info';
import { vehicleInfoQueryOptions } from '../api/get-vehicle-info';
import { PlausibilityCard } from './plausibility-card';

/**
 * The request page's "Checks before an offer" (issue 37): the server's flags in words with their
 * links, an honest "No checks raised", what could not be checked; and, when no MOT reading was
 * stored with the request, the mileage checked against DVSA's history as the DVLA tab loads it.
 */

type Card = Pick<ValuationDetail, 'registration' | 'mileage' | 'plausibility' | 'plausibilityUnchecked'>;

const noReading: PlausibilityUnchecked = {
  check: 'mileage',
  message: 'Mileage against the MOT: no MOT odometer reading was known.',
};

const motTest = (miles: number): MotTest => ({
  testResult: 'PASSED',
  completedDate: '2026-02-10T09:17:46.000Z',
  odometerValue: miles,
  odometerUnit: 'mi',
  odometerResultType: 'READ',
  expiryDate: '2027-02-09',
  motTestNumber: '1',
  defects: [],
  rfrAndComments: [],
});

const info = (tests: MotTest[]): VehicleInfoResult => ({
  success: true,
  registration: 'AA19AAA',
  vesData: null,
  vesDataError: 'Not configured',
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
});

/** The card as text, the DVLA answer already fetched when given. */
function render(card: Partial<Card>, vehicle?: VehicleInfoResult): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (vehicle) client.setQueryData(vehicleInfoQueryOptions('AA19AAA').queryKey, vehicle);
  const valuation: Card = {
    registration: 'AA19AAA',
    mileage: 45_000,
    plausibility: [],
    plausibilityUnchecked: [],
    ...card,
  };
  const router = createMemoryRouter([{ path: '/', element: <PlausibilityCard valuation={valuation} /> }]);
  return renderToString(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

const linked: PlausibilityFlag = {
  kind: 'registration_seen_before',
  severity: 'warning',
  message: 'AA19AAA was submitted before, in 1 earlier request.',
  links: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      reference: 'CB-7K3-9QX',
      label: 'received 3 March 2026, Lost, another seller',
    },
  ],
};

describe('the checks before an offer', () => {
  it('list each flag with its label, its words and its links', () => {
    const text = render({ plausibility: [linked] });
    expect(text).toContain('Warning: Submitted before');
    expect(text).toContain('AA19AAA was submitted before, in 1 earlier request.');
    expect(text).toContain('CB-7K3-9QX received 3 March 2026, Lost, another seller');
    expect(text).not.toContain('No checks raised');
  });

  it('say "No checks raised" when none did, and which could not be made', () => {
    const text = render({
      plausibilityUnchecked: [
        { check: 'export', message: 'Export marker: DVLA’s answer did not come with the request.' },
      ],
    });
    expect(text).toContain('No checks raised.');
    expect(text).toContain('1 check could not be made');
    expect(text).toContain('Export marker: DVLA’s answer did not come with the request.');
  });

  it('check the mileage against DVSA’s history when no reading was stored', () => {
    const below = render({ plausibilityUnchecked: [noReading] }, info([motTest(48_210)]));
    expect(below).toContain('Mileage below last MOT');
    expect(below).toContain('lower than the last MOT reading in DVSA’s history (48,210 miles on 10 February 2026)');
    expect(below).not.toContain('could not be made');
    // Above the reading: checked, nothing to say.
    const fine = render({ plausibilityUnchecked: [noReading] }, info([motTest(40_000)]));
    expect(fine).toContain('No checks raised.');
    expect(fine).not.toContain('could not be made');
    // No history either: it says it could not check.
    expect(render({ plausibilityUnchecked: [noReading] }, info([]))).toContain('1 check could not be made');
  });
});
