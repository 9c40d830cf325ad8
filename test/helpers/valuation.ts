import { sql, type SQL } from 'drizzle-orm';
import type { OfferConditions } from '~/shared/offer-basics';
import type { ValuationRequestInput } from '~/shared/valuation';
import { VALUATION_REFERENCE_ALPHABET } from '~/shared/valuation-reference';

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

/**
 * SQL for a distinct valuation reference for each whole number `n` below 28^6 ("CB-222-222" for 0),
 * for tests that make rows in bulk with generate_series: n written in base 28 with the alphabet.
 */
export function referenceFor(n: SQL): SQL {
  const base = VALUATION_REFERENCE_ALPHABET.length;
  const digit = (place: number) =>
    sql`substr(${VALUATION_REFERENCE_ALPHABET}, (${n} / ${base ** place} % ${base})::int + 1, 1)`;
  return sql`'CB-' || ${digit(5)} || ${digit(4)} || ${digit(3)} || '-' || ${digit(2)} || ${digit(1)} || ${digit(0)}`;
}

/** The declarations an offer made on `validValuation()` rests on, stored with the offer's row. */
export const offerConditions = (outstandingFinance: 'yes' | 'no' = 'yes'): OfferConditions => ({
  mileage: 45000,
  overallCondition: 'great',
  scuffedWheels: 1,
  tyresNeedReplacing: -1,
  serviceHistory: 'full',
  mechanicalIssues: 'no',
  mechanicalDetails: null,
  outstandingFinance,
});
