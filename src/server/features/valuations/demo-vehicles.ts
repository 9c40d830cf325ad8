import { pick, seededRandom, weighted, type Random } from '~/server/lib/seeded-random';

/**
 * The made-up cars of the demo (issue 31): one list that the seeder (demo-valuations.ts) takes its
 * vehicles from and that the local fake DVLA and DVSA (test/fakes/demo-vehicle-records.ts) answer
 * for, so a seeded request's DVLA tab finds the very car the request names.
 *
 * The list is fixed: the same seed and the same fixed years every time, whatever the date, so the
 * fakes started today agree with rows seeded months ago. Registrations are in the current format,
 * with the age identifier of their first registration, but one of the last three letters is a Q:
 * DVLA leaves I and Q out of those three letters, so no real car carries any of them.
 */

export type DemoFuel = 'PETROL' | 'DIESEL' | 'HYBRID ELECTRIC' | 'ELECTRICITY';

export type DemoVehicle = {
  /** Upper case, no spaces (AB19QXY). */
  registration: string;
  /** DVLA's spelling, upper case (FORD). */
  make: string;
  /** DVSA's spelling, upper case (FIESTA). */
  model: string;
  yearOfManufacture: number;
  /** The day it was first registered, `YYYY-MM-DD`. */
  firstRegistered: string;
  /** DVLA's spelling. */
  fuelType: DemoFuel;
  /** DVLA's spelling, upper case (BLUE). */
  colour: string;
  /** Cubic centimetres; null for an electric car. */
  engineCapacity: number | null;
  /** How far it goes in a year: its odometer readings follow from this. */
  milesPerYear: number;
};

/** How many there are: more than the demo seeds, so its requests name different cars. */
export const DEMO_VEHICLE_COUNT = 1_000;

/** Fixed, so the list never changes with the date (see above). */
const FIRST_YEAR = 2008;
const LAST_YEAR = 2022;
const CATALOGUE_SEED = 31;

/** Makes with models, weighted roughly like UK used-car sales; electric-only makes from `since`. */
const MAKES: [make: string, weight: number, models: string[], since?: number][] = [
  ['FORD', 14, ['FIESTA', 'FOCUS', 'KUGA', 'MONDEO', 'ECOSPORT', 'GALAXY']],
  ['VAUXHALL', 10, ['CORSA', 'ASTRA', 'MOKKA', 'INSIGNIA', 'ZAFIRA']],
  ['VOLKSWAGEN', 10, ['GOLF', 'POLO', 'TIGUAN', 'PASSAT', 'UP']],
  ['BMW', 7, ['1 SERIES', '3 SERIES', '5 SERIES', 'X1', 'X3', 'X5']],
  ['MERCEDES-BENZ', 7, ['A CLASS', 'C CLASS', 'E CLASS', 'GLA', 'GLC']],
  ['AUDI', 7, ['A1', 'A3', 'A4', 'A6', 'Q3', 'Q5']],
  ['TOYOTA', 6, ['YARIS', 'COROLLA', 'AYGO', 'RAV4', 'PRIUS']],
  ['NISSAN', 5, ['QASHQAI', 'JUKE', 'MICRA', 'X-TRAIL']],
  ['PEUGEOT', 4, ['208', '308', '2008', '3008', '5008']],
  ['KIA', 4, ['PICANTO', 'RIO', 'CEED', 'SPORTAGE']],
  ['HYUNDAI', 4, ['I10', 'I20', 'I30', 'TUCSON']],
  ['RENAULT', 3, ['CLIO', 'CAPTUR', 'MEGANE']],
  ['MINI', 3, ['HATCH', 'CLUBMAN', 'COUNTRYMAN']],
  ['HONDA', 3, ['JAZZ', 'CIVIC', 'CR-V']],
  ['SKODA', 3, ['FABIA', 'OCTAVIA', 'SUPERB', 'YETI']],
  ['SEAT', 2, ['IBIZA', 'LEON', 'ALHAMBRA']],
  ['CITROEN', 2, ['C1', 'C3', 'C4', 'BERLINGO']],
  ['FIAT', 2, ['500', 'PANDA', 'PUNTO']],
  ['MAZDA', 2, ['MAZDA2', 'MAZDA3', 'CX-5', 'MX-5']],
  ['LAND ROVER', 2, ['RANGE ROVER EVOQUE', 'DISCOVERY SPORT', 'RANGE ROVER SPORT']],
  ['VOLVO', 2, ['XC60', 'XC90', 'V40', 'V60']],
  ['TESLA', 1, ['MODEL 3', 'MODEL S'], 2016],
  ['SUZUKI', 1, ['SWIFT', 'VITARA', 'IGNIS']],
  ['JAGUAR', 1, ['XE', 'XF', 'F-PACE']],
  ['DACIA', 1, ['SANDERO', 'DUSTER']],
];
const COLOURS = ['BLACK', 'WHITE', 'SILVER', 'GREY', 'BLUE', 'RED', 'GREEN', 'ORANGE', 'YELLOW', 'BROWN'];
const FUELS: [DemoFuel, number][] = [
  ['PETROL', 55],
  ['DIESEL', 32],
  ['HYBRID ELECTRIC', 10],
];
const ENGINES = [998, 1199, 1499, 1598, 1995, 1968, 2993];

