import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { pick, seededRandom, type Random } from '~/server/lib/seeded-random';
import { toE164 } from '~/shared/phone';
import { PROMISE_HOURS, PROMISE_WARNING_HOURS } from '~/shared/staff-pipeline';
import { DEMO_VEHICLE_COUNT, demoLastMot, demoOdometer, demoVehicles } from './demo-vehicles';
import { withFreshReferences, type ReferenceDraw } from './valuation-reference';

export { seededRandom };

/**
 * Made-up but realistic valuation requests in bulk, for the demo and for measuring the back office
 * at scale (issue 11; `npm run seed:demo`, src/server/cli/seed-demo.ts), each one a request the
 * valuation form itself would accept (issue 31): the demo's made-up cars (./demo-vehicles.ts,
 * which the local fake DVLA and DVSA know) with their mileage on the day, every answer the form
 * asks for, names, postcodes in real districts, created over the last two years, mixed statuses,
 * a share archived. Contacts are never anyone's: e-mail at example.com, .org or .net (reserved,
 * RFC 2606) and phones in Ofcom's drama ranges (DRAMA_LANDLINES).
 *
 * Rows go in batches of 5,000, each one INSERT … SELECT FROM unnest() with one array parameter per
 * column (COLUMNS, whatever the batch size, no per-row SQL), the same on both engines. Most of
 * the time is PostgreSQL maintaining the table's indexes (four trigram GIN indexes among them).
 */

const BATCH = 5_000;

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
const SECTOR_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/**
 * Ofcom's telephone numbers for drama (geographic, 1,000 each), those libphonenumber takes as
 * numbers that exist, so they pass the form's check; no line anywhere has one. Ofcom's mobile
 * range (07700 900xxx) is not among them: libphonenumber rightly refuses it.
 */
export const DRAMA_LANDLINES = [
  '020 7946 0',
  '0113 496 0',
  '0114 496 0',
  '0116 496 0',
  '0117 496 0',
  '0118 496 0',
  '0121 496 0',
  '0131 496 0',
  '0141 496 0',
  '0151 496 0',
  '0161 496 0',
  '0191 498 0',
];
/** Reserved for examples (RFC 2606): no mailbox at them belongs to anyone. */
const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'];
const MONTHS = ['January', 'March', 'May', 'June', 'September', 'November'];
const MECHANICAL_ISSUES = [
  'Clutch is heavy and slips a little on hills.',
  'Engine warning light comes on now and then.',
  'Air conditioning blows warm air.',
  'Knocking from the front suspension over bumps.',
];

const sectorLetters = (random: Random) =>
  Array.from({ length: 2 }, () => pick(random, SECTOR_LETTERS.split(''))).join('');

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Requests are spread over the last two years unless asked otherwise. */
export const DEFAULT_SPAN_DAYS = 730;

type RowOptions = { now: Date; random: Random; serial: number; spanDays: number };

/** Created at any moment of the span before now, more of them in the daytime. */
function createdAt({ now, random, spanDays }: RowOptions): Date {
  const created = new Date(now.getTime() - Math.floor(random() * spanDays * DAY));
  if (random() < 0.7) created.setUTCHours(8 + Math.floor(random() * 12));
  if (created > now) created.setTime(now.getTime() - Math.floor(random() * 3_600_000));
  // The hour can move the first day's requests before the span: they stay at its start.
  created.setTime(Math.max(created.getTime(), now.getTime() - spanDays * DAY));
  return created;
}

/** Older requests have been dealt with; some were archived after a while. */
function progressOf({ now, random }: RowOptions, created: Date) {
  const ageDays = (now.getTime() - created.getTime()) / DAY;
  const status =
    ageDays < 3 ? 'new' : random() < Math.min(0.9, ageDays / 60) ? pick(random, ['contacted', 'completed']) : 'new';
  const archived = ageDays > 14 && random() < Math.min(0.35, ageDays / 400);
  const archivedAt = archived
    ? new Date(Math.min(now.getTime(), created.getTime() + (7 + random() * 60) * DAY)).toISOString()
    : null;
  // A request that moved on was answered first: mostly within the 24-hour promise, a few late.
  const answeredAfterHours = random() < 0.9 ? 0.5 + random() * 23 : 24 + random() * 48;
  const answeredAt = Math.min(now.getTime(), created.getTime() + answeredAfterHours * HOUR);
  const firstAnsweredAt = status === 'new' ? null : new Date(answeredAt).toISOString();
  // A request still unanswered had each alert when it fell due, as the promise job sends them: the
  // job must not send hundreds at the first start after a seed (nor touch their rows).
  const alertAt = (hours: number) =>
    status === 'new' && ageDays * 24 >= hours ? new Date(created.getTime() + hours * HOUR).toISOString() : null;
  const warningSentAt = alertAt(PROMISE_WARNING_HOURS);
  const breachSentAt = alertAt(PROMISE_HOURS);
  return { status, createdAt: created.toISOString(), archivedAt, firstAnsweredAt, warningSentAt, breachSentAt };
}

