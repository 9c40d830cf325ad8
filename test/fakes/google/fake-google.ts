import { districtCentroids, MIN_ESTIMATE_METRES, straightLineMetres } from '~/server/features/distance/estimate';
import { formatDistance, formatDuration } from '~/shared/distance';
import { startJsonFakeServer, type FakeAnswer, type FakeReply } from '../json-fake-server';
import { routeMatrixContract } from './routes-contract';

/**
 * A local stand-in for Google's Routes API `computeRouteMatrix` (shared/contracts/external-apis.md
 * §3b): `POST {url}/distanceMatrix/v2:computeRouteMatrix` with `X-Goog-Api-Key`, `X-Goog-FieldMask`
 * and a JSON body of origins and destinations given as UK addresses ("LN11 0LQ, UK").
 *
 * - A missing key: 403 PERMISSION_DENIED; a wrong key: 400 INVALID_ARGUMENT "API key not valid";
 *   no field mask: 400 INVALID_ARGUMENT; all in Google's `{error:{code,message,status}}` body.
 * - From LN11 0LQ (the collection base), a few postcodes answer fixed, plausible road figures
 *   (`knownRoutes`): SW1A 1AA about 251 km, ZE1 0AA (Shetland) ROUTE_NOT_FOUND. Any other address
 *   whose district is in the project's district centroids answers the straight line times 1.22 at
 *   70 km/h (at least 1 km between two postcodes of one district), so the demo has a figure for
 *   every seller; an address it cannot place answers an element with status NOT_FOUND (code 5)
 *   and no condition.
 * - Elements are written as proto3 JSON is: zero values (index 0, 0 m) left out.
 * - failNext({ status }) answers the next request with that error; failNext({ hang: true }) leaves
 *   it unanswered, for client time-outs. Several faults queue up, one per request.
 *
 * Every exchange is checked against routes-contract.ts (Google's published OpenAPI document does
 * not cover the Routes API); problems collect in `contractProblems`.
 */

export const GOOGLE_ROUTES_PATH = '/distanceMatrix/v2:computeRouteMatrix';

export type GoogleFault = { hang: true } | { status: number; message?: string };

export interface FakeGoogle {
  /** The base URL, for GOOGLE_MAPS_API_URL. */
  url: string;
  apiKey: string;
  /** How many HTTP requests arrived. */
  readonly requests: number;
  /** Destination addresses asked for, in order. */
  destinations: string[];
  /** Every request's headers and body, in order (for checking what the client sends). */
  received: { headers: Record<string, string | string[] | undefined>; body: unknown }[];
  contractProblems: string[];
  failNext(...faults: GoogleFault[]): void;
  reset(): void;
  close(): Promise<void>;
}

/** Road metres and seconds from LN11 0LQ, roughly as Google gives them. */
export const knownRoutes: Record<string, { metres: number; seconds: number } | 'ROUTE_NOT_FOUND'> = {
  'LN11 9AA': { metres: 3_200, seconds: 480 },
  'LN2 1PX': { metres: 42_487, seconds: 2_460 },
  'NG1 1AA': { metres: 121_800, seconds: 6_600 },
  'M1 1AE': { metres: 192_400, seconds: 10_200 },
  'SW1A 1AA': { metres: 251_300, seconds: 12_000 },
  'EH1 1YZ': { metres: 441_600, seconds: 19_500 },
  'ZE1 0AA': 'ROUTE_NOT_FOUND',
};
const BASE = 'LN11 0LQ';

const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export function googleError(code: number, message: string): FakeAnswer {
  return { status: code, body: { error: { code, message, status: statusNames[code] ?? 'UNKNOWN' } } };
}

type Waypoint = { waypoint?: { address?: string } };

/** "ln11 0lq, UK" -> "LN11 0LQ". */
const postcodeOf = (address: string) =>
  address
    .replace(/,\s*(UK|United Kingdom)$/i, '')
    .trim()
    .toUpperCase();

