import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carValuations, offerAcceptances, valuationOffers } from '~/server/db/schema';
import { valuationRequestSchema } from '~/shared/valuation';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { findIndicativeRange } from '../comparables';
import { hasOffers, seedDemoOffers } from './demo-offers';
import { demoVehicle, demoVehicles, demoOfferedVehicles } from './demo-vehicles';

/**
 * The demo's past offers (issue 34): closed requests from the year before the demo's own, for
 * common cars the fakes know, with plausible offers, so a demo seller's common car gets an
 * indicative price from the same query as anyone's.
 */

const NOW = new Date('2026-11-24T12:00:00Z');
const YEAR_AGO = new Date('2025-11-24T12:00:00Z');

describe('the cars we made offers on', () => {
  it('are common models, none of them the catalogue’s, with registrations DVLA never issues', () => {
    const offered = demoOfferedVehicles();
    expect(offered.length).toBeGreaterThan(500);
    const catalogue = new Set(demoVehicles().map((v) => v.registration));
    expect(new Set(offered.map((v) => v.registration)).size).toBe(offered.length);
    for (const vehicle of offered) {
      expect(catalogue.has(vehicle.registration), vehicle.registration).toBe(false);
      expect(vehicle.registration).toMatch(/^[A-HK-PR-Y][A-HJ-PR-Y]\d{2}(?=[A-HJ-Z]{0,2}Q)[A-HJ-Z]{3}$/);
      // The fakes answer for them as for the catalogue's.
      expect(demoVehicle(vehicle.registration)).toBe(vehicle);
    }
    const fords = offered.filter((v) => v.make === 'FORD' && v.model === 'FOCUS' && v.yearOfManufacture === 2019);
    expect(fords).toHaveLength(9);
  });
});

describe.each(testEngines)('seeding past offers on %s', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(engine);
  });
  afterEach(() => t.cleanup());
  const db = () => t.database.db;

  it('stores closed requests the form would take, each with plausible offers from the last year', async () => {
    expect(await hasOffers(t.database)).toBe(false);
    const offers = await seedDemoOffers(t.database, { now: NOW, seed: 7 });
    expect(await hasOffers(t.database)).toBe(true);

    const rows = await db().select().from(carValuations);
    expect(rows).toHaveLength(demoOfferedVehicles().length);
    const stored = await db().select().from(valuationOffers);
    expect(stored).toHaveLength(offers);
    expect(offers).toBeGreaterThan(rows.length);
    expect(offers).toBeLessThan(rows.length * 1.25);

    for (const row of rows) {
      expect(['completed', 'lost'], row.id).toContain(row.status);
      expect(row.closedAt).not.toBeNull();
      const parsed = valuationRequestSchema.safeParse({
        ...row,
        marketingConsent: false,
        contactPreference: row.contactPreference,
      });
      expect(parsed.error?.issues ?? [], row.registration).toEqual([]);
      expect(row.email).toMatch(/@example\.(com|org|net)$/);
    }
    for (const offer of stored) {
      expect(offer.createdAt.getTime()).toBeGreaterThan(YEAR_AGO.getTime());
      expect(offer.createdAt.getTime()).toBeLessThan(NOW.getTime() - 40 * 86_400_000);
      expect(offer.amountPence % 2_500, String(offer.amountPence)).toBe(0);
      expect(offer.amountPence).toBeGreaterThanOrEqual(25_000);
      expect(offer.amountPence).toBeLessThan(4_000_000);
    }
    // Each accepted offer has the seller's acceptance on record; each sold car's request is completed.
    const accepted = stored.filter((offer) => offer.status === 'accepted');
    expect(accepted.length).toBeGreaterThan(100);
    const acceptances = await db().select().from(offerAcceptances);
    expect(acceptances.map((a) => a.offerId).sort()).toEqual(accepted.map((o) => o.id).sort());
    const [completed] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(carValuations)
      .where(eq(carValuations.status, 'completed'));
    expect(completed!.n).toBe(accepted.length);
  });

  it('gives a common car an indicative price: the fake DVLA’s 2019 Focus, and a 2018 one at 45,000 miles', async () => {
    await seedDemoOffers(t.database, { now: NOW, seed: 7 });
    const focus = { make: 'FORD', model: 'FOCUS', overallCondition: 'great' };
    for (const car of [
      { ...focus, year: 2018, mileage: 45_000 },
      { ...focus, year: 2019, mileage: 40_000, make: 'Ford', model: 'Focus' },
      { ...focus, year: 2019, mileage: 55_000, overallCondition: 'fair' },
    ]) {
      const range = await findIndicativeRange(db(), car, NOW);
      expect(range, JSON.stringify(car)).not.toBeNull();
      expect(range!.count).toBeGreaterThanOrEqual(5);
      // What a buyer would pay for a seven-year-old Focus: thousands of pounds, low below high.
      expect(range!.lowPence).toBeGreaterThan(300_000);
      expect(range!.highPence).toBeLessThan(1_200_000);
      expect(range!.lowPence).toBeLessThanOrEqual(range!.highPence);
    }
    // A car we made no offers for gets none.
    expect(
      await findIndicativeRange(db(), { ...focus, make: 'JAGUAR', model: 'XE', year: 2019, mileage: 40_000 }, NOW),
    ).toBeNull();
  });
});
