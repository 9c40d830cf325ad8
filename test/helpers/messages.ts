import type { NewValuationData } from '~/server/features/messages';

/** The staff alert's data for a made-up request; tests override what they look at. */
export function newValuationData(overrides: Partial<NewValuationData> = {}): NewValuationData {
  return {
    id: '3f2a9c1b-5d4e-4a1b-9c8d-7e6f5a4b3c2d',
    reference: 'CB-7K3-9QX',
    registration: 'AB12CDE',
    make: 'MERCEDES-BENZ',
    model: 'C220D AMG LINE',
    year: 2019,
    mileage: 45_000,
    name: 'Jo Seller',
    postcode: 'LN11 0LQ',
    email: 'jo@example.com',
    phone: '07911 123456',
    contactBy: ['Call'],
    condition: 'Good',
    outstandingFinance: 'No',
    mechanicalIssues: 'No',
    ...overrides,
  };
}
