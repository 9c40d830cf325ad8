import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '~/server/db/client';
import { vehicleInfoCache } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { vehicleInfoMessages, type MotHistory, type VehicleInfoResult, type VesData } from '~/shared/vehicle-info';
import type { DvlaClient, DvlaVehicle } from './dvla-client';
import { oncePerKey } from './in-flight';
import type { MotHistoryClient } from './mot-history-client';
import { toMotHistory } from './mot-history';
import { ProviderError, type ProviderFailure } from './provider-http';

/**
 * The admin's DVLA tab (`GET /api/dvla-info/{registration}`): DVLA's Vehicle Enquiry Service record
 * and DVSA's full MOT history, asked for at the same time and combined. A provider that is not
 * configured, has no record or fails leaves its part null with the reason, as long as the other
 * answered; when neither has anything to show the endpoint refuses (404, or 502/503 with what
 * went wrong).
 *
 * Caching: in the database (`vehicle_info_cache`), so that every server process reuses an answer
 * one of them fetched. Only staff open the tab, a handful of times per valuation, and the risk it
 * guards against is repeated opening (each costs a DVLA call and a DVSA call against daily
 * quotas), not volume. So the combined answer is kept for an hour (MOT history changes at most at
 * a test, tax status at most daily), "not found" for 15 minutes (a new car may reach DVLA soon),
 * never a failure or an answer with a failed part (Retry asks again). Concurrent requests for one
 * registration in one process share one pair of provider calls; the clean-up job removes expired
 * rows (deleteExpiredVehicleLookups).
 */

export const INFO_TTL_MS = 60 * 60_000;
export const INFO_NOT_FOUND_TTL_MS = 15 * 60_000;

export type VehicleInfoOutcome = { found: true; result: VehicleInfoResult } | { found: false };

export type VehicleInfo = {
  /** False when neither DVLA nor DVSA is configured: the endpoint answers 503. */
  readonly configured: boolean;
  /** Throws AppError (400/502/503) when every configured provider failed. */
  lookup(registration: string): Promise<VehicleInfoOutcome>;
};

export type VehicleInfoDeps = {
  db: Db;
  clock: () => Date;
  dvla: DvlaClient | undefined;
  motHistory: MotHistoryClient | undefined;
  log: FastifyBaseLogger;
};

/** The two providers of this answer. */
type Provider = 'DVLA' | 'DVSA';

/** One provider's part of the answer. */
type Part<T> =
  | { state: 'found'; data: T }
  | { state: 'not-found' }
  | { state: 'not-configured' }
  | { state: 'failed'; provider: Provider; error: ProviderError };

const services: Record<Provider, { name: string; settings: string }> = {
  DVLA: { name: 'The DVLA vehicle service', settings: 'DVLA_API_KEY' },
  DVSA: { name: 'The DVSA MOT history service', settings: 'DVSA_MOT_ settings' },
};

/** What an admin reads for a provider's failure. */
export function failureText(provider: Provider, failure: ProviderFailure): string {
  const { name, settings } = services[provider];
  const texts: Record<ProviderFailure, string> = {
    rejected: `${name} could not read that registration.`,
    'rate-limited': `${name} is busy; try again in a minute.`,
    unavailable: `${name} is down for maintenance; try again later.`,
    timeout: `${name} did not answer in time; try again.`,
    failed: `${name} had a problem; try again.`,
    refused: `${name} refused our credentials; check the ${settings}.`,
    unreachable: `${name} could not be reached; try again.`,
  };
  return texts[failure];
}

const temporary = new Set<ProviderFailure>(['rate-limited', 'unavailable', 'timeout']);

/** The refusal when no provider had anything to show and at least one failed. */
function failureAnswer(failed: { provider: Provider; error: ProviderError }[]): AppError {
  const errors = failed.map((part) => part.error);
  const message = failed.map(({ provider, error }) => failureText(provider, error.failure)).join(' ');
  const detail = errors.map((error) => error.message).join('; ');
  if (errors.some((error) => temporary.has(error.failure))) {
    return new AppError('UNAVAILABLE', message, { detail, headers: { 'Retry-After': '60' } });
  }
  if (errors.every((error) => error.failure === 'rejected')) return new AppError('INVALID_INPUT', message, { detail });
  return new AppError('BAD_GATEWAY', message, { detail });
}

