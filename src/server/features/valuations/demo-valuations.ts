import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { pick, seededRandom, weighted, type Random } from '~/server/lib/seeded-random';
import { withFreshReferences, type ReferenceDraw } from './valuation-reference';

export { seededRandom };

/**
 * Made-up but realistic valuation requests in bulk, for the demo and for measuring the back office
 * at scale (issue 11; `npm run seed:demo`, src/server/cli/seed-demo.ts): UK makes and models with
 * fitting years and mileages, registrations in the current format (two letters, the age identifier,
 * three letters), names, postcodes in real districts, created over the last two years, mixed
 * statuses, a share archived. Contacts are never anyone's: e-mail at example.com / example.co.uk
 * (reserved, RFC 2606), phones in Ofcom's 07700 900xxx drama range.
 *
 * Rows go in batches of 5,000, each one INSERT … SELECT FROM unnest() with one array parameter per
 * column (23 parameters whatever the batch size, no per-row SQL), the same on both engines. Most of
 * the time is PostgreSQL maintaining the table's indexes (four trigram GIN indexes among them).
 */

const BATCH = 5_000;

/** Makes with models, weighted roughly like UK used-car sales. */
const VEHICLES: [make: string, weight: number, models: string[]][] = [
  ['FORD', 14, ['Fiesta', 'Focus', 'Kuga', 'Puma', 'Mondeo', 'EcoSport', 'Galaxy']],
  ['VAUXHALL', 10, ['Corsa', 'Astra', 'Mokka', 'Insignia', 'Grandland', 'Crossland']],
  ['VOLKSWAGEN', 10, ['Golf', 'Polo', 'Tiguan', 'T-Roc', 'Passat', 'Up']],
  ['BMW', 7, ['1 Series', '3 Series', '5 Series', 'X1', 'X3', 'X5']],
  ['MERCEDES-BENZ', 7, ['A Class', 'C Class', 'E Class', 'GLA', 'GLC']],
  ['AUDI', 7, ['A1', 'A3', 'A4', 'A6', 'Q3', 'Q5']],
  ['TOYOTA', 6, ['Yaris', 'Corolla', 'Aygo', 'C-HR', 'RAV4', 'Prius']],
  ['NISSAN', 5, ['Qashqai', 'Juke', 'Micra', 'Leaf', 'X-Trail']],
  ['PEUGEOT', 4, ['208', '308', '2008', '3008', '5008']],
  ['KIA', 4, ['Picanto', 'Rio', 'Ceed', 'Sportage', 'Niro']],
  ['HYUNDAI', 4, ['i10', 'i20', 'i30', 'Tucson', 'Kona']],
  ['RENAULT', 3, ['Clio', 'Captur', 'Megane', 'Kadjar']],
  ['MINI', 3, ['Hatch', 'Clubman', 'Countryman']],
  ['HONDA', 3, ['Jazz', 'Civic', 'CR-V', 'HR-V']],
  ['SKODA', 3, ['Fabia', 'Octavia', 'Superb', 'Kodiaq', 'Karoq']],
  ['SEAT', 2, ['Ibiza', 'Leon', 'Arona', 'Ateca']],
  ['CITROEN', 2, ['C1', 'C3', 'C4', 'C5 Aircross']],
  ['FIAT', 2, ['500', 'Panda', 'Tipo']],
  ['MAZDA', 2, ['Mazda2', 'Mazda3', 'CX-3', 'CX-5', 'MX-5']],
  ['LAND ROVER', 2, ['Range Rover Evoque', 'Discovery Sport', 'Defender', 'Range Rover Sport']],
  ['VOLVO', 2, ['XC40', 'XC60', 'XC90', 'V40', 'V60']],
  ['TESLA', 1, ['Model 3', 'Model Y', 'Model S']],
  ['SUZUKI', 1, ['Swift', 'Vitara', 'Ignis']],
  ['JAGUAR', 1, ['XE', 'XF', 'F-Pace', 'E-Pace']],
  ['DACIA', 1, ['Sandero', 'Duster', 'Jogger']],
];
const FIRST_NAMES = [
  'Oliver',
  'George',
  'Harry',
  'Jack',
  'Jacob',
  'Noah',
  'Charlie',
  'Muhammad',
  'Thomas',
  'Oscar',
  'William',
  'James',
  'Leo',
  'Alfie',
  'Henry',
  'Joshua',
  'Freddie',
  'Archie',
  'Ethan',
  'Isaac',
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Emily',
  'Sophia',
  'Grace',
  'Mia',
  'Poppy',
  'Ella',
  'Lily',
  'Evie',
  'Isabella',
  'Sophie',
  'Ivy',
  'Freya',
  'Harper',
  'Willow',
  'Aisha',
  'Priya',
  'Ravi',
  'Siobhan',
  'Niamh',
  'Callum',
  'Rhys',
  'Megan',
  'Fiona',
  'Hamish',
  'Tomasz',
  'Zofia',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'James',
  'Phillips',
  'Mason',
  'Mitchell',
  'Rose',
  'Davis',
  'Rodriguez',
  'Cox',
  'Alexander',
  'Morgan',
  'Hughes',
  'Edwards',
  'Hill',
  'Moore',
  'Clark',
  'Harrison',
  'Scott',
  'Young',
  'Morris',
  'Hussain',
  'Ahmed',
  'Singh',
  "O'Brien",
  'MacDonald',
  'Campbell',
  'Kowalski',
  'Nowak',
];
/** Postcode districts from the north of Scotland to Cornwall, Lincolnshire (the base) weighted up. */
const DISTRICTS = [
  'LN11',
  'LN11',
  'LN11',
  'LN1',
  'LN2',
  'LN6',
  'LN12',
  'DN31',
  'DN32',
  'DN35',
  'PE21',
  'PE25',
  'NG1',
  'NG7',
  'NG31',
  'S1',
  'S10',
  'HU1',
  'HU5',
  'LS1',
  'LS6',
  'YO1',
  'M1',
  'M20',
  'L1',
  'L18',
  'B1',
  'B15',
  'CV1',
  'LE1',
  'NR1',
  'CB1',
  'OX1',
  'MK9',
  'SW1A',
  'SE1',
  'E1',
  'N1',
  'NW3',
  'W1D',
  'EC1A',
  'BR1',
  'CR0',
  'RH1',
  'BN1',
  'SO14',
  'PO1',
  'BS1',
  'BA1',
  'EX1',
  'PL1',
  'TR1',
  'CF10',
  'SA1',
  'LL57',
  'CH1',
  'ST1',
  'WV1',
  'DE1',
  'NE1',
  'SR1',
  'DH1',
  'TS1',
  'CA1',
  'LA1',
  'PR1',
  'BD1',
  'EH1',
  'G1',
  'AB10',
  'DD1',
  'IV1',
  'KY16',
  'BT1',
];
const COLOURS = ['BLACK', 'WHITE', 'SILVER', 'GREY', 'BLUE', 'RED', 'GREEN', 'ORANGE', 'YELLOW', 'BROWN'];
const FUELS: [string, number][] = [
  ['PETROL', 55],
  ['DIESEL', 30],
  ['HYBRID ELECTRIC', 10],
  ['ELECTRICITY', 5],
];
const ENGINES = ['999', '1198', '1499', '1598', '1995', '1968', '2993'];
/** The local memory tag's first letter (DVLA region), and letters used in the random part (no I, Q). */
const AREA_FIRST = 'ABCDEFGHKLMNOPRSVWY';
const LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
const SECTOR_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

