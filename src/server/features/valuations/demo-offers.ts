import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { carValuations, offerAcceptances, valuationOffers } from '~/server/db/schema';
import { pick, seededRandom, type Random } from '~/server/lib/seeded-random';
import type { OfferConditions, OfferStatus } from '~/shared/offer-basics';
import { offerValidUntil } from '~/shared/offer-validity';
import type { LostReason, ValuationStage } from '~/shared/valuation-lifecycle';
import { answersOf, sellerOf } from './demo-valuations';
import { demoOdometer, demoOfferedVehicles, type DemoVehicle } from './demo-vehicles';
import { withFreshReference } from './valuation-reference';

/**
 * The demo's past offers (issue 34): requests from the year before the demo's recent ones, for the
 * common cars of demo-vehicles.ts (DEMO_OFFERED_MODELS), each with the offer we made, so a demo
 * seller with a common car sees an indicative price worked out as for anyone (features/comparables),
 * from offers in the database. Only the demo seeds them (`npm run seed:demo -- --past-offers`);
 * production never does.
 *
 * Every request is closed: sold to us (the offer accepted, with the seller's acceptance on record),
 * or lost (our offer declined or left to expire); one in eight had a first offer superseded by a
 * second. The amounts are what a buyer like us pays: a price new by model, less 13 % a year of
 * age, adjusted for miles above or below 8,000 a year, the condition, the service history and any
 * mechanical issues, give or take 6 %, to the nearest £25. Sellers are made up like the recent
 * requests' (reserved e-mail domains, drama-range landlines).
 */

const DAY = 86_400_000;
/** Requests from a year ago up to just before the recent ones (the demo seeds 45 days of those). */
const OLDEST_DAYS = 355;
const NEWEST_DAYS = 50;
/** Far from the recent requests' serials (seed × 10,000,000), so sellers' e-mail addresses differ. */
const SERIAL_BASE = 990_000_000;
const CONDITIONS = ['great', 'fair', 'poor'] as const;

/** Prices new, in pounds, of the models we made offers on. */
const NEW_PRICE_POUNDS: Record<string, number> = {
  'FORD FOCUS': 21_000,
  'FORD FIESTA': 17_000,
  'FORD KUGA': 27_000,
  'VAUXHALL CORSA': 16_000,
  'VAUXHALL ASTRA': 20_000,
  'VOLKSWAGEN GOLF': 24_000,
  'VOLKSWAGEN POLO': 17_500,
  'NISSAN QASHQAI': 24_000,
  'TESLA MODEL 3': 42_000,
};
const CONDITION_FACTOR: Record<string, number> = { great: 1, fair: 0.88, poor: 0.72 };

/** A browser on a phone, and addresses from the range kept for documentation (RFC 5737), truncated to /24. */
const USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CLIENT_ADDRESSES = ['192.0.2.0', '198.51.100.0', '203.0.113.0'];

type Answers = ReturnType<typeof answersOf>;

/** What we would have offered for this car, in pence. */
export function demoOfferPence(
  vehicle: DemoVehicle,
  mileage: number,
  answers: Pick<Answers, 'overallCondition' | 'serviceHistory' | 'mechanicalIssues'>,
  on: Date,
  random: Random,
): number {
  const newPrice = NEW_PRICE_POUNDS[`${vehicle.make} ${vehicle.model}`] ?? 20_000;
  const age = Math.max(0.5, (on.getTime() - Date.parse(`${vehicle.firstRegistered}T00:00:00Z`)) / (365.25 * DAY));
  const milesFactor = Math.min(1.12, Math.max(0.75, 1 - (mileage - age * 8_000) / 100_000));
  const pounds =
    newPrice *
    0.87 ** age *
    0.8 *
    milesFactor *
    (CONDITION_FACTOR[answers.overallCondition] ?? 0.8) *
    (answers.serviceHistory === 'none' ? 0.93 : answers.serviceHistory === 'partial' ? 0.97 : 1) *
    (answers.mechanicalIssues === 'yes' ? 0.85 : 1) *
    (0.94 + random() * 0.12);
  return Math.max(250, Math.round(pounds / 25) * 25) * 100;
}

type Outcome = { stage: ValuationStage; lostReason: LostReason | null; final: OfferStatus };
const OUTCOMES: Outcome[] = [
  { stage: 'completed', lostReason: null, final: 'accepted' },
  { stage: 'completed', lostReason: null, final: 'accepted' },
  { stage: 'completed', lostReason: null, final: 'accepted' },
  { stage: 'lost', lostReason: 'declined', final: 'declined' },
  { stage: 'lost', lostReason: 'declined', final: 'declined' },
  { stage: 'lost', lostReason: 'offer_expired', final: 'expired' },
];

/** Whether the database holds any offer at all (the demo seeds past offers only into none). */
export async function hasOffers(database: Database): Promise<boolean> {
  const result = await database.db.execute(sql`select 1 from valuation_offers limit 1`);
  return result.rows.length > 0;
}

