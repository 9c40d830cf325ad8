/**
 * The indicative price's query at scale (issue 34): how long `findIndicativeRange` takes, the
 * query a valuation request runs at submit, on BENCH_COMPARABLES_VALUATIONS valuations (default
 * 1,000,000) of which BENCH_COMPARABLES_OFFERS offers were made (default 200,000). `npm run bench`
 * runs it after the outbox; on its own:
 *
 *   npx tsx bench/comparables.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/comparables.ts
 *   BENCH_COMPARABLES_VALUATIONS=20000 BENCH_COMPARABLES_OFFERS=4000 npx tsx bench/comparables.ts   # a quick check
 *
 * For each engine (PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set) it keeps a
 * database of its own between runs, as seeding a million rows takes minutes:
 *   PGlite      bench/.data/pglite-comparables-<V>-<O>/ (delete it to seed again)
 *   PostgreSQL  the database `bench_comparables_<V>_<O>` on that server, dropped and seeded again
 *               when it does not hold exactly V valuations and O offers.
 * The valuations are the demo seeder's (the demo's 1,000 made-up cars, over two years); the offers
 * go to valuations picked at random, one each, and a second one (the first superseded) to 15 % of
 * them, a day or so after the request, priced by age, mileage and condition.
 *
 * Then it asks for BENCH_COMPARABLES_QUERIES (default 500) indicative prices, after 50 not counted,
 * for cars drawn from the same catalogue with every condition and mileages around theirs, each
 * timed alone (one query at a time, as a submission runs it inside its transaction). It also checks
 * that PostgreSQL's plan walks the comparables index.
 *
 * stdout: one JSON line per engine, {engine, valuations, offers, queries, p50Ms, p99Ms, meanMs,
 * maxMs, withRange, meanCount, seededSeconds, usesIndex, problems}. Progress goes to stderr. Exit
 * code 1 if an engine could not be measured.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '~/server/db/client';
import { runMigrations } from '~/server/db/migrate';
import { findIndicativeRange, indicativeRangeQuery, type ComparableCar } from '~/server/features/comparables';
import { seedValuations } from '~/server/features/valuations/demo-valuations';
import { demoOdometer, demoVehicles } from '~/server/features/valuations/demo-vehicles';
import { pick, seededRandom } from '~/server/lib/seeded-random';

type Engine = 'pglite' | 'postgres';
export type ComparablesResult = {
  engine: Engine;
  valuations: number;
  offers: number;
  queries: number;
  p50Ms: number | null;
  p99Ms: number | null;
  meanMs: number | null;
  maxMs: number | null;
  /** How many of the cars asked about got a range (the others had fewer than 5 similar offers). */
  withRange: number | null;
  /** The mean number of offers behind a range. */
  meanCount: number | null;
  /** Seconds spent seeding on this run; null when the kept database was used. */
  seededSeconds: number | null;
  /** PostgreSQL only: whether EXPLAIN shows the comparables index. */
  usesIndex: boolean | null;
  problems: string[];
};

const WARM_UP = 50;
/** Of the requests with offers, this share had two (the first superseded). */
const SECOND_OFFER_SHARE = 0.15;
const VALUATION_SEED = 34;
const dataRoot = path.join(import.meta.dirname, '.data');

async function main(): Promise<number> {
  const valuations = wholeNumber('BENCH_COMPARABLES_VALUATIONS', 1_000_000);
  const offers = wholeNumber('BENCH_COMPARABLES_OFFERS', 200_000);
  const queries = wholeNumber('BENCH_COMPARABLES_QUERIES', 500);
  if (offers > valuations * (1 + SECOND_OFFER_SHARE)) {
    console.error('comparables bench: more offers than the valuations can take; lower BENCH_COMPARABLES_OFFERS');
    return 1;
  }
  const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
  const engines: Engine[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];
  progress(
    engines.join(' and '),
    `${valuations.toLocaleString('en-GB')} valuations, ${offers.toLocaleString('en-GB')} offers, ${queries} queries`,
  );
  let failed = false;
  for (const engine of engines) {
    const result = await runEngine(engine, { valuations, offers, queries, serverUrl });
    for (const problem of result.problems) progress(engine, `PROBLEM: ${problem}`);
    failed ||= result.p99Ms === null;
    console.log(JSON.stringify(result));
  }
  return failed ? 1 : 0;
}

type Sizes = { valuations: number; offers: number; queries: number; serverUrl: string | undefined };