/** The car (one of the demo cars, so the fakes know it) as the lookup gave it, and its mileage then. */
function vehicleOf({ serial }: RowOptions, created: Date) {
  const vehicle = demoVehicles()[serial % DEMO_VEHICLE_COUNT]!;
  const lastMot = demoLastMot(vehicle, created);
  return {
    registration: vehicle.registration,
    mileage: demoOdometer(vehicle, created),
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.yearOfManufacture,
    fuelType: vehicle.fuelType,
    color: vehicle.colour,
    engineSize: vehicle.engineCapacity === null ? null : String(vehicle.engineCapacity),
    // What DVSA's history said when the request came in (the plausibility checks' mileage check).
    motLastOdometerMiles: lastMot?.miles ?? null,
    motLastTestOn: lastMot?.testedOn ?? null,
  };
}

/** The seller's answers about the car's condition and finance, each one the form offers. */
export function answersOf({ random }: Pick<RowOptions, 'random'>, created: Date, electric: boolean) {
  const cambeltChanged = electric ? 'not_sure' : pick(random, ['yes', 'yes', 'no', 'not_sure']);
  const changedIn = created.getUTCFullYear() - 1 - Math.floor(random() * 3);
  const mechanicalIssues = random() < 0.15 ? 'yes' : 'no';
  return {
    overallCondition: pick(random, ['great', 'great', 'fair', 'fair', 'fair', 'poor']),
    scuffedWheels: pick(random, [0, 0, 0, 1, 1, 2, 4, -1]),
    tyresNeedReplacing: pick(random, [0, 0, 0, 0, 1, 2, -1]),
    cambeltChanged,
    cambeltDate: cambeltChanged === 'yes' ? `${pick(random, MONTHS)} ${changedIn}` : null,
    serviceHistory: pick(random, ['full', 'full', 'partial', 'none']),
    mechanicalIssues,
    mechanicalDetails: mechanicalIssues === 'yes' ? pick(random, MECHANICAL_ISSUES) : null,
    outstandingFinance: random() < 0.2 ? 'yes' : 'no',
  };
}

/**
 * A seller nobody can reach: a drama-range landline (so they asked for calls only: a landline
 * takes no texts or WhatsApp messages) and an address at a reserved domain.
 */
export function sellerOf({ random, serial }: Pick<RowOptions, 'random' | 'serial'>) {
  const firstName = pick(random, FIRST_NAMES);
  const lastName = pick(random, LAST_NAMES);
  const district = pick(random, DISTRICTS);
  const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  const phone = `${pick(random, DRAMA_LANDLINES)}${String(serial % 1000).padStart(3, '0')}`;
  return {
    firstName,
    lastName,
    postcode: `${district} ${Math.floor(random() * 10)}${sectorLetters(random)}`,
    email: `${local}${serial}@${pick(random, EMAIL_DOMAINS)}`,
    phone,
    phoneE164: toE164(phone)!,
    contactPreference: 'call',
  };
}

/**
 * `count` request times over the span, oldest first, for seedValuations: a live table holds its
 * requests in the order they arrived (each inserted as it came), and so does the seeded one. Drawn
 * in random order, a million rows lay in no order on disk, and reading the list newest first
 * jumped between the table's pages (and its visibility map's) at every entry: page 500 read 3,599
 * buffers on PostgreSQL instead of 64 (4.0 ms instead of 1.6).
 */
export function arrivalTimes(count: number, options: { now: Date; random: Random; spanDays?: number }): Date[] {
  const spanDays = options.spanDays ?? DEFAULT_SPAN_DAYS;
  const times = Float64Array.from({ length: count }, () => createdAt({ ...options, spanDays, serial: 0 }).getTime());
  return Array.from(times.sort(), (time) => new Date(time));
}

/** One made-up request, with the columns as the INSERT takes them (`created`: when it arrived). */
function makeValuation(options: RowOptions, created = createdAt(options)) {
  const vehicle = vehicleOf(options, created);
  return {
    ...vehicle,
    ...answersOf(options, created, vehicle.fuelType === 'ELECTRICITY'),
    ...sellerOf(options),
    ...progressOf(options, created),
  };
}

type Row = ReturnType<typeof makeValuation>;
type Columns = { [K in keyof Row]: Row[K][] };