/**
 * Inserts a closed request for each of the demo's offered cars, with its offers (and acceptance),
 * created between OLDEST_DAYS and NEWEST_DAYS before `now`; resolves to the offers inserted.
 */
export async function seedDemoOffers(database: Database, options: { now: Date; seed: number }): Promise<number> {
  const random = seededRandom(options.seed);
  const { now } = options;
  let offers = 0;
  await database.db.transaction(async (tx) => {
    for (const [i, vehicle] of demoOfferedVehicles().entries()) {
      const created = new Date(
        now.getTime() - (NEWEST_DAYS + random() * (OLDEST_DAYS - NEWEST_DAYS)) * DAY - random() * 8 * 3_600_000,
      );
      const mileage = demoOdometer(vehicle, created);
      const electric = vehicle.fuelType === 'ELECTRICITY';
      // Every condition equally among a model's cars of one year.
      const answers = { ...answersOf({ random }, created, electric), overallCondition: CONDITIONS[i % 3]! };
      const outcome = pick(random, OUTCOMES);
      const twoOffers = random() < 0.125;

      // The offers: a day or two after the request, a second one (when there is one) three days later.
      const sentTimes = [new Date(created.getTime() + (1 + random()) * DAY)];
      if (twoOffers) sentTimes.push(new Date(sentTimes[0]!.getTime() + 3 * DAY));
      const validityDays = pick(random, [7, 7, 7, 3, 14]);
      const amounts = sentTimes.map((at) => demoOfferPence(vehicle, mileage, answers, at, random));
      const lastSent = sentTimes.at(-1)!;
      const lastValidUntil = offerValidUntil(lastSent, validityDays);
      const answeredAt =
        outcome.final === 'expired' ? lastValidUntil : new Date(lastSent.getTime() + (0.2 + random() * 2) * DAY);
      const closedAt = new Date(
        answeredAt.getTime() + (outcome.stage === 'completed' ? (3 + random() * 7) * DAY : 60_000),
      );
      const archivedAt = random() < 0.8 ? new Date(closedAt.getTime() + (7 + random() * 21) * DAY) : null;

      const row = {
        registration: vehicle.registration,
        mileage,
        make: vehicle.make,
        model: vehicle.model,
        year: vehicle.yearOfManufacture,
        fuelType: vehicle.fuelType,
        color: vehicle.colour,
        engineSize: vehicle.engineCapacity === null ? null : String(vehicle.engineCapacity),
        ...answers,
        ...sellerOf({ random, serial: SERIAL_BASE + i }),
        contactPreference: ['call' as const],
        agreeToContact: true,
        status: outcome.stage,
        lostReason: outcome.lostReason,
        closedAt,
        createdAt: created,
        // A first call within the day, before the offer (issue 37's promise); from `i`, so the
        // seeded sequence of random numbers, and with it every other figure, stays as it was.
        firstAnsweredAt: new Date(Math.min(created.getTime() + (2 + (i % 20)) * 3_600_000, sentTimes[0]!.getTime())),
        updatedAt: archivedAt ?? closedAt,
        isArchived: archivedAt !== null,
        archivedAt,
      };
      const { id } = await withFreshReference(async (reference) => {
        const [inserted] = await tx
          .insert(carValuations)
          .values({ ...row, reference })
          .onConflictDoNothing({ target: carValuations.reference })
          .returning({ id: carValuations.id });
        return inserted;
      });

      const conditions: OfferConditions = {
        mileage,
        overallCondition: answers.overallCondition,
        scuffedWheels: answers.scuffedWheels,
        tyresNeedReplacing: answers.tyresNeedReplacing,
        serviceHistory: answers.serviceHistory,
        mechanicalIssues: answers.mechanicalIssues,
        mechanicalDetails: answers.mechanicalDetails,
        outstandingFinance: answers.outstandingFinance,
      };
      const inserted = await tx
        .insert(valuationOffers)
        .values(
          sentTimes.map((sentAt, n) => {
            const last = n === sentTimes.length - 1;
            return {
              valuationId: id,
              amountPence: amounts[n]!,
              sendMethod: 'email' as const,
              createdAt: sentAt,
              validUntil: last ? lastValidUntil : offerValidUntil(sentAt, validityDays),
              conditions,
              status: last ? outcome.final : ('superseded' as const),
              closedAt: last ? answeredAt : sentTimes[n + 1]!,
            };
          }),
        )
        .returning({ id: valuationOffers.id, status: valuationOffers.status });
      offers += inserted.length;
      const accepted = inserted.find((offer) => offer.status === 'accepted');
      if (accepted) {
        await tx.insert(offerAcceptances).values({
          offerId: accepted.id,
          valuationId: id,
          acceptedAt: answeredAt,
          declarations: conditions,
          clientAddress: pick(random, CLIENT_ADDRESSES),
          userAgent: USER_AGENT,
        });
      }
    }
  });
  return offers;
}
