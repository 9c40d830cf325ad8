import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '~/server/db/client';
import { vehicleInfoCache, vehicleLookups } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { currentMotStatus, motStatusText } from '~/shared/mot-status';
import { storedMotReading } from '~/shared/plausibility';
import { ukDate } from '~/shared/promotion';
import type { MotTest } from '~/shared/vehicle-info';
import { vehicleLookupResultSchema, type VehicleLookupResult } from '~/shared/vehicle-lookup';
import type { DvlaClient, DvlaVehicle } from './dvla-client';
import { oncePerKey } from './in-flight';
import { toMotHistory } from './mot-history';
import type { MotHistoryClient, MotVehicle } from './mot-history-client';
import { ProviderError, type ProviderFailure } from './provider-http';

/**
 * A registration's vehicle: from the database cache when fresh (lookups cost money and have
 * quotas), otherwise from DVLA, with the model from DVSA when that is configured (DVSA failing
 * only leaves the model out). Found vehicles are kept 24 hours, "not found" 1 hour (a new car may
 * reach DVLA soon); failures are not kept. Concurrent lookups of one registration in this process
 * share one cache read and one provider call.
 */

export const FOUND_TTL_MS = 24 * 60 * 60_000;
export const NOT_FOUND_TTL_MS = 60 * 60_000;
/** Where a cached answer keeps DVSA's last odometer reading (see store()). */
const LAST_MOT_READING = 'lastMotReading';

export type LookupOutcome = { found: true; result: VehicleLookupResult } | { found: false };

export type VehicleLookup = {
  /** False without DVLA settings: the endpoint answers 503 "not configured". */
  readonly configured: boolean;
  /** Throws AppError (502/503) when the provider fails. */
  lookup(registration: string): Promise<LookupOutcome>;
};

export type VehicleLookupDeps = {
  db: Db;
  clock: () => Date;
  dvla: DvlaClient | undefined;
  motHistory: MotHistoryClient | undefined;
  log: FastifyBaseLogger;
};

const tryAgain = 'Please try again in a minute, or enter the vehicle details yourself.';
/** What the seller is told, and the status, for each way a provider can fail. */
const failureAnswers: Record<
  ProviderFailure,
  { code: 'BAD_GATEWAY' | 'UNAVAILABLE' | 'INVALID_INPUT'; message: string }
> = {
  rejected: {
    code: 'INVALID_INPUT',
    message: 'DVLA could not read that registration. Check it, or enter the vehicle details yourself.',
  },
  'rate-limited': { code: 'UNAVAILABLE', message: `The DVLA vehicle service is busy. ${tryAgain}` },
  unavailable: { code: 'UNAVAILABLE', message: `The DVLA vehicle service is down for maintenance. ${tryAgain}` },
  timeout: { code: 'UNAVAILABLE', message: `The DVLA vehicle service did not answer in time. ${tryAgain}` },
  failed: { code: 'BAD_GATEWAY', message: `The DVLA vehicle service had a problem. ${tryAgain}` },
  refused: {
    code: 'BAD_GATEWAY',
    message: 'Vehicle lookup is not working right now. Please enter the vehicle details yourself.',
  },
  unreachable: { code: 'BAD_GATEWAY', message: `We could not reach the DVLA vehicle service. ${tryAgain}` },
};

/** The answer for a provider failure; 429 and 503 from DVLA say when to come back. */
function failureAnswer(error: ProviderError): AppError {
  const { code, message } = failureAnswers[error.failure];
  const busy = error.failure === 'rate-limited' || error.failure === 'unavailable';
  return new AppError(code, message, {
    detail: error.message,
    cause: error,
    ...(busy ? { headers: { 'Retry-After': '60' } } : {}),
  });
}