/** The memory tag's letters (DVLA leaves out I, Q and Z), and the random letters' (no I or Q). */
const REGION_LETTERS = 'ABCDEFGHKLMNOPRSVWY';
const OFFICE_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';
const RANDOM_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXYZ';

const letter = (random: Random, alphabet: string) => pick(random, alphabet.split(''));

/**
 * The age identifier of a car first registered in `month` (1 to 12) of `year`: the year from
 * March (19), the year plus 50 from September (69); January and February still carry the
 * September plate of the year before (68).
 */
export function ageIdentifier(year: number, month: number): string {
  const age = month < 3 ? ((year - 1) % 100) + 50 : month < 9 ? year % 100 : (year % 100) + 50;
  return String(age).padStart(2, '0');
}

/** A current-format registration DVLA never issues: a Q among the last three letters. */
export function unissuedRegistration(random: Random, year: number, month: number): string {
  const memoryTag = letter(random, REGION_LETTERS) + letter(random, OFFICE_LETTERS);
  const last = [letter(random, RANDOM_LETTERS), letter(random, RANDOM_LETTERS)];
  last.splice(Math.floor(random() * 3), 0, 'Q');
  return `${memoryTag}${ageIdentifier(year, month)}${last.join('')}`;
}

function makeVehicle(random: Random): DemoVehicle {
  const [make, , models, since = FIRST_YEAR] = weighted(random, MAKES);
  const year = since + Math.floor(random() * (LAST_YEAR - since + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const electric = make === 'TESLA';
  return {
    registration: unissuedRegistration(random, year, month),
    make,
    model: pick(random, models),
    yearOfManufacture: year,
    firstRegistered: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    fuelType: electric ? 'ELECTRICITY' : weighted(random, FUELS)[0],
    colour: pick(random, COLOURS),
    engineCapacity: electric ? null : pick(random, ENGINES),
    milesPerYear: 100 * Math.round(40 + random() * 90),
  };
}

let catalogue: { list: DemoVehicle[]; byRegistration: Map<string, DemoVehicle> } | undefined;

function demoCatalogue() {
  if (catalogue) return catalogue;
  const random = seededRandom(CATALOGUE_SEED);
  const byRegistration = new Map<string, DemoVehicle>();
  while (byRegistration.size < DEMO_VEHICLE_COUNT) {
    const vehicle = makeVehicle(random);
    if (!byRegistration.has(vehicle.registration)) byRegistration.set(vehicle.registration, vehicle);
  }
  catalogue = { list: [...byRegistration.values()], byRegistration };
  return catalogue;
}

/** Every demo car, always in the same order. */
export const demoVehicles = (): readonly DemoVehicle[] => demoCatalogue().list;

/** The demo car with this registration (upper case, no spaces), if there is one: requested or offered for. */
export const demoVehicle = (registration: string): DemoVehicle | undefined =>
  demoCatalogue().byRegistration.get(registration) ?? demoOffered().byRegistration.get(registration);

/**
 * The cars we made offers on in the year before the demo (issue 34, demo-offers.ts): common models,
 * `perYear` of each for every year from 2013 (or `since`) to 2022, so a demo seller with a common
 * car (the fake DVLA's AA19AAA is a 2019 Ford Focus) sees an indicative price. Fixed like the
 * catalogue, apart from it (its registrations are none of the catalogue's), and known to the fakes.
 * They drive 5,000 to 10,000 miles a year, about what UK cars do.
 */
export const DEMO_OFFERED_MODELS: [make: string, model: string, perYear: number, since?: number][] = [
  ['FORD', 'FOCUS', 9],
  ['FORD', 'FIESTA', 9],
  ['FORD', 'KUGA', 9],
  ['VAUXHALL', 'CORSA', 6],
  ['VAUXHALL', 'ASTRA', 6],
  ['VOLKSWAGEN', 'GOLF', 6],
  ['VOLKSWAGEN', 'POLO', 6],
  ['NISSAN', 'QASHQAI', 6],
  ['TESLA', 'MODEL 3', 6, 2019],
];
const OFFERED_FIRST_YEAR = 2013;
const OFFERED_SEED = 34;

let offered: { list: DemoVehicle[]; byRegistration: Map<string, DemoVehicle> } | undefined;

function demoOffered() {
  if (offered) return offered;
  const random = seededRandom(OFFERED_SEED);
  const taken = demoCatalogue().byRegistration;
  const byRegistration = new Map<string, DemoVehicle>();
  for (const [make, model, perYear, since = OFFERED_FIRST_YEAR] of DEMO_OFFERED_MODELS) {
    for (let year = since; year <= LAST_YEAR; year += 1) {
      for (let made = 0; made < perYear;) {
        const month = 1 + Math.floor(random() * 12);
        const registration = unissuedRegistration(random, year, month);
        if (taken.has(registration) || byRegistration.has(registration)) continue;
        const electric = make === 'TESLA';
        byRegistration.set(registration, {
          registration,
          make,
          model,
          yearOfManufacture: year,
          firstRegistered: `${year}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
          fuelType: electric ? 'ELECTRICITY' : weighted(random, FUELS)[0],
          colour: pick(random, COLOURS),
          engineCapacity: electric ? null : pick(random, ENGINES.slice(0, 5)),
          milesPerYear: 100 * Math.round(50 + random() * 50),
        });
        made += 1;
      }
    }
  }
  offered = { list: [...byRegistration.values()], byRegistration };
  return offered;
}

/** The cars we made offers on before the demo's requests, always in the same order. */
export const demoOfferedVehicles = (): readonly DemoVehicle[] => demoOffered().list;

const YEAR_MS = 365.25 * 86_400_000;

/** Its odometer on a day: its yearly miles since it was first registered, to the nearest 10. */
export function demoOdometer(vehicle: DemoVehicle, on: Date): number {
  const years = Math.max(0, (on.getTime() - Date.parse(`${vehicle.firstRegistered}T00:00:00Z`)) / YEAR_MS);
  return Math.max(10, Math.round((years * vehicle.milesPerYear) / 10) * 10);
}

const DAY_MS = 86_400_000;

/**
 * Its last MOT before `on`, as the request would have found it (issue 37's plausibility checks): a
 * test a year from the third anniversary of first registration, a few days early (1 to 20, the
 * same each year for the same car and year), and the odometer then. Undefined before the first MOT.
 * Close to the fake DVSA's history of the car (test/fakes/demo-vehicle-records.ts), not the same
 * day: that one draws its days from a sequence of its own, which a seeder of a million rows cannot
 * afford to replay for each.
 */
export function demoLastMot(vehicle: DemoVehicle, on: Date): { miles: number; testedOn: string } | undefined {
  const [year, month, day] = vehicle.firstRegistered.split('-').map(Number) as [number, number, number];
  const seed = [...vehicle.registration].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1_000_003, 17);
  for (let years = on.getUTCFullYear() - year + 1; years >= 3; years--) {
    const early = 1 + ((seed + years * 7) % 20);
    const tested = new Date(Date.UTC(year + years, month - 1, day) - early * DAY_MS + 10 * 3_600_000);
    if (tested <= on) return { miles: demoOdometer(vehicle, tested), testedOn: tested.toISOString().slice(0, 10) };
  }
  return undefined;
}