const letters = (random: Random, alphabet: string, n: number) =>
  Array.from({ length: n }, () => pick(random, alphabet.split(''))).join('');

/**
 * A current-format registration (AB18CDE) for a car first registered in `year`, no later than
 * `before`: the age identifier is the year from March (18) and the year plus 50 from September
 * (68); January and February still carry the September plate of the year before (67).
 */
export function ukRegistration(random: Random, year: number, before: Date): string {
  const latest = year === before.getUTCFullYear() ? before.getUTCMonth() : 11; // 0 = January
  const month = Math.floor(random() * (latest + 1));
  const age = month < 2 ? ((year - 1) % 100) + 50 : month < 8 ? year % 100 : (year % 100) + 50;
  const plate = `${pick(random, AREA_FIRST.split(''))}${letters(random, LETTERS, 1)}`;
  return `${plate}${String(age).padStart(2, '0')}${letters(random, LETTERS, 3)}`;
}

const DAY = 86_400_000;
/** Requests are spread over the last two years unless asked otherwise. */
export const DEFAULT_SPAN_DAYS = 730;

/** One batch of made-up valuations, as one array per column (the INSERT's unnest() takes them). */
export function makeValuations(
  count: number,
  options: { now: Date; random: Random; serial: number; spanDays?: number },
) {
  const { now, random } = options;
  const spanDays = options.spanDays ?? DEFAULT_SPAN_DAYS;
  const columns = {
    registration: [] as string[],
    mileage: [] as number[],
    make: [] as string[],
    model: [] as string[],
    year: [] as number[],
    fuelType: [] as string[],
    color: [] as string[],
    engineSize: [] as string[],
    overallCondition: [] as string[],
    scuffedWheels: [] as number[],
    tyresNeedReplacing: [] as number[],
    outstandingFinance: [] as string[],
    firstName: [] as string[],
    lastName: [] as string[],
    postcode: [] as string[],
    email: [] as string[],
    phone: [] as string[],
    phoneE164: [] as string[],
    contactPreference: [] as string[],
    status: [] as string[],
    createdAt: [] as string[],
    archivedAt: [] as (string | null)[],
  };
  for (let i = 0; i < count; i++) {
    const serial = options.serial + i;
    // Created at any moment of the last two years, more of them in the daytime.
    const created = new Date(now.getTime() - Math.floor(random() * spanDays * DAY));
    if (random() < 0.7) created.setUTCHours(8 + Math.floor(random() * 12));
    if (created > now) created.setTime(now.getTime() - Math.floor(random() * 3_600_000));
    const createdYear = created.getUTCFullYear();
    const [make, , models] = weighted(random, VEHICLES);
    const year = Math.max(2003, createdYear - Math.floor(random() * random() * 18));
    const ageYears = Math.max(0.3, createdYear - year + random());
    const firstName = pick(random, FIRST_NAMES);
    const lastName = pick(random, LAST_NAMES);
    const ageDays = (now.getTime() - created.getTime()) / DAY;
    // Older requests have been dealt with; some were archived after a while.
    const status =
      ageDays < 3 ? 'new' : random() < Math.min(0.9, ageDays / 60) ? pick(random, ['contacted', 'completed']) : 'new';
    const archived = ageDays > 14 && random() < Math.min(0.35, ageDays / 400);
    const archivedAt = archived
      ? new Date(Math.min(now.getTime(), created.getTime() + (7 + random() * 60) * DAY)).toISOString()
      : null;
    const electric = make === 'TESLA';
    const district = pick(random, DISTRICTS);
    const number = String(serial % 1000).padStart(3, '0');

    columns.registration.push(ukRegistration(random, year, created));
    columns.mileage.push(Math.round((ageYears * (5_000 + random() * 7_000)) / 10) * 10);
    columns.make.push(make);
    columns.model.push(pick(random, models));
    columns.year.push(year);
    columns.fuelType.push(electric ? 'ELECTRICITY' : weighted(random, FUELS)[0]);
    columns.color.push(pick(random, COLOURS));
    columns.engineSize.push(electric ? '0' : pick(random, ENGINES));
    columns.overallCondition.push(pick(random, ['great', 'great', 'fair', 'fair', 'fair', 'poor']));
    columns.scuffedWheels.push(pick(random, [0, 0, 0, 1, 1, 2, 4, -1]));
    columns.tyresNeedReplacing.push(pick(random, [0, 0, 0, 0, 1, 2, -1]));
    columns.outstandingFinance.push(random() < 0.2 ? 'yes' : 'no');
    columns.firstName.push(firstName);
    columns.lastName.push(lastName);
    columns.postcode.push(`${district} ${Math.floor(random() * 10)}${letters(random, SECTOR_LETTERS, 2)}`);
    const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    columns.email.push(`${local}${serial}@${random() < 0.5 ? 'example.com' : 'example.co.uk'}`);
    columns.phone.push(`07700 900${number}`);
    columns.phoneE164.push(`+447700900${number}`);
    columns.contactPreference.push(pick(random, ['call', 'text', 'call,text', 'call,whatsapp', 'whatsapp']));
    columns.status.push(status);
    columns.createdAt.push(created.toISOString());
    columns.archivedAt.push(archivedAt);
  }
  return columns;
}