/** A route between two addresses as the fake knows it. */
function routeBetween(from: string, to: string): { metres: number; seconds: number } | 'ROUTE_NOT_FOUND' | undefined {
  if (from === BASE && knownRoutes[to]) return knownRoutes[to];
  const centroids = districtCentroids();
  const a = centroids.get(from.split(' ')[0] ?? '');
  const b = centroids.get(to.split(' ')[0] ?? '');
  if (!a || !b) return undefined;
  // Two postcodes of one district share its centroid: a real road between them is never 0 m.
  const metres = Math.max(from === to ? 0 : MIN_ESTIMATE_METRES, Math.round(straightLineMetres(a, b) * 1.22));
  return { metres, seconds: Math.round((metres / 70_000) * 3600) };
}

/** One element, written as proto3 JSON: zero values left out. */
function element(originIndex: number, destinationIndex: number, from: string, to: string) {
  const indices = {
    ...(originIndex ? { originIndex } : {}),
    ...(destinationIndex ? { destinationIndex } : {}),
  };
  const route = routeBetween(from, to);
  if (route === undefined) {
    return { ...indices, status: { code: 5, message: `Waypoint address could not be geocoded: ${to}` } };
  }
  if (route === 'ROUTE_NOT_FOUND') return { ...indices, status: {}, condition: 'ROUTE_NOT_FOUND' };
  const duration = `${route.seconds}s`;
  const durationText = { text: formatDuration(route.seconds) };
  return {
    ...indices,
    status: {},
    condition: 'ROUTE_EXISTS',
    ...(route.metres ? { distanceMeters: route.metres } : {}),
    duration,
    staticDuration: duration,
    localizedValues: {
      distance: { text: formatDistance(route.metres) },
      duration: durationText,
      staticDuration: durationText,
    },
  };
}

export async function startFakeGoogle(options: { apiKey?: string } = {}): Promise<FakeGoogle> {
  const apiKey = options.apiKey ?? 'fake-google-maps-key';
  const destinations: string[] = [];
  const received: FakeGoogle['received'] = [];
  const faults: GoogleFault[] = [];

  const server = await startJsonFakeServer({
    contract: routeMatrixContract(),
    checked: (path) => path === GOOGLE_ROUTES_PATH,
    answer({ method, path, headers, body }): FakeReply {
      if (method !== 'POST' || path !== GOOGLE_ROUTES_PATH) return googleError(404, `No such method: ${path}`);
      received.push({ headers, body });
      const key = headers['x-goog-api-key'];
      if (key === undefined) return googleError(403, 'The request is missing a valid API key.');
      if (key !== apiKey) return googleError(400, 'API key not valid. Please pass a valid API key.');
      if (!headers['x-goog-fieldmask']) {
        return googleError(
          400,
          'FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters',
        );
      }
      const request = body as { origins?: Waypoint[]; destinations?: Waypoint[] } | undefined;
      const from = (request?.origins ?? []).map((o) => postcodeOf(o.waypoint?.address ?? ''));
      const to = (request?.destinations ?? []).map((d) => postcodeOf(d.waypoint?.address ?? ''));
      if (from.length === 0 || to.length === 0) return googleError(400, 'Origins and destinations are required.');
      destinations.push(...to);
      const fault = faults.shift();
      if (fault && 'hang' in fault) return 'hang';
      if (fault) return googleError(fault.status, fault.message ?? `Fake failure ${fault.status}`);
      // The matrix, last element first: Google does not promise any order.
      const elements = from.flatMap((a, i) => to.map((b, j) => element(i, j, a, b)));
      return { status: 200, body: elements.reverse() };
    },
  });

  return {
    url: server.url,
    apiKey,
    get requests() {
      return server.requests;
    },
    destinations,
    received,
    contractProblems: server.contractProblems,
    failNext: (...queued) => void faults.push(...queued),
    reset() {
      server.reset();
      destinations.length = 0;
      received.length = 0;
      faults.length = 0;
    },
    close: () => server.close(),
  };
}