export function createVehicleLookup(deps: VehicleLookupDeps): VehicleLookup {
  const { db, clock, dvla, motHistory, log } = deps;

  async function cached(registration: string): Promise<LookupOutcome | undefined> {
    const [row] = await db
      .select()
      .from(vehicleLookups)
      .where(and(eq(vehicleLookups.registration, registration), gt(vehicleLookups.expiresAt, clock())));
    if (!row) return undefined;
    if (!row.found) return { found: false };
    const result = vehicleLookupResultSchema.safeParse(row.data);
    return result.success ? { found: true, result: result.data } : undefined;
  }

  /**
   * `motTests`: DVSA's, when it answered. Its last odometer reading is kept beside the answer (never
   * sent to the seller: reading the cache strips it), for the request submitted next (cachedMotReading).
   */
  async function store(registration: string, outcome: LookupOutcome, motTests: readonly MotTest[] = []) {
    const fetchedAt = clock();
    const expiresAt = new Date(fetchedAt.getTime() + (outcome.found ? FOUND_TTL_MS : NOT_FOUND_TTL_MS));
    const reading = storedMotReading(motTests);
    const data = outcome.found ? { ...outcome.result, ...(reading ? { [LAST_MOT_READING]: reading } : {}) } : null;
    const values = { found: outcome.found, data, fetchedAt, expiresAt };
    await db
      .insert(vehicleLookups)
      .values({ registration, ...values })
      .onConflictDoUpdate({ target: vehicleLookups.registration, set: values });
  }

  /**
   * DVSA's model name and MOT tests (for the MOT status DVLA may not hold), or undefined when DVSA
   * is not configured, has no such vehicle or fails; an unreadable history leaves only the model.
   */
  async function dvsaOf(registration: string): Promise<DvsaPart | undefined> {
    if (!motHistory) return undefined;
    try {
      const vehicle = await motHistory.vehicle(registration);
      if (!vehicle) return undefined;
      return { model: vehicle.model ?? undefined, motTests: readableTests(vehicle) };
    } catch (error) {
      log.warn({ err: error }, 'DVSA MOT History lookup failed; answering without the model');
      return undefined;
    }
  }

  async function fetchAndStore(registration: string): Promise<LookupOutcome> {
    const fresh = await cached(registration);
    if (fresh) return fresh;
    if (!dvla) throw new AppError('NOT_CONFIGURED', 'Vehicle lookup is not configured');
    // Both at once; DVSA's answer is awaited even when DVLA fails, so no request outlives the lookup.
    const [vehicle, dvsa] = await Promise.allSettled([dvla.vehicle(registration), dvsaOf(registration)]);
    if (vehicle.status === 'rejected') {
      const error: unknown = vehicle.reason;
      if (!(error instanceof ProviderError)) throw error;
      const level = error.failure === 'refused' ? 'error' : 'warn';
      log[level]({ failure: error.failure, status: error.options.status, detail: error.message }, 'DVLA lookup failed');
      throw failureAnswer(error);
    }
    const found = vehicle.value;
    const fromDvsa = dvsa.status === 'fulfilled' ? dvsa.value : undefined;
    const outcome: LookupOutcome = found
      ? { found: true, result: toResult(registration, found, fromDvsa, ukDate(clock())) }
      : { found: false };
    await store(registration, outcome, fromDvsa?.motTests);
    return outcome;
  }

  return {
    configured: dvla !== undefined,
    lookup: oncePerKey(fetchAndStore),
  };
}

/** The vehicle's MOT tests; none when DVSA's record of them cannot be read (its model still can). */
function readableTests(vehicle: MotVehicle): MotTest[] {
  try {
    return toMotHistory(vehicle).motTests;
  } catch {
    return [];
  }
}

/** What the lookup takes from DVSA: the model name, and the MOT tests. */
type DvsaPart = { model: string | undefined; motTests: MotTest[] };

/**
 * SPEC's vehicle lookup result from DVLA's record (and DVSA's model); absent fields stay absent.
 * When DVLA holds no MOT status, the MOT history's is given, saying so (~/shared/mot-status).
 */
export function toResult(
  registration: string,
  vehicle: DvlaVehicle,
  dvsa: DvsaPart | undefined,
  today: string,
): VehicleLookupResult {
  const firstRegistered = /^(\d{4})-/.exec(vehicle.monthOfFirstRegistration ?? '')?.[1];
  const mot = currentMotStatus(vehicle, dvsa?.motTests, today);
  const fields = {
    make: vehicle.make,
    model: dvsa?.model,
    year: vehicle.yearOfManufacture ?? (firstRegistered ? Number(firstRegistered) : undefined),
    fuelType: vehicle.fuelType,
    engineSize: vehicle.engineCapacity === undefined ? undefined : String(vehicle.engineCapacity),
    color: vehicle.colour,
    motStatus: mot ? motStatusText(mot) : undefined,
    motExpiryDate: mot?.expiryDate ?? undefined,
    taxStatus: vehicle.taxStatus,
    taxDueDate: vehicle.taxDueDate,
    co2Emissions: vehicle.co2Emissions,
    dateOfLastV5CIssued: vehicle.dateOfLastV5CIssued,
    markedForExport: vehicle.markedForExport,
  };
  const known = Object.entries(fields).filter(([, value]) => value !== undefined);
  return { success: true, registration, ...Object.fromEntries(known) };
}

/**
 * The last MOT odometer reading (miles, and the test's UK day) that a lookup of this registration
 * kept, expired or not (an older reading is still a reading), or undefined when none was kept: the
 * seller's submission stores it on the request for the plausibility checks, without asking DVSA.
 */
export async function cachedMotReading(
  db: Db,
  registration: string,
): Promise<{ miles: number; testedOn: string | null } | undefined> {
  const [row] = await db
    .select({ reading: sql<unknown>`${vehicleLookups.data} -> ${LAST_MOT_READING}::text` })
    .from(vehicleLookups)
    .where(eq(vehicleLookups.registration, registration));
  const parsed = storedReadingSchema.safeParse(row?.reading);
  return parsed.success ? parsed.data : undefined;
}

const storedReadingSchema = z.object({
  miles: z.number().int().nonnegative(),
  testedOn: z.iso.date().nullable(),
});

/** Removes cached lookups past their expiry, the seller's and the back office's (the clean-up job calls it). */
export async function deleteExpiredVehicleLookups(db: Db, now: Date): Promise<void> {
  await db.delete(vehicleLookups).where(lt(vehicleLookups.expiresAt, now));
  await db.delete(vehicleInfoCache).where(lt(vehicleInfoCache.expiresAt, now));
}