type Columns = ReturnType<typeof makeValuations>;

/**
 * One statement per batch: each column is one array parameter, unnested side by side; the
 * references last. A reference already taken skips its row, which insertBatch sends again.
 */
const INSERT = `
  insert into car_valuations (registration, mileage, make, model, year, fuel_type, color, engine_size,
    overall_condition, scuffed_wheels, tyres_need_replacing, outstanding_finance, first_name, last_name,
    postcode, email, phone, phone_e164, contact_preference, agree_to_contact, status, created_at,
    updated_at, is_archived, archived_at, reference)
  select registration, mileage, make, model, year, fuel_type, color, engine_size, overall_condition,
    scuffed_wheels, tyres_need_replacing, outstanding_finance, first_name, last_name, postcode, email,
    phone, phone_e164, string_to_array(contact_preference, ','), true, status::valuation_status,
    created_at, coalesce(archived_at, created_at), archived_at is not null, archived_at, reference
  from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
    $8::text[], $9::text[], $10::int2[], $11::int2[], $12::text[], $13::text[], $14::text[],
    $15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[], $21::timestamptz[],
    $22::timestamptz[], $23::text[])
    as v(registration, mileage, make, model, year, fuel_type, color, engine_size, overall_condition,
      scuffed_wheels, tyres_need_replacing, outstanding_finance, first_name, last_name, postcode, email,
      phone, phone_e164, contact_preference, status, created_at, archived_at, reference)
  on conflict (reference) do nothing
  returning reference`;

