import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '~/server/db/client';
import { runMigrations } from '~/server/db/migrate';
import { hasVisits, seedDemoVisits } from '~/server/features/analytics';
import { hasOffers, seedDemoOffers } from '~/server/features/valuations/demo-offers';
import { DEFAULT_SPAN_DAYS, existingValuations, seedValuations } from '~/server/features/valuations/demo-valuations';
import { configOrExit } from '~/server/server';

/**
 * `npm run seed:demo -- --valuations N [--force | --if-empty] [--seed S] [--days D] [--visits-per-day V]`
 *
 * Inserts N made-up valuation requests (src/server/features/valuations/demo-valuations.ts), for the
 * demo and for measuring the back office at scale (issue 11), printing progress and the rate. It
 * uses the app's settings: DATABASE_URL, or PGlite under DATA_DIR (stop the server first when
 * using the embedded database). The table is vacuumed and analysed at the end, so the planner
 * knows the new rows and index-only scans work at once.
 *
 * Safety: it refuses a database that already holds valuations unless `--force` is given, so it
 * cannot mix invented requests into real ones by accident (the usual slip: DATABASE_URL still set
 * to production in the shell). `--if-empty` seeds only an empty table and otherwise does nothing,
 * successfully (`npm run demo` uses it on every start). `--seed` (0 to 999) repeats the same rows;
 * `--days` spreads them over that many days before now (default two years).
 *
 * `--visits-per-day V` also writes about V made-up visitors a day for the last 90 days to the
 * analytics tables (features/analytics/demo-visits.ts), only when they are empty (`npm run demo`).
 *
 * `--past-offers` also adds closed requests from the year before, with the offers we made on them,
 * for common cars (features/valuations/demo-offers.ts), so a demo seller's common car gets an
 * indicative price (issue 34); only when the database holds no offer at all (`npm run demo`).
 */
const usage =
  'Usage: npm run seed:demo -- --valuations N [--force | --if-empty] [--seed S] [--days D] [--visits-per-day V] [--past-offers]';
const DEMO_VISIT_DAYS = 90;
const MAX_VISITS_PER_DAY = 10_000;
const MAX_SPAN_DAYS = 3_650;
const MAX_SEED_VALUATIONS = 5_000_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({
    options: {
      valuations: { type: 'string' },
      force: { type: 'boolean', default: false },
      'if-empty': { type: 'boolean', default: false },
      seed: { type: 'string' },
      days: { type: 'string' },
      'visits-per-day': { type: 'string' },
      'past-offers': { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return console.log(usage);
  const count = Number(values.valuations);
  if (!values.valuations || !Number.isInteger(count) || count < 1 || count > MAX_SEED_VALUATIONS) {
    fail(`Give the number of valuations, from 1 to ${MAX_SEED_VALUATIONS.toLocaleString('en-GB')}. ${usage}`);
  }
  const seed = values.seed === undefined ? Math.floor(Math.random() * 1_000) : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 999) fail(`--seed must be a whole number from 0 to 999. ${usage}`);
  const spanDays = values.days === undefined ? DEFAULT_SPAN_DAYS : Number(values.days);
  if (!Number.isInteger(spanDays) || spanDays < 1 || spanDays > MAX_SPAN_DAYS) {
    fail(`--days must be a whole number from 1 to ${MAX_SPAN_DAYS.toLocaleString('en-GB')}. ${usage}`);
  }
  if (values.force && values['if-empty']) fail(`Give --force or --if-empty, not both. ${usage}`);
  const visitsPerDay = Number(values['visits-per-day'] ?? 0);
  if (!Number.isInteger(visitsPerDay) || visitsPerDay < 0 || visitsPerDay > MAX_VISITS_PER_DAY) {
    fail(`--visits-per-day must be a whole number from 0 to ${MAX_VISITS_PER_DAY.toLocaleString('en-GB')}. ${usage}`);
  }

  const config = configOrExit();
  const where = config.databaseUrl ? 'the PostgreSQL server in DATABASE_URL' : `PGlite in ${config.dataDir}`;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    if (visitsPerDay > 0) await seedVisits(database, { perDay: visitsPerDay, seed, where });
    const existing = await existingValuations(database);
    if (existing > 0 && values['if-empty']) {
      console.log(`${where} already holds valuations; nothing seeded (--if-empty).`);
      if (values['past-offers']) await seedPastOffers(database, { seed, where });
      return;
    }
    if (existing > 0 && !values.force) {
      fail(
        `Refused: ${where} already holds ${existing.toLocaleString('en-GB')} valuation(s). Seeding adds made-up ` +
          'requests beside them and is meant for an empty demo or test database. Pass --force to add them anyway.',
      );
    }
    console.log(`Seeding ${count.toLocaleString('en-GB')} valuations into ${where} (seed ${seed})…`);
    const started = performance.now();
    let lastReport = started;
    const rate = (done: number) => Math.round(done / ((performance.now() - started) / 1000)).toLocaleString('en-GB');
    await seedValuations(database, count, {
      seed,
      spanDays,
      progress(done) {
        const now = performance.now();
        if (done < count && now - lastReport < 2_000) return;
        lastReport = now;
        console.log(`  ${done.toLocaleString('en-GB')} / ${count.toLocaleString('en-GB')} (${rate(done)} a second)`);
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Inserted ${count.toLocaleString('en-GB')} valuations in ${seconds} s (${rate(count)} a second).`);
    if (values['past-offers']) await seedPastOffers(database, { seed, where });
    console.log('Vacuuming and analysing the valuations and their search words, for the planner and index-only scans…');
    await database.db.execute(sql`vacuum analyze car_valuations, valuation_search_words`);
    console.log('Done.');
  } finally {
    await database.close();
  }
}

/** Past requests with the offers we made on them, into a database without offers only. */
async function seedPastOffers(database: Database, options: { seed: number; where: string }) {
  if (await hasOffers(database)) return console.log(`${options.where} already holds offers; no past offers seeded.`);
  const offers = await seedDemoOffers(database, { now: new Date(), seed: options.seed });
  console.log(`Seeded ${offers.toLocaleString('en-GB')} past offers for common cars, from the last year.`);
}

/** Made-up visits for the analytics screen, into empty analytics tables only. */
async function seedVisits(database: Database, options: { perDay: number; seed: number; where: string }) {
  if (await hasVisits(database)) return console.log(`${options.where} already holds visits; none seeded.`);
  const views = await seedDemoVisits(database, { now: new Date(), days: DEMO_VISIT_DAYS, ...options });
  console.log(`Seeded ${views.toLocaleString('en-GB')} page views over the last ${DEMO_VISIT_DAYS} days.`);
}

main().catch((error: unknown) =>
  fail(`Could not seed the valuations: ${error instanceof Error ? error.message : String(error)}`),
);
