import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '~/server/db/client';
import { distanceLookups } from '~/server/db/schema';
import { ProviderError, type ProviderFailure } from '~/server/features/vehicle-data';
import {
  DISTANCE_POSTCODE_MIN_LENGTH,
  distanceBandOf,
  distanceMessages,
  districtOf,
  ESTIMATE_ATTRIBUTION,
  formatDuration,
  GOOGLE_ATTRIBUTION,
  roadDistanceText,
} from '~/shared/distance';
import { z } from 'zod';
import { distanceFoundSchema, distanceMissingSchema } from '~/shared/distance-schema';
import { normalisePostcode } from '~/shared/valuation-fields';
import { estimateRoute } from './estimate';
import type { RouteAnswer, RouteMatrixClient } from './routes-api-client';

/**
 * A postcode's road distance and driving time from the collection base. With Google configured:
 * the Routes API, kept in the database for 24 hours per (postcode, base) (SPEC 9; answers cost
 * money), asked again once when it fails (SPEC 7: "1 retry"), and a failure answers ERROR
 * ("Unable to calculate distance"), never a guess that staff could take for a route. Without
 * Google: the district-centroid estimate, labelled estimated, computed on each call (it is free
 * and instant, and so never outlives a change of configuration in the cache). Concurrent lookups
 * of one postcode in this process share one cache read and one provider call.
 */

export const DISTANCE_TTL_MS = 24 * 60 * 60_000;

/** A district alone ("LN11", "SW1A"): the outward half of a UK postcode. */
const DISTRICT_PATTERN = /^[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?|[0-9][A-HJKPS-UW])$/;

/**
 * What the lookup is for: a full postcode, upper-case with a single space ("SW1A 1AA"), or a
 * district ("SW1A"); or why it cannot be looked up (SPEC: fewer than 3 characters is "No postcode
 * provided").
 */
export function checkDistancePostcode(typed: string): { postcode: string; problem?: string } {
  const compact = typed.replace(/\s+/g, '').toUpperCase();
  if (compact.length < DISTANCE_POSTCODE_MIN_LENGTH) return { postcode: compact, problem: distanceMessages.noPostcode };
  const full = normalisePostcode(compact);
  if (full) return { postcode: full };
  if (DISTRICT_PATTERN.test(compact)) return { postcode: compact };
  return { postcode: compact, problem: distanceMessages.notAPostcode };
}

/**
 * An answer as measured (and cached): SPEC's distance result without `directions`, which the
 * route adds to each answer (directions.ts), so a change of the Embed key never meets a stale row.
 */
const measuredSchema = z.union([
  distanceFoundSchema.omit({ directions: true }),
  distanceMissingSchema.omit({ directions: true }),
]);
export type MeasuredDistance = z.infer<typeof measuredSchema>;
type MeasuredMissing = Extract<MeasuredDistance, { message: string }>;

/** The answer and the HTTP status it goes with: 200, or 502/503 when the route service failed. */
export type DistanceOutcome = { result: MeasuredDistance; httpStatus: 200 | 502 | 503 };

export type DistanceLookup = {
  /** True when answers are estimates (no Google key). */
  readonly estimated: boolean;
  /** `postcode` as checkDistancePostcode gives it. */
  lookup(postcode: string): Promise<DistanceOutcome>;
};

export type DistanceLookupDeps = {
  db: Db;
  clock: () => Date;
  /** The collection base, a full postcode. */
  origin: string;
  /** The Routes API client; undefined without GOOGLE_MAPS_API_KEY (estimates instead). */
  google: RouteMatrixClient | undefined;
  log: FastifyBaseLogger;
  /** Pause before the one retry (ms). */
  retryDelayMs?: number;
};

/** Failures worth one more try: the request or the service, not our key or our question. */
const retryable = new Set<ProviderFailure>(['failed', 'unavailable', 'rate-limited', 'timeout', 'unreachable']);
/** Failures that will likely pass soon (503); the others are a bad gateway (502). */
const passing = new Set<ProviderFailure>(['unavailable', 'rate-limited', 'timeout']);