export function createVehicleInfo(deps: VehicleInfoDeps): VehicleInfo {
  const { db, clock, dvla, motHistory, log } = deps;
  async function cached(registration: string): Promise<VehicleInfoOutcome | undefined> {
    const [row] = await db
      .select({ outcome: vehicleInfoCache.outcome })
      .from(vehicleInfoCache)
      .where(and(eq(vehicleInfoCache.registration, registration), gt(vehicleInfoCache.expiresAt, clock())));
    return row?.outcome as VehicleInfoOutcome | undefined;
  }

  async function store(registration: string, outcome: VehicleInfoOutcome) {
    const ttl = outcome.found ? INFO_TTL_MS : INFO_NOT_FOUND_TTL_MS;
    const values = { outcome: outcome as Record<string, unknown>, expiresAt: new Date(clock().getTime() + ttl) };
    await db
      .insert(vehicleInfoCache)
      .values({ registration, ...values })
      .onConflictDoUpdate({ target: vehicleInfoCache.registration, set: values });
  }

  async function part<T, R>(
    provider: Provider,
    ask: (() => Promise<R | null>) | undefined,
    read: (record: R) => T,
  ): Promise<Part<T>> {
    if (!ask) return { state: 'not-configured' };
    try {
      const record = await ask();
      return record === null ? { state: 'not-found' } : { state: 'found', data: read(record) };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const level = error.failure === 'refused' ? 'error' : 'warn';
      log[level](
        { provider, failure: error.failure, status: error.options.status, detail: error.message },
        `${provider} lookup for vehicle information failed`,
      );
      return { state: 'failed', provider, error };
    }
  }

  async function fetchAndCombine(registration: string): Promise<VehicleInfoOutcome> {
    const fresh = await cached(registration);
    if (fresh) return fresh;
    // Both at once; each part settles (found, not found or failed) before we answer.
    const [ves, mot] = await Promise.all([
      part('DVLA', dvla && (() => dvla.vehicle(registration)), toVesData),
      part('DVSA', motHistory && (() => motHistory.vehicle(registration)), toMotHistory),
    ]);
    if (ves.state !== 'found' && mot.state !== 'found') {
      const failed = [ves, mot].flatMap((p) => (p.state === 'failed' ? [p] : []));
      if (failed.length > 0) throw failureAnswer(failed);
      const outcome: VehicleInfoOutcome = { found: false };
      await store(registration, outcome);
      return outcome;
    }
    const result: VehicleInfoResult = {
      success: true,
      registration,
      vesData: ves.state === 'found' ? ves.data : null,
      vesDataError: reason(ves, 'DVLA'),
      motHistory: mot.state === 'found' ? mot.data : null,
      motHistoryError: reason(mot, 'DVSA'),
    };
    const outcome: VehicleInfoOutcome = { found: true, result };
    if (ves.state !== 'failed' && mot.state !== 'failed') await store(registration, outcome);
    return outcome;
  }

  return {
    configured: dvla !== undefined || motHistory !== undefined,
    lookup: oncePerKey(fetchAndCombine),
  };
}

/** Why a part is missing, or null when it is there. */
function reason(part: Part<VesData | MotHistory>, provider: Provider): string | null {
  const dvla = provider === 'DVLA';
  switch (part.state) {
    case 'found':
      return null;
    case 'not-found':
      return dvla ? vehicleInfoMessages.vesNotFound : vehicleInfoMessages.motNotFound;
    case 'not-configured':
      return dvla ? vehicleInfoMessages.vesNotConfigured : vehicleInfoMessages.motNotConfigured;
    case 'failed':
      return failureText(provider, part.error.failure);
  }
}

/** The VES record's fields the tab shows; what DVLA leaves out is null. */
export function toVesData(vehicle: DvlaVehicle): VesData {
  return {
    make: vehicle.make ?? null,
    fuelType: vehicle.fuelType ?? null,
    engineCapacity: vehicle.engineCapacity ?? null,
    taxStatus: vehicle.taxStatus ?? null,
    taxDueDate: vehicle.taxDueDate ?? null,
    motStatus: vehicle.motStatus ?? null,
    motExpiryDate: vehicle.motExpiryDate ?? null,
    dateOfLastV5CIssued: vehicle.dateOfLastV5CIssued ?? null,
    co2Emissions: vehicle.co2Emissions ?? null,
    yearOfManufacture: vehicle.yearOfManufacture ?? null,
    colour: vehicle.colour ?? null,
    markedForExport: vehicle.markedForExport ?? null,
  };
}