async function runEngine(engine: Engine, sizes: Sizes): Promise<ComparablesResult> {
  const result: ComparablesResult = {
    engine,
    valuations: sizes.valuations,
    offers: sizes.offers,
    queries: sizes.queries,
    p50Ms: null,
    p99Ms: null,
    meanMs: null,
    maxMs: null,
    withRange: null,
    meanCount: null,
    seededSeconds: null,
    usesIndex: null,
    problems: [],
  };
  let database: Database | undefined;
  try {
    const prepared = engine === 'pglite' ? await preparePglite(sizes) : await preparePostgres(sizes, sizes.serverUrl!);
    database = prepared.database;
    result.seededSeconds = prepared.seededSeconds;
    const now = new Date();
    const cars = carsToAsk(WARM_UP + sizes.queries, now);
    if (engine === 'postgres') {
      result.usesIndex = await usesComparablesIndex(database, cars[0]!, now);
      if (!result.usesIndex) result.problems.push('the plan does not use car_valuations_comparables_idx');
    }
    const times: number[] = [];
    const counts: number[] = [];
    for (const [i, car] of cars.entries()) {
      const started = performance.now();
      const range = await findIndicativeRange(database.db, car, now);
      const took = performance.now() - started;
      if (i < WARM_UP) continue;
      times.push(took);
      if (range) counts.push(range.count);
    }
    times.sort((a, b) => a - b);
    result.p50Ms = round(percentile(times, 0.5));
    result.p99Ms = round(percentile(times, 0.99));
    result.meanMs = round(times.reduce((sum, t) => sum + t, 0) / times.length);
    result.maxMs = round(times.at(-1)!);
    result.withRange = counts.length;
    result.meanCount = counts.length ? Math.round(counts.reduce((sum, c) => sum + c, 0) / counts.length) : 0;
  } catch (error) {
    result.problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await database?.close();
  }
  return result;
}

/** Cars as sellers would describe them: the demo's catalogue, any condition, mileage near its own. */
function carsToAsk(count: number, now: Date): ComparableCar[] {
  const random = seededRandom(3_400);
  const catalogue = demoVehicles();
  return Array.from({ length: count }, () => {
    const vehicle = pick(random, catalogue);
    const typical = demoOdometer(vehicle, now);
    return {
      // As typed by some sellers: not DVLA's capitals.
      make: random() < 0.3 ? titleCase(vehicle.make) : vehicle.make,
      model: vehicle.model,
      year: vehicle.yearOfManufacture,
      mileage: Math.max(0, Math.round((typical * (0.6 + random() * 0.8)) / 100) * 100),
      overallCondition: pick(random, ['great', 'fair', 'fair', 'poor']),
    };
  });
}

const titleCase = (text: string) => text.charAt(0) + text.slice(1).toLowerCase();

async function usesComparablesIndex(database: Database, car: ComparableCar, now: Date): Promise<boolean> {
  const query = indicativeRangeQuery(car, now);
  if (!query) return false;
  const result = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
  const plan = result.rows.map((row) => row['QUERY PLAN']);
  progress('postgres', `plan for ${car.make} ${car.model} ${car.year}:\n  ${plan.join('\n  ')}`);
  return plan.some((line) => line.includes('car_valuations_comparables_idx'));
}

// --- The kept databases ------------------------------------------------------------------------

type Prepared = { database: Database; seededSeconds: number | null };