export function createDistanceLookup(deps: DistanceLookupDeps): DistanceLookup {
  const { db, clock, origin, google, log } = deps;
  const retryDelayMs = deps.retryDelayMs ?? 250;
  const inFlight = new Map<string, Promise<DistanceOutcome>>();

  const missing = (postcode: string, status: MeasuredMissing['status'], estimated: boolean): MeasuredMissing => ({
    status,
    postcode,
    origin,
    estimated,
    attribution: estimated ? ESTIMATE_ATTRIBUTION : GOOGLE_ATTRIBUTION,
    message: status === 'ERROR' ? distanceMessages.error : distanceMessages.unavailable,
  });

  /** The distance is written in miles for UK staff (issue 31), never in Google's metric words. */
  function found(
    postcode: string,
    route: { distanceMeters: number; durationSeconds: number; durationText?: string },
    estimated: boolean,
  ): MeasuredDistance {
    return {
      status: 'OK',
      postcode,
      origin,
      estimated,
      attribution: estimated ? ESTIMATE_ATTRIBUTION : GOOGLE_ATTRIBUTION,
      distance: roadDistanceText({ postcode, origin, estimated, distanceValue: route.distanceMeters }),
      duration: route.durationText ?? formatDuration(route.durationSeconds),
      distanceValue: route.distanceMeters,
      durationValue: route.durationSeconds,
      band: distanceBandOf(route.distanceMeters),
    };
  }

  function estimate(postcode: string): DistanceOutcome {
    const route = estimateRoute(origin, postcode);
    const result = route.kind === 'route' ? found(postcode, route, true) : missing(postcode, 'NOT_FOUND', true);
    return { result, httpStatus: 200 };
  }

  async function cached(postcode: string): Promise<MeasuredDistance | undefined> {
    const [row] = await db
      .select()
      .from(distanceLookups)
      .where(
        and(
          eq(distanceLookups.postcode, postcode),
          eq(distanceLookups.origin, origin),
          gt(distanceLookups.expiresAt, clock()),
        ),
      );
    const result = measuredSchema.safeParse(row?.data);
    if (!result.success) return undefined;
    // Written afresh: a row kept from before distances were in miles says "251 km".
    return result.data.status === 'OK' ? { ...result.data, distance: roadDistanceText(result.data) } : result.data;
  }

  async function store(postcode: string, result: MeasuredDistance) {
    const fetchedAt = clock();
    const values = { data: result, fetchedAt, expiresAt: new Date(fetchedAt.getTime() + DISTANCE_TTL_MS) };
    await db
      .insert(distanceLookups)
      .values({ postcode, origin, ...values })
      .onConflictDoUpdate({ target: [distanceLookups.postcode, distanceLookups.origin], set: values });
  }

  /** Google's answer, asking once more after a failure that may pass. */
  async function askGoogle(client: RouteMatrixClient, postcode: string): Promise<RouteAnswer> {
    try {
      return await client.route(origin, postcode);
    } catch (error) {
      if (!(error instanceof ProviderError) || !retryable.has(error.failure)) throw error;
      log.info({ failure: error.failure, detail: error.message }, 'Google Routes API failed; asking once more');
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      return client.route(origin, postcode);
    }
  }

  async function fromGoogle(client: RouteMatrixClient, postcode: string): Promise<DistanceOutcome> {
    const fresh = await cached(postcode);
    if (fresh) return { result: fresh, httpStatus: 200 };
    let answer: RouteAnswer;
    try {
      answer = await askGoogle(client, postcode);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const level = error.failure === 'refused' ? 'error' : 'warn';
      log[level]({ failure: error.failure, status: error.options.status, detail: error.message }, 'distance failed');
      return { result: missing(postcode, 'ERROR', false), httpStatus: passing.has(error.failure) ? 503 : 502 };
    }
    if (answer.kind === 'not-found') {
      // The district only: a seller's full postcode (which Google's reason may quote) stays out of the logs.
      log.info({ district: districtOf(postcode) }, 'Google could not place a postcode');
    }
    const result =
      answer.kind === 'route'
        ? found(postcode, answer, false)
        : missing(postcode, answer.kind === 'no-route' ? 'ZERO_RESULTS' : 'NOT_FOUND', false);
    await store(postcode, result);
    return { result, httpStatus: 200 };
  }

  return {
    estimated: google === undefined,
    lookup(postcode) {
      if (!google) return Promise.resolve(estimate(postcode));
      let running = inFlight.get(postcode);
      if (!running) {
        running = fromGoogle(google, postcode).finally(() => inFlight.delete(postcode));
        inFlight.set(postcode, running);
      }
      return running;
    },
  };
}

/** Removes cached distances past their expiry (the clean-up job calls it). */
export async function deleteExpiredDistanceLookups(db: Db, now: Date): Promise<void> {
  await db.delete(distanceLookups).where(lt(distanceLookups.expiresAt, now));
}
