import type { MotTest } from '~/shared/vehicle-info';

export const KM_PER_MILE = 1.609344;

export type MotReading = {
  /** As the tester read it, in its own unit. */
  value: number;
  unit: 'mi' | 'km';
  /** The same reading in whole miles (rounded down, so a conversion never invents a discrepancy). */
  miles: number;
  /** When the test was completed (ISO date-time). */
  completedDate: string | null;
};

/** The newest MOT test with an odometer reading, in miles; undefined when no test has one. */
export function lastMotReading(tests: readonly MotTest[]): MotReading | undefined {
  const read = tests.filter((test) => test.odometerValue !== null && test.odometerUnit !== null);
  // DVSA lists newest first; sort anyway, as a wrong order here would compare the wrong reading.
  const newest = [...read].sort((a, b) => (b.completedDate ?? '').localeCompare(a.completedDate ?? ''))[0];
  if (!newest) return undefined;
  const value = newest.odometerValue!;
  const unit = newest.odometerUnit!;
  const miles = unit === 'km' ? Math.floor(value / KM_PER_MILE) : value;
  return { value, unit, miles, completedDate: newest.completedDate };
}

/**
 * The last MOT reading when the seller's mileage is below it: an odometer only goes up, so the
 * seller mistyped, or the car's mileage needs checking. Undefined when it is not below (or unknown).
 */
export function mileageBelowLastMot(sellerMiles: number, tests: readonly MotTest[]): MotReading | undefined {
  const reading = lastMotReading(tests);
  return reading && sellerMiles < reading.miles ? reading : undefined;
}

/** "48,210 miles" or "77,600 km (48,218 miles)". */
export function formatReading(reading: Pick<MotReading, 'value' | 'unit' | 'miles'>): string {
  const value = reading.value.toLocaleString('en-GB');
  if (reading.unit === 'mi') return `${value} miles`;
  return `${value} km (${reading.miles.toLocaleString('en-GB')} miles)`;
}
