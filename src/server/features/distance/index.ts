/**
 * Road distance from the collection base (issue 11, the valuation detail's Location tab): Google's
 * Routes API when GOOGLE_MAPS_API_KEY is set, otherwise an estimate from postcode-district
 * centroids; Google's answers cached per postcode in the database for a day.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DistanceConfig } from '~/server/config';
import type { Db } from '~/server/db/client';
import { createDistanceLookup } from './distance-service';
import type { DistanceRoutesDeps } from './distance-routes';
import { createRouteMatrixClient } from './routes-api-client';

export { distanceRoutes, type DistanceRoutesDeps } from './distance-routes';
export {
  checkDistancePostcode,
  createDistanceLookup,
  deleteExpiredDistanceLookups,
  DISTANCE_TTL_MS,
  type DistanceLookup,
} from './distance-service';
export { createRouteMatrixClient, type RouteMatrixClient } from './routes-api-client';
export { estimateRoute } from './estimate';
export { directionsTo, type Directions } from './directions';

export type DistanceOptions = {
  /** Per Google request (5 s unless a test wants less). */
  timeoutMs?: number;
  /** Pause before the one retry after a failure (250 ms unless a test wants less). */
  retryDelayMs?: number;
};

/** The endpoint's dependencies from the settings: the Google client when a key is configured, the Embed key. */
export function distanceRoutesDeps(
  config: DistanceConfig,
  deps: { db: Db; clock: () => Date; log: FastifyBaseLogger },
  options: DistanceOptions = {},
): DistanceRoutesDeps {
  const google = config.google && createRouteMatrixClient(config.google, { timeoutMs: options.timeoutMs });
  return {
    lookup: createDistanceLookup({ ...deps, origin: config.origin, google, retryDelayMs: options.retryDelayMs }),
    embedKey: config.embedKey,
  };
}
