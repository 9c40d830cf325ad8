import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, valuationOffers } from '~/server/db/schema';
import {
  INDICATIVE_MILEAGE_SPAN,
  INDICATIVE_MIN_OFFERS,
  INDICATIVE_MONTHS,
  INDICATIVE_PERCENTILES,
  INDICATIVE_YEAR_SPAN,
  roundIndicativePence,
  type IndicativePrice,
} from '~/shared/indicative-price';

/** What a car is compared on: as the request stores it (make and model as typed or as DVLA gave them). */
export type ComparableCar = {
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number;
  overallCondition: string | null;
};

/** `INDICATIVE_MONTHS` calendar months (UTC) before `now`: the oldest offer that still counts. */
export function comparablesSince(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - INDICATIVE_MONTHS);
  return since;
}

const [LOW, HIGH] = INDICATIVE_PERCENTILES;

/**
 * The indicative price for `car` (issue 34): from the offers we ourselves made for similar cars
 * (src/shared/indicative-price.ts says what similar means) between `comparablesSince(now)` and
 * `now`, each request counted once with its newest offer in that time, whatever became of it
 * (accepted, declined, expired or replaced: each was a price we offered). The 25th and 75th
 * percentiles (PostgreSQL's `percentile_cont`, interpolated), rounded to the nearest £50; null
 * with fewer than INDICATIVE_MIN_OFFERS cars, or when the car's make, model, year or condition is
 * unknown. Never anything but our own offers.
 *
 * The query reads the similar requests' ids from `car_valuations_comparables_idx` alone (make and
 * model as the generated `make_key` and `model_key`, the same upper-cased, trimmed forms as the
 * car's here), then their offers in one scan of `valuation_offers_valuation_created_at_idx` with the
 * ids as an array, in (request, newest first) order, keeping each request's first. On PostgreSQL
 * that is about a fifth quicker at the 99th percentile than asking for each request's newest offer
 * in a LATERAL subquery (bench/comparables.ts: a popular model has thousands of similar requests).
 */
export async function findIndicativeRange(db: Db, car: ComparableCar, now: Date): Promise<IndicativePrice | null> {
  const query = indicativeRangeQuery(car, now);
  if (!query) return null;
  const result = await db.execute<{ count: number; low: number | null; high: number | null }>(query);
  const row = result.rows[0];
  const count = Number(row?.count ?? 0);
  if (!row || count < INDICATIVE_MIN_OFFERS || row.low === null || row.high === null) return null;
  return { lowPence: roundIndicativePence(Number(row.low)), highPence: roundIndicativePence(Number(row.high)), count };
}

/** The statement behind findIndicativeRange (the bench explains it), or null when nothing can match. */
export function indicativeRangeQuery(car: ComparableCar, now: Date): SQL | null {
  const { make, model, year, overallCondition } = car;
  if (!make?.trim() || !model?.trim() || year === null || !overallCondition) return null;
  const since = comparablesSince(now);
  const v = carValuations;
  const o = valuationOffers;
  return sql`
    select count(*)::int as count,
      percentile_cont(${sql.raw(String(LOW))}) within group (order by newest.amount_pence) as low,
      percentile_cont(${sql.raw(String(HIGH))}) within group (order by newest.amount_pence) as high
    from (
      select distinct on (${o.valuationId}) ${o.amountPence} as amount_pence
      from ${o}
      where ${o.valuationId} = any(array(
          select ${v.id} from ${v}
          where ${v.makeKey} = upper(trim(${make}::text))
            and ${v.modelKey} = upper(trim(${model}::text))
            and ${v.overallCondition} = ${overallCondition}
            and ${v.year} between ${year - INDICATIVE_YEAR_SPAN} and ${year + INDICATIVE_YEAR_SPAN}
            and ${v.mileage} between ${car.mileage - INDICATIVE_MILEAGE_SPAN} and ${car.mileage + INDICATIVE_MILEAGE_SPAN}))
        and ${o.createdAt} >= ${since.toISOString()}::timestamptz
        and ${o.createdAt} <= ${now.toISOString()}::timestamptz
      order by ${o.valuationId}, ${o.createdAt} desc
    ) as newest`;
}
