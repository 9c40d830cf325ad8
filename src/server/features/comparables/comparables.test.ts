import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indicativeLabel, indicativeRange, roundIndicativePence } from '~/shared/indicative-price';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import { pastOffer, type PastCar } from '../../../../test/helpers/past-offers';
import { comparablesSince, findIndicativeRange, type ComparableCar } from '.';

/**
 * The indicative price (issue 34): our own offers for similar cars in the last 12 months, five at
 * least, one per request (its newest), from the 25th to the 75th percentile rounded to £50.
 */

const NOW = new Date('2026-03-02T09:00:00Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** The seller's car: a 2018 Ford Focus at 45,000 miles in great condition, as DVLA spells it. */
const CAR = { make: 'FORD', model: 'FOCUS', year: 2018, mileage: 45_000, overallCondition: 'great' };
const similar = (changes: Partial<PastCar> = {}): PastCar => ({ ...CAR, ...changes });

describe('the words', () => {
  it('reads the same everywhere', () => {
    expect(indicativeLabel(7)).toBe(
      'Indicative, based on 7 offers we made for similar cars in the last 12 months. We confirm your price within 24 hours.',
    );
    expect(indicativeRange({ lowPence: 625_000, highPence: 710_000 })).toBe('£6,250 to £7,100');
    expect(indicativeRange({ lowPence: 625_000, highPence: 625_000 })).toBe('£6,250');
  });

  it('rounds to the nearest £50', () => {
    expect([622_400, 622_500, 707_600, 1_234, 2_499].map(roundIndicativePence)).toEqual([
      620_000, 625_000, 710_000, 0, 0,
    ]);
  });

  it('counts back twelve calendar months', () => {
    expect(comparablesSince(NOW).toISOString()).toBe('2025-03-02T09:00:00.000Z');
  });
});

describe.each(testEngines)('findIndicativeRange on %s', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(engine);
  });
  afterEach(() => t.cleanup());

  const db = () => t.database.db;
  const find = (car: ComparableCar = CAR) => findIndicativeRange(db(), car, NOW);

  /**
   * Five similar cars, each at an edge of "similar": years 2016 and 2020, 25,000 and 65,000 miles,
   * typed make and model in other cases and with spaces, and one offered 364 days ago.
   */
  async function fiveSimilar() {
    await pastOffer(db(), similar({ year: 2016 }), [601_000], daysAgo(10));
    await pastOffer(db(), similar({ year: 2020 }), [622_400], daysAgo(40));
    await pastOffer(db(), similar({ mileage: 25_000 }), [650_000], daysAgo(100));
    await pastOffer(db(), similar({ mileage: 65_000, make: ' Ford ', model: 'focus ' }), [707_600], daysAgo(200));
    await pastOffer(db(), similar(), [720_000], daysAgo(364));
  }
  // percentile_cont over 6,010 / 6,224 / 6,500 / 7,076 / 7,200 pounds: 6,224 and 7,076, to £50.
  const FIVE = { lowPence: 620_000, highPence: 710_000, count: 5 };

  it('gives the range from exactly five similar cars', async () => {
    await fiveSimilar();
    expect(await find()).toEqual(FIVE);
    // The seller's make and model as typed match DVLA's spelling too.
    expect(await find({ ...CAR, make: 'Ford', model: ' Focus' })).toEqual(FIVE);
  });

  it('gives nothing from four', async () => {
    await pastOffer(db(), similar(), [600_000], daysAgo(10));
    await pastOffer(db(), similar(), [610_000], daysAgo(20));
    await pastOffer(db(), similar(), [620_000], daysAgo(30));
    await pastOffer(db(), similar(), [630_000], daysAgo(40));
    expect(await find()).toBeNull();
  });

  it('leaves out cars outside any bound, and offers older than twelve months', async () => {
    await fiveSimilar();
    // Each would move the range a long way if it counted.
    const far = [100_000];
    await pastOffer(db(), similar({ year: 2015 }), far, daysAgo(5));
    await pastOffer(db(), similar({ year: 2021 }), far, daysAgo(5));
    await pastOffer(db(), similar({ mileage: 65_001 }), far, daysAgo(5));
    await pastOffer(db(), similar({ mileage: 24_999 }), far, daysAgo(5));
    await pastOffer(db(), similar({ overallCondition: 'fair' }), far, daysAgo(5));
    await pastOffer(db(), similar({ model: 'FIESTA' }), far, daysAgo(5));
    await pastOffer(db(), similar({ model: 'FOCUS ST' }), far, daysAgo(5));
    await pastOffer(db(), similar({ make: 'VAUXHALL' }), far, daysAgo(5));
    await pastOffer(db(), similar(), far, new Date('2025-02-02T09:00:00Z')); // 13 months ago
    await pastOffer(db(), similar(), far, daysAgo(366));
    await pastOffer(db(), similar(), far, new Date(NOW.getTime() + 60_000)); // not made yet
    expect(await find()).toEqual(FIVE);
  });

  it('counts a request with several offers once, at its newest offer', async () => {
    await pastOffer(db(), similar(), [601_000], daysAgo(10));
    await pastOffer(db(), similar(), [622_400], daysAgo(10));
    await pastOffer(db(), similar(), [650_000], daysAgo(10));
    await pastOffer(db(), similar(), [707_600], daysAgo(10));
    // Two offers on one request: 4 + 1 cars, with the newer amount (the older one is far off).
    await pastOffer(db(), similar(), [100_000, 720_000], daysAgo(3));
    expect(await find()).toEqual(FIVE);
  });

  it('gives nothing for a car without make, model, year or condition', async () => {
    await fiveSimilar();
    for (const unknown of [{ make: null }, { model: '  ' }, { year: null }, { overallCondition: null }]) {
      expect(await find({ ...CAR, ...unknown }), JSON.stringify(unknown)).toBeNull();
    }
  });
});