/** One batch of made-up valuations, as one array per column (the INSERT's unnest() takes them). */
export function makeValuations(
  count: number,
  options: { now: Date; random: Random; serial: number; spanDays?: number; arrivals?: readonly Date[] },
): Columns {
  const spanDays = options.spanDays ?? DEFAULT_SPAN_DAYS;
  const rows = Array.from({ length: count }, (_, i) =>
    makeValuation({ ...options, spanDays, serial: options.serial + i }, options.arrivals?.[i]),
  );
  return Object.fromEntries(COLUMNS.map(([key]) => [key, rows.map((row) => row[key])])) as Columns;
}

/** Each column the INSERT fills from an array: the row's key, the table's column, the array's type. */
const COLUMNS = [
  ['registration', 'registration', 'text'],
  ['mileage', 'mileage', 'int'],
  ['make', 'make', 'text'],
  ['model', 'model', 'text'],
  ['year', 'year', 'int'],
  ['fuelType', 'fuel_type', 'text'],
  ['color', 'color', 'text'],
  ['engineSize', 'engine_size', 'text'],
  ['motLastOdometerMiles', 'mot_last_odometer_miles', 'int'],
  ['motLastTestOn', 'mot_last_test_on', 'date'],
  ['overallCondition', 'overall_condition', 'text'],
  ['scuffedWheels', 'scuffed_wheels', 'int2'],
  ['tyresNeedReplacing', 'tyres_need_replacing', 'int2'],
  ['cambeltChanged', 'cambelt_changed', 'text'],
  ['cambeltDate', 'cambelt_date', 'text'],
  ['serviceHistory', 'service_history', 'text'],
  ['mechanicalIssues', 'mechanical_issues', 'text'],
  ['mechanicalDetails', 'mechanical_details', 'text'],
  ['outstandingFinance', 'outstanding_finance', 'text'],
  ['firstName', 'first_name', 'text'],
  ['lastName', 'last_name', 'text'],
  ['postcode', 'postcode', 'text'],
  ['email', 'email', 'text'],
  ['phone', 'phone', 'text'],
  ['phoneE164', 'phone_e164', 'text'],
  ['contactPreference', 'contact_preference', 'text'],
  ['status', 'status', 'text'],
  ['createdAt', 'created_at', 'timestamptz'],
  ['archivedAt', 'archived_at', 'timestamptz'],
  ['firstAnsweredAt', 'first_answered_at', 'timestamptz'],
  ['warningSentAt', 'warning_sent_at', 'timestamptz'],
  ['breachSentAt', 'breach_sent_at', 'timestamptz'],
] as const satisfies readonly (readonly [keyof Row, string, string])[];

/** Columns copied as they come; the others are worked out in the SELECT below. */
const WORKED_OUT = new Set<string>([
  'contact_preference',
  'status',
  'created_at',
  'archived_at',
  'warning_sent_at',
  'breach_sent_at',
]);
const copied = COLUMNS.map(([, column]) => column).filter((column) => !WORKED_OUT.has(column));
/** The references' parameter, after the columns' ones. */
const REFERENCES = `$${COLUMNS.length + 1}::text[]`;

/**
 * One statement per batch: each column is one array parameter, unnested side by side, so the
 * statement has as many parameters as columns whatever the batch size; the references last. A
 * reference already taken skips its row, which insertBatch sends again.
 */
const INSERT = `
  insert into car_valuations (${copied.join(', ')}, contact_preference, agree_to_contact, status,
    created_at, updated_at, is_archived, archived_at, promise_warning_sent_at, promise_breach_sent_at, reference)
  select ${copied.join(', ')}, string_to_array(contact_preference, ','), true, status::valuation_status,
    created_at, coalesce(archived_at, created_at), archived_at is not null, archived_at, warning_sent_at,
    breach_sent_at, reference
  from unnest(${COLUMNS.map(([, , type], i) => `$${i + 1}::${type}[]`).join(', ')}, ${REFERENCES})
    as v(${COLUMNS.map(([, column]) => column).join(', ')}, reference)
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
      const params = [...COLUMNS.map(([key]) => rows.map((row) => columns[key][row])), references];
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

/**
 * Inserts `count` valuations in batches, oldest first as they would have arrived (arrivalTimes),
 * calling `progress` after each; resolves to the rows inserted.
 */
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
  const arrivals = arrivalTimes(count, { now, random, spanDays: options.spanDays });
  let done = 0;
  while (done < count) {
    const size = Math.min(BATCH, count - done);
    const batch = makeValuations(size, {
      now,
      random,
      spanDays: options.spanDays,
      serial: options.seed * 10_000_000 + done,
      arrivals: arrivals.slice(done, done + size),
    });
    await insertBatch(database, batch, options.newReference);
    done += size;
    options.progress?.(done);
  }
  return done;
}
