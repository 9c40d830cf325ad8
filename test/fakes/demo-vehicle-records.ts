import { demoOdometer, demoVehicle, type DemoFuel, type DemoVehicle } from '~/server/features/valuations/demo-vehicles';
import { seededRandom } from '~/server/lib/seeded-random';
import { advisory, dvsaMotTest, major, type Defect } from './dvsa/mot-tests';

/**
 * What the fake DVLA and DVSA answer for the demo's made-up cars (src/server/features/valuations/
 * demo-vehicles.ts, the cars `npm run seed:demo` names), in each provider's own shape and spelling
 * (shared/contracts/external-apis.md §1 and §2), with dates as of `now`:
 *
 * - MOT tests once a year from the third anniversary of first registration, a few days early so
 *   the expiry stays on the anniversary; now and then a failure retested and passed days later;
 *   odometer readings from the car's yearly miles, the same the seeded requests quote;
 * - DVLA's MOT status and expiry agree with that history; the car is taxed to the next
 *   anniversary month.
 *
 * The same registration always gives the same record on the same day.
 */

const DAY = 86_400_000;

/** The UTC day `years` years after `iso` (`YYYY-MM-DD`), `days` added. */
function anniversary(iso: string, years: number, days = 0): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, day + days));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const ADVISORIES = [
  'Nearside Front Tyre worn close to legal limit/worn on edge (5.2.3 (e))',
  'Brake pipe slightly corroded (1.1.11 (c))',
  'Oil leak, but not excessive (8.4.1 (a))',
  'Offside Rear Shock absorber has a light misting of oil (5.3.2 (b))',
];
const FAILURES = [
  'Nearside Rear Tyre tread depth below requirements of 1.6mm (5.2.3 (e))',
  'Offside Dipped beam headlamp not working (4.1.1 (a) (ii))',
  'Nearside Rear Position lamp not working (4.2.1 (a) (ii))',
];

type DemoMotTest = { completed: Date; result: 'PASSED' | 'FAILED'; expiryDate: string | null; defects: Defect[] };

/** The car's MOT tests up to `now`, newest first (as DVSA lists them). */
export function demoMotTests(vehicle: DemoVehicle, now: Date): DemoMotTest[] {
  const random = seededRandom([...vehicle.registration].reduce((n, c) => n * 31 + c.charCodeAt(0), 17));
  const tests: DemoMotTest[] = [];
  for (let years = 3; ; years++) {
    const due = anniversary(vehicle.firstRegistered, years);
    const passed = new Date(due.getTime() - (1 + Math.floor(random() * 20)) * DAY + 10 * 3_600_000);
    if (passed > now) break;
    const expiryDate = isoDay(anniversary(vehicle.firstRegistered, years + 1, -1));
    const advisories = random() < 0.4 ? [advisory(ADVISORIES[Math.floor(random() * ADVISORIES.length)]!)] : [];
    if (random() < 0.12) {
      const failed = new Date(passed.getTime() - (2 + Math.floor(random() * 5)) * DAY);
      tests.push({ completed: failed, result: 'FAILED', expiryDate: null, defects: [major(FAILURES[years % 3]!)] });
    }
    tests.push({ completed: passed, result: 'PASSED', expiryDate, defects: advisories });
  }
  return tests.reverse();
}

/** DVLA's MOT status: the newest pass's certificate, if it has not run out. */
function motStatus(tests: DemoMotTest[], now: Date) {
  const expiryDate = tests.find((test) => test.result === 'PASSED')?.expiryDate;
  if (!expiryDate) return { motStatus: 'No details held by DVLA' };
  return { motStatus: expiryDate >= isoDay(now) ? 'Valid' : 'Not valid', motExpiryDate: expiryDate };
}

/** The Vehicle Enquiry Service's record (only the fields DVLA gives for such a car). */
export function demoDvlaRecord(vehicle: DemoVehicle, now: Date): Record<string, unknown> {
  const electric = vehicle.engineCapacity === null;
  let taxYears = now.getUTCFullYear() - Number(vehicle.firstRegistered.slice(0, 4));
  while (anniversary(vehicle.firstRegistered, taxYears) <= now) taxYears++;
  return {
    taxStatus: 'Taxed',
    taxDueDate: `${isoDay(anniversary(vehicle.firstRegistered, taxYears)).slice(0, 8)}01`,
    ...motStatus(demoMotTests(vehicle, now), now),
    make: vehicle.make,
    monthOfFirstRegistration: vehicle.firstRegistered.slice(0, 7),
    yearOfManufacture: vehicle.yearOfManufacture,
    ...(electric ? {} : { engineCapacity: vehicle.engineCapacity }),
    co2Emissions: electric ? 0 : 90 + Math.round((vehicle.engineCapacity ?? 0) / 25),
    fuelType: vehicle.fuelType,
    markedForExport: false,
    colour: vehicle.colour,
    typeApproval: 'M1',
    wheelplan: '2 AXLE RIGID BODY',
    dateOfLastV5CIssued: isoDay(anniversary(vehicle.firstRegistered, 0, 12)),
  };
}

/** DVSA's words for DVLA's fuel types. */
const DVSA_FUEL: Record<DemoFuel, string> = {
  PETROL: 'Petrol',
  DIESEL: 'Diesel',
  'HYBRID ELECTRIC': 'Hybrid Electric (Clean)',
  ELECTRICITY: 'Electric',
};

const titleCase = (text: string) => text.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

/** The MOT History API's record: with its tests, or, before the first MOT, the new vehicle's shape. */
export function demoDvsaRecord(vehicle: DemoVehicle, now: Date): Record<string, unknown> {
  const common = {
    registration: vehicle.registration,
    make: vehicle.make,
    model: vehicle.model,
    fuelType: DVSA_FUEL[vehicle.fuelType],
    primaryColour: titleCase(vehicle.colour),
    registrationDate: vehicle.firstRegistered,
    manufactureDate: isoDay(anniversary(vehicle.firstRegistered, 0, -20)),
    hasOutstandingRecall: 'No',
  };
  const tests = demoMotTests(vehicle, now);
  if (tests.length === 0) {
    const due = isoDay(anniversary(vehicle.firstRegistered, 3, -1));
    return { ...common, manufactureYear: String(vehicle.yearOfManufacture), motTestDueDate: due };
  }
  return {
    ...common,
    firstUsedDate: vehicle.firstRegistered,
    engineSize: vehicle.engineCapacity === null ? null : String(vehicle.engineCapacity),
    motTests: tests.map((test, index) =>
      dvsaMotTest(vehicle.registration, {
        completedDate: test.completed.toISOString(),
        testResult: test.result,
        expiryDate: test.expiryDate,
        miles: demoOdometer(vehicle, test.completed),
        defects: test.defects,
        index,
      }),
    ),
  };
}

/** Each fake's answer for a registration, when it is one of the demo's cars. */
export const demoRecords = {
  dvla: (registration: string, now: Date) => {
    const vehicle = demoVehicle(registration);
    return vehicle && demoDvlaRecord(vehicle, now);
  },
  dvsa: (registration: string, now: Date) => {
    const vehicle = demoVehicle(registration);
    return vehicle && demoDvsaRecord(vehicle, now);
  },
};
