import type { Db } from '~/server/db/client';
import { carValuations, valuationOffers } from '~/server/db/schema';
import { newValuationReference } from '~/server/features/valuations';
import type { OfferConditions } from '~/shared/offer-basics';

/**
 * Requests we made offers on, for the indicative price's tests (issue 34): one valuation per call,
 * the car as given (make and model stored exactly as passed), with one offer per amount, the
 * last the newest, each a day after the one before and the last at `offeredAt`; all but the
 * newest superseded, the newest declined.
 */
export type PastCar = {
  make: string;
  model: string;
  year: number;
  mileage: number;
  overallCondition: string;
};

const DAY = 86_400_000;

export async function pastOffer(db: Db, car: PastCar, amountsPence: number[], offeredAt: Date): Promise<string> {
  const [valuation] = await db
    .insert(carValuations)
    .values({
      ...car,
      reference: newValuationReference(),
      registration: 'AB12CDE',
      firstName: 'Pat',
      lastName: 'Past',
      postcode: 'LN11 0LQ',
      email: 'pat@example.com',
      phone: '020 7946 0123',
      agreeToContact: true,
      createdAt: new Date(offeredAt.getTime() - amountsPence.length * DAY),
    })
    .returning({ id: carValuations.id });
  const id = valuation!.id;
  const conditions: OfferConditions = {
    mileage: car.mileage,
    overallCondition: car.overallCondition,
    scuffedWheels: 0,
    tyresNeedReplacing: 0,
    serviceHistory: 'full',
    mechanicalIssues: 'no',
    mechanicalDetails: null,
    outstandingFinance: 'no',
  };
  for (const [i, amountPence] of amountsPence.entries()) {
    const createdAt = new Date(offeredAt.getTime() - (amountsPence.length - 1 - i) * DAY);
    const newest = i === amountsPence.length - 1;
    await db.insert(valuationOffers).values({
      valuationId: id,
      amountPence,
      sendMethod: 'email',
      createdAt,
      validUntil: new Date(createdAt.getTime() + 7 * DAY),
      conditions,
      status: newest ? 'declined' : 'superseded',
      closedAt: new Date(createdAt.getTime() + (newest ? 2 * DAY : DAY / 2)),
    });
  }
  return id;
}