/**
 * The references are drawn here, not by makeValuations, so a seed still makes the same rows while
 * every run (a repeated seed with --force too) gets references of its own.
 */
async function insertBatch(database: Database, columns: Columns, draw?: ReferenceDraw): Promise<void> {
  await withFreshReferences(
    columns.registration.length,
    async (rows, references) => {
      const params = [...Object.values(columns).map((values) => rows.map((row) => values[row])), references];
      // The raw drivers: drizzle's sql`` would spread each array into one parameter per element.
      const result =
        database.engine === 'pglite'
          ? await database.client.query<{ reference: string }>(INSERT, params)
          : await database.client.query<{ reference: string }>(INSERT, params);
      return result.rows.map((row) => row.reference);
    },
    draw,
  );
}

/** How many valuations the database holds, counted up to a million. */
export async function existingValuations(database: Database): Promise<number> {
  const result = await database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from (select 1 from car_valuations limit 1000000) as existing`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** Inserts `count` valuations in batches, calling `progress` after each; resolves to the rows inserted. */
export async function seedValuations(
  database: Database,
  count: number,
  options: {
    seed: number;
    now?: Date;
    spanDays?: number;
    progress?: (done: number) => void;
    /** Tests pass their own to make references clash. */
    newReference?: ReferenceDraw;
  },
): Promise<number> {
  const random = seededRandom(options.seed);
  const now = options.now ?? new Date();
  let done = 0;
  while (done < count) {
    const size = Math.min(BATCH, count - done);
    await insertBatch(
      database,
      makeValuations(size, { now, random, spanDays: options.spanDays, serial: options.seed * 10_000_000 + done }),
      options.newReference,
    );
    done += size;
    options.progress?.(done);
  }
  return done;
}
