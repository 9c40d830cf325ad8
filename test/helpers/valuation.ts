import type { ValuationRequestInput } from '~/shared/valuation';

/** A complete valuation request as the wizard sends it (lower case and spaces as typed). */
export const validValuation = (): ValuationRequestInput => ({
  registration: 'ab12 cde',
  mileage: 45000,
  make: 'FORD',
  model: 'Focus',
  year: 2018,
  overallCondition: 'great',
  scuffedWheels: 1,
  tyresNeedReplacing: -1,
  cambeltChanged: 'yes',
  cambeltDate: 'March 2022',
  serviceHistory: 'full',
  mechanicalIssues: 'no',
  mechanicalDetails: '',
  outstandingFinance: 'no',
  firstName: 'Jo',
  lastName: 'Seller',
  postcode: 'ln11 0lq',
  email: 'Jo@Example.com',
  phone: '07911 123456',
  contactPreference: ['call', 'text'],
  agreeToContact: true,
});