async function preparePglite(sizes: Sizes): Promise<Prepared> {
  const dataDir = path.join(dataRoot, `pglite-comparables-${sizes.valuations}-${sizes.offers}`);
  const marker = path.join(dataDir, 'bench-seeded');
  if (existsSync(marker)) {
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    return { database, seededSeconds: null };
  }
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    const seededSeconds = await seed(database, 'pglite', sizes);
    await writeFile(marker, `${new Date().toISOString()}\n`);
    return { database, seededSeconds };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function preparePostgres(sizes: Sizes, serverUrl: string): Promise<Prepared> {
  const name = `bench_comparables_${sizes.valuations}_${sizes.offers}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const held = await heldIn(url.href);
  const fresh = held?.valuations !== sizes.valuations || held.offers !== sizes.offers;
  if (fresh) {
    await onServer(serverUrl, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    });
  }
  const database = await openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir() });
  try {
    await runMigrations(database);
    return { database, seededSeconds: fresh ? await seed(database, 'postgres', sizes) : null };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** What a kept PostgreSQL database holds, or undefined when it (or its tables) does not exist. */
async function heldIn(databaseUrl: string): Promise<{ valuations: number; offers: number } | undefined> {
  try {
    let held: { valuations: number; offers: number } | undefined;
    await onServer(databaseUrl, async (client) => {
      const { rows } = await client.query<{ valuations: number; offers: number }>(
        'select (select count(*)::int from car_valuations) as valuations, (select count(*)::int from valuation_offers) as offers',
      );
      held = rows[0];
    });
    return held;
  } catch {
    return undefined;
  }
}

async function onServer(url: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** The valuations with the demo seeder, then the offers in SQL; vacuumed and analysed. */
async function seed(database: Database, engine: Engine, sizes: Sizes): Promise<number> {
  const started = performance.now();
  let reported = started;
  progress(engine, `seeding ${sizes.valuations.toLocaleString('en-GB')} valuations (kept for later runs)…`);
  await seedValuations(database, sizes.valuations, {
    seed: VALUATION_SEED,
    progress(done) {
      if (performance.now() - reported < 10_000 && done < sizes.valuations) return;
      reported = performance.now();
      progress(engine, `  ${done.toLocaleString('en-GB')} valuations`);
    },
  });
  progress(engine, `seeding ${sizes.offers.toLocaleString('en-GB')} offers…`);
  await seedOffers(database, sizes.offers);
  progress(engine, 'vacuum analyze…');
  await database.db.execute(sql`vacuum analyze car_valuations`);
  await database.db.execute(sql`vacuum analyze valuation_offers`);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  progress(engine, `seeded in ${seconds} s`);
  return seconds;
}

/**
 * `total` offers in two statements inside the database: the first offer of each chosen request a
 * day to four after it arrived, then a second one two days later for SECOND_OFFER_SHARE of them
 * (their first superseded). Amounts: a price new by make and model, less 14 % a year of age, less
 * for the miles and the condition, give or take 8 %, to the nearest £10. None is left open.
 */
export async function seedOffers(database: Database, total: number): Promise<void> {
  const seconds = Math.round(total * (SECOND_OFFER_SHARE / (1 + SECOND_OFFER_SHARE)));
  const firsts = total - seconds;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.34)`);
    await tx.execute(sql`
      create temporary table bench_offered on commit drop as
      select id, row_number() over () as n,
        least(now(), created_at + (1 + floor(random() * 4)) * interval '1 day') as first_at,
        greatest(300, 1800000 + abs(hashtext(upper(make) || ' ' || upper(model))) % 2000000) as new_price,
        greatest(0, extract(year from now())::int - year) as age, mileage, overall_condition,
        scuffed_wheels, tyres_need_replacing, service_history, mechanical_issues, mechanical_details,
        outstanding_finance
      from (select * from car_valuations order by random() limit ${firsts}) as chosen`);
    const amount = sql`(round(new_price * power(0.86, age)
        * greatest(0.35, 1 - mileage / 250000.0)
        * case overall_condition when 'great' then 1 when 'fair' then 0.88 else 0.7 end
        * (0.92 + random() * 0.16) / 1000) * 1000 + 25000)::int`;
    const conditions = sql`jsonb_build_object('mileage', mileage, 'overallCondition', overall_condition,
        'scuffedWheels', scuffed_wheels, 'tyresNeedReplacing', tyres_need_replacing,
        'serviceHistory', service_history, 'mechanicalIssues', mechanical_issues,
        'mechanicalDetails', mechanical_details, 'outstandingFinance', outstanding_finance)`;
    const finalStatus = sql`(array['accepted', 'declined', 'declined', 'expired', 'expired'])[1 + floor(random() * 5)::int]`;
    await tx.execute(sql`
      insert into valuation_offers (valuation_id, amount_pence, send_method, created_at, valid_until, conditions,
        status, closed_at)
      select id, ${amount}, 'email', first_at, first_at + interval '7 days', ${conditions},
        case when n <= ${seconds} then 'superseded' else ${finalStatus} end, least(now(), first_at + interval '2 days')
      from bench_offered`);
    await tx.execute(sql`
      insert into valuation_offers (valuation_id, amount_pence, send_method, created_at, valid_until, conditions,
        status, closed_at)
      select id, ${amount}, 'email', least(now(), first_at + interval '2 days'), first_at + interval '9 days',
        ${conditions}, ${finalStatus}, least(now(), first_at + interval '5 days')
      from bench_offered where n <= ${seconds}`);
  });
}

// --- Figures -----------------------------------------------------------------------------------

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`comparables bench: ${name}=${raw} is not a whole number of at least 1`);
    process.exit(1);
  }
  return n;
}

function progress(engine: string, message: string) {
  console.error(`comparables bench (${engine}): ${message}`);
}

// Run as a script (not when imported for its seeder).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  process.exitCode = await main();
