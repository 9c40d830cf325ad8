import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carValuations } from '~/server/db/schema';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { DRAMA_LANDLINES, existingValuations, makeValuations, seededRandom, seedValuations } from './demo-valuations';
import { demoOdometer, demoVehicle } from './demo-vehicles';
import { promiseAlertsDueQuery } from '../pipeline';

/** The demo seeder (npm run seed:demo): realistic, never real, and in bulk on both engines. */

const NOW = new Date('2026-11-24T12:00:00Z');

describe('made-up valuations', () => {
  it('name the demo cars, with current-format registrations DVLA never issues and the age they show', () => {
    const rows = makeValuations(300, { now: NOW, random: seededRandom(1), serial: 0 });
    rows.registration.forEach((registration, i) => {
      const vehicle = demoVehicle(registration)!;
      expect(vehicle, registration).toBeDefined();
      // Two memory-tag letters, the age identifier, three letters with a Q (never issued there).
      expect(registration).toMatch(/^[A-HK-PR-Y][A-HJ-PR-Y]\d{2}(?=[A-HJ-Z]{0,2}Q)[A-HJ-Z]{3}$/);
      // The plate's six months: from March of 20XX, or from September of 20(XX-50).
      const age = Number(registration.slice(2, 4));
      const plateStarts = age >= 50 ? Date.UTC(2000 + age - 50, 8, 1) : Date.UTC(2000 + age, 2, 1);
      const registered = Date.parse(vehicle.firstRegistered);
      expect(registered, registration).toBeGreaterThanOrEqual(plateStarts);
      expect(registered, registration).toBeLessThan(plateStarts + 183 * 86_400_000);
      expect(Date.parse(vehicle.firstRegistered)).toBeLessThan(Date.parse(rows.createdAt[i]!));
      expect(rows.mileage[i]).toBe(demoOdometer(vehicle, new Date(rows.createdAt[i]!)));
    });
  });

  it('are spread over two years, with reserved contacts, mixed statuses and some archived', () => {
    const rows = makeValuations(5_000, { now: NOW, random: seededRandom(2), serial: 0 });
    const times = rows.createdAt.map((t) => Date.parse(t));
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW.getTime() - 730 * 86_400_000);
    expect(rows.email.every((e) => /@example\.(com|org|net)$/.test(e))).toBe(true);
    expect(rows.phone.every((p) => DRAMA_LANDLINES.some((range) => p.startsWith(range)))).toBe(true);
    expect(new Set(rows.status)).toEqual(new Set(['new', 'contacted', 'completed']));
    const archived = rows.archivedAt.filter((a) => a !== null).length;
    expect(archived / 5_000).toBeGreaterThan(0.05);
    expect(archived / 5_000).toBeLessThan(0.4);
    rows.archivedAt.forEach((at, i) => at && expect(Date.parse(at)).toBeGreaterThan(times[i]!));
    expect(rows.postcode.every((p) => /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/.test(p))).toBe(true);
  });

  it('are the same for the same seed', () => {
    const a = makeValuations(50, { now: NOW, random: seededRandom(9), serial: 0 });
    const b = makeValuations(50, { now: NOW, random: seededRandom(9), serial: 0 });
    expect(a).toEqual(b);
  });
});

describe.each(testEngines)('seeding on %s', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(engine);
  });
  afterEach(() => t.cleanup());

  it('inserts the number asked in batches, rows the database accepts, and reports progress', async () => {
    expect(await existingValuations(t.database)).toBe(0);
    const progress: number[] = [];
    const done = await seedValuations(t.database, 12_345, { seed: 3, now: NOW, progress: (n) => progress.push(n) });
    expect(done).toBe(12_345);
    expect(progress).toEqual([5_000, 10_000, 12_345]);
    expect(await existingValuations(t.database)).toBe(12_345);
    const [row] = await t.database.db
      .select()
      .from(carValuations)
      .where(sql`${carValuations.isArchived}`)
      .limit(1);
    expect(row).toMatchObject({ isArchived: true, agreeToContact: true });
    expect(row!.archivedAt!.getTime()).toBeGreaterThan(row!.createdAt.getTime());
    expect(row!.contactPreference.length).toBeGreaterThan(0);
  });

  it('stores the requests in the order they arrived, oldest first, as a live table holds them', async () => {
    await seedValuations(t.database, 6_000, { seed: 5, now: NOW, spanDays: 30 });
    // PostgreSQL's own measure of it: +1 when the table's pages are in created_at order. (A few rows
    // land in an earlier page's free space, as they do in a live table, so it is not exactly 1.)
    await t.database.db.execute(sql`analyze ${carValuations}`);
    const result = await t.database.db.execute<{ correlation: number }>(
      sql`select correlation from pg_stats where schemaname = current_schema()
        and tablename = 'car_valuations' and attname = 'created_at'`,
    );
    expect(Number(result.rows[0]?.correlation)).toBeGreaterThan(0.99);
  });

  it('leaves the 24-hour promise job nothing to send: each unanswered request had its alerts when due', async () => {
    await seedValuations(t.database, 6_000, { seed: 6, now: NOW, spanDays: 30 });
    const hoursOld = sql<number>`extract(epoch from ${NOW.toISOString()}::timestamptz - ${carValuations.createdAt}) / 3600`;
    const [window] = await t.database.db
      .select({
        warned: sql<number>`count(*) filter (where ${carValuations.promiseWarningSentAt} is not null)::int`,
        breached: sql<number>`count(*) filter (where ${carValuations.promiseBreachSentAt} is not null)::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(carValuations)
      .where(sql`${carValuations.status} = 'new' and ${hoursOld} between 20 and 24`);
    // Unanswered requests 20 to 24 hours old: warned, not yet breached (there are some to see it).
    expect(window!.all).toBeGreaterThan(0);
    expect(window).toEqual({ warned: window!.all, breached: 0, all: window!.all });
    for (const kind of ['warning', 'breach'] as const) {
      expect(await promiseAlertsDueQuery(t.database.db, kind, NOW)).toEqual([]);
    }
  });

  it('gives every row a reference of its own, drawing again for one already taken', async () => {
    const first = ['CB-AAA-AAA', 'CB-BBB-BBB'];
    await seedValuations(t.database, 2, { seed: 4, now: NOW, newReference: () => first.shift()! });
    // One taken by the rows before and drawn twice in the batch, then another taken: those rows go again.
    const drawn = ['CB-AAA-AAA', 'CB-AAA-AAA', 'CB-CCC-CCC', 'CB-DDD-DDD', 'CB-BBB-BBB', 'CB-EEE-EEE'];
    expect(await seedValuations(t.database, 3, { seed: 5, now: NOW, newReference: () => drawn.shift()! })).toBe(3);
    expect(drawn).toEqual([]);
    const rows = await t.database.db.select({ reference: carValuations.reference }).from(carValuations);
    expect(rows.map((row) => row.reference).sort()).toEqual([
      'CB-AAA-AAA',
      'CB-BBB-BBB',
      'CB-CCC-CCC',
      'CB-DDD-DDD',
      'CB-EEE-EEE',
    ]);
  });
});
