/**
 * Vehicle lookup (issue 10): a registration's make, model, year and DVLA details for the
 * valuation wizard, from DVLA's Vehicle Enquiry Service and DVSA's MOT History, cached per
 * registration in the database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { VehicleDataConfig } from '~/server/config';
import type { Db } from '~/server/db/client';
import { createRateLimit } from '~/server/http/rate-limit';
import { createDvlaClient } from './dvla-client';
import { createMotHistoryClient } from './mot-history-client';
import { createVehicleInfo } from './vehicle-info-service';
import { createVehicleLookup } from './vehicle-lookup-service';
import type { VehicleRoutesDeps } from './vehicle-routes';

export { vehicleRoutes, type VehicleRoutesDeps } from './vehicle-routes';
export {
  cachedMotReading,
  createVehicleLookup,
  deleteExpiredVehicleLookups,
  type VehicleLookup,
} from './vehicle-lookup-service';
export { createDvlaClient, type DvlaClient } from './dvla-client';
export { createMotHistoryClient, type MotHistoryClient } from './mot-history-client';
export { createVehicleInfo, type VehicleInfo } from './vehicle-info-service';
// The provider plumbing (time-out, error classes) serves features/distance's Google client too.
export {
  exchange,
  failureOf,
  ProviderError,
  PROVIDER_TIMEOUT_MS,
  type ProviderClientOptions,
  type ProviderFailure,
} from './provider-http';

export type VehicleDataOptions = {
  /** Per provider request (5 s unless a test wants less). */
  timeoutMs?: number;
  /** Lookups per client address and minute (about 30). */
  perMinute?: number;
};

/**
 * The lookup endpoints' dependencies from the settings: real clients for whichever providers are
 * configured, shared by the seller's lookup and the admin's vehicle information (one DVSA token).
 */
export function vehicleRoutesDeps(
  config: VehicleDataConfig,
  deps: { db: Db; clock: () => Date; log: FastifyBaseLogger },
  options: VehicleDataOptions = {},
): VehicleRoutesDeps {
  const { timeoutMs } = options;
  const dvla = config.dvla && createDvlaClient(config.dvla, { timeoutMs });
  const motHistory = config.motHistory && createMotHistoryClient(config.motHistory, { timeoutMs, clock: deps.clock });
  const limit = options.perMinute ?? 30;
  return {
    lookup: createVehicleLookup({ ...deps, dvla, motHistory }),
    rateLimit: createRateLimit(deps.db, deps.clock, { bucket: 'vehicle-lookup', limit, windowMs: 60_000 }),
    info: createVehicleInfo({ db: deps.db, clock: deps.clock, log: deps.log, dvla, motHistory }),
  };
}
