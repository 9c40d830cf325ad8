import { z } from 'zod';
import { exchange, failureOf, ProviderError, type ProviderClientOptions } from '~/server/features/vehicle-data';

/**
 * Google's Routes API `computeRouteMatrix` (shared/contracts/external-apis.md §3b), the successor
 * of the Distance Matrix API (legacy: new Google Cloud projects cannot enable it):
 * `POST {apiUrl}/distanceMatrix/v2:computeRouteMatrix` with the key in `X-Goog-Api-Key` and the
 * required response field mask in `X-Goog-FieldMask`, one origin and one destination given as
 * addresses ("LN11 0LQ, UK"), driving, without traffic, metric, region GB.
 *
 * The answer is a JSON array of elements. Each has a `condition` (ROUTE_EXISTS or ROUTE_NOT_FOUND)
 * and a per-element `status` (a google.rpc.Status, empty when fine): a waypoint Google cannot place
 * comes back as an element with an error status, not as a failed request. Whole-request failures
 * use Google's `{error:{code,message,status}}` body; they throw ProviderError.
 */

export const ROUTE_MATRIX_PATH = '/distanceMatrix/v2:computeRouteMatrix';
/** The response fields asked for (required by Google; without `status` every element looks fine). */
export const ROUTE_MATRIX_FIELD_MASK =
  'originIndex,destinationIndex,status,condition,distanceMeters,duration,localizedValues';

export type RouteAnswer =
  | {
      kind: 'route';
      distanceMeters: number;
      durationSeconds: number;
      /** Google's own words for the figures ("251 km", "3 hours 20 mins"), when it gave them. */
      distanceText: string | undefined;
      durationText: string | undefined;
    }
  /** Both places are known but no road joins them. */
  | { kind: 'no-route' }
  /** Google could not place the destination (or the origin): its element status says why. */
  | { kind: 'not-found'; reason: string };

export type RouteMatrixClient = {
  /** Driving distance and time between two UK postcodes (or districts). */
  route(origin: string, destination: string): Promise<RouteAnswer>;
};

const textSchema = z.object({ text: z.string() }).optional();

/** One element; proto3 JSON may leave out zero values, so indices and distance default to 0. */
const elementSchema = z.looseObject({
  originIndex: z.number().int().default(0),
  destinationIndex: z.number().int().default(0),
  status: z.object({ code: z.number().int().optional(), message: z.string().optional() }).optional(),
  condition: z.string().optional(),
  distanceMeters: z.number().int().nonnegative().default(0),
  /** Seconds, as a string ending in "s" ("2460s"). */
  duration: z
    .string()
    .regex(/^\d+(\.\d+)?s$/)
    .optional(),
  localizedValues: z.object({ distance: textSchema, duration: textSchema }).partial().optional(),
});

const matrixSchema = z.array(elementSchema);

const errorBodySchema = z.object({
  error: z.object({ code: z.number().optional(), message: z.string().optional(), status: z.string().optional() }),
});

/** Google's words for a failed request, for the log. */
export function googleErrorText(body: unknown): string {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return 'no readable error body';
  const { status, message } = parsed.data.error;
  return [status, message].filter(Boolean).join(': ') || 'no readable error body';
}

/** An address Google reads as a UK place: "LN11 0LQ, UK". */
const ukAddress = (postcode: string) => `${postcode}, UK`;

export function createRouteMatrixClient(
  config: { apiKey: string; apiUrl: string },
  options: ProviderClientOptions = {},
): RouteMatrixClient {
  const url = `${config.apiUrl.replace(/\/+$/, '')}${ROUTE_MATRIX_PATH}`;
  return {
    async route(origin, destination) {
      const { status, body } = await exchange(
        'Google',
        url,
        {
          method: 'POST',
          headers: {
            'X-Goog-Api-Key': config.apiKey,
            'X-Goog-FieldMask': ROUTE_MATRIX_FIELD_MASK,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            origins: [{ waypoint: { address: ukAddress(origin) } }],
            destinations: [{ waypoint: { address: ukAddress(destination) } }],
            travelMode: 'DRIVE',
            routingPreference: 'TRAFFIC_UNAWARE',
            units: 'METRIC',
            languageCode: 'en-GB',
            regionCode: 'GB',
          }),
        },
        options,
      );
      if (status !== 200) {
        throw new ProviderError('Google', failureOf(status), `${status} ${googleErrorText(body)}`, { status });
      }
      const elements = matrixSchema.safeParse(body);
      if (!elements.success) throw new ProviderError('Google', 'failed', 'unreadable route matrix', { status });
      // One origin and one destination: the element for (0, 0); order is not guaranteed, so match on indices.
      const element = elements.data.find((e) => e.originIndex === 0 && e.destinationIndex === 0);
      if (!element) throw new ProviderError('Google', 'failed', 'no element for the route asked', { status });
      const code = element.status?.code ?? 0;
      if (code !== 0) {
        const reason = element.status?.message ?? `element status ${code}`;
        // INVALID_ARGUMENT or NOT_FOUND: a place Google cannot find. Anything else is Google's trouble.
        if (code === 3 || code === 5) return { kind: 'not-found', reason };
        throw new ProviderError('Google', 'failed', `element status ${code}: ${reason}`, { status });
      }
      if (element.condition === 'ROUTE_NOT_FOUND') return { kind: 'no-route' };
      if (element.condition !== 'ROUTE_EXISTS' || element.duration === undefined) {
        throw new ProviderError('Google', 'failed', `unexpected element condition ${element.condition}`, { status });
      }
      return {
        kind: 'route',
        distanceMeters: element.distanceMeters,
        durationSeconds: Math.round(Number.parseFloat(element.duration)),
        distanceText: element.localizedValues?.distance?.text,
        durationText: element.localizedValues?.duration?.text,
      };
    },
  };
}
