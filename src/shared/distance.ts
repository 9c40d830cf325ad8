/**
 * Road distance from the collection base (SPEC sections 3, 8 and 9), without zod, so the admin
 * pages can show bands and badges without loading it: the bands, the compact badge labels, the
 * words shown when there is no distance, and the way distances and durations are written. The
 * answer's schema is in ./distance-schema.ts.
 */

/** SPEC section 9: up to 50 km Local, up to 150 Regional, up to 300 Long Distance, above Very Far. */
export const distanceBands = [
  { band: 'Local', badge: 'Local', maxKm: 50 },
  { band: 'Regional', badge: 'Regional', maxKm: 150 },
  { band: 'Long Distance', badge: 'Long', maxKm: 300 },
  { band: 'Very Far', badge: 'Very Far', maxKm: Infinity },
] as const;

export type DistanceBand = (typeof distanceBands)[number]['band'];
/** The compact badge on the dashboard: a band's short name, or "N/A" without a distance. */
export type DistanceBadge = (typeof distanceBands)[number]['badge'] | 'N/A';

export const DISTANCE_BAND_NAMES = distanceBands.map((b) => b.band) as [DistanceBand, ...DistanceBand[]];

/**
 * - `OK`: a distance and a duration;
 * - `ERROR`: the route service failed (try again later): "Unable to calculate distance";
 * - `NOT_FOUND`: the postcode could not be placed (a district newer than our data, or one the
 *   route service does not know); `ZERO_RESULTS`: no road route: both "Distance unavailable".
 */
export const DISTANCE_STATUSES = ['OK', 'ERROR', 'NOT_FOUND', 'ZERO_RESULTS'] as const;
export type DistanceStatus = (typeof DISTANCE_STATUSES)[number];

export const distanceMessages = {
  noPostcode: 'No postcode provided',
  notAPostcode: 'Enter a UK postcode or postcode district, such as LN11 0LQ or LN11',
  error: 'Unable to calculate distance',
  unavailable: 'Distance unavailable',
  estimated: 'Estimated from the straight line between postcode districts, not a road route',
} as const;

/** SPEC section 5: a lookup needs at least this many characters (spaces aside). */
export const DISTANCE_POSTCODE_MIN_LENGTH = 3;

/**
 * Credit due wherever an estimate is shown (the district centroids derive from Ordnance Survey,
 * Royal Mail and ONS open data; src/server/features/distance/data/README.md).
 */
export const ESTIMATE_ATTRIBUTION =
  'Contains OS data © Crown copyright and database right; Contains Royal Mail data © Royal Mail copyright and ' +
  'database right; Source: Office for National Statistics licensed under the Open Government Licence v.3.0';

/** Google asks for this beside Routes API results. */
export const GOOGLE_ATTRIBUTION = 'Powered by Google';

/** The band of a distance in metres (a band's upper bound belongs to it: 50 km is Local). */
export function distanceBandOf(metres: number): DistanceBand {
  const km = metres / 1000;
  return distanceBands.find((b) => km <= b.maxKm)!.band;
}

/** The compact badge of an answer: its band's short name when it has a distance, otherwise "N/A". */
export function distanceBadgeOf(answer: { status: string; distanceValue?: number } | undefined): DistanceBadge {
  if (answer?.status !== 'OK' || answer.distanceValue === undefined) return 'N/A';
  const band = distanceBandOf(answer.distanceValue);
  return distanceBands.find((b) => b.band === band)!.badge;
}

/** What to show instead of a distance (SPEC section 8): ERROR is a failure, any other status "unavailable". */
export function distanceProblemMessage(status: string): string | undefined {
  if (status === 'OK') return undefined;
  return status === 'ERROR' ? distanceMessages.error : distanceMessages.unavailable;
}

/** "850 m", "4.2 km", "123 km": metric, as Google writes it (the fake Routes API's words). */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const tenths = Math.round(metres / 100) / 10;
  return tenths < 10 ? `${tenths.toFixed(1)} km` : `${Math.round(metres / 1000)} km`;
}

const METRES_PER_MILE = 1_609.344;

/**
 * A distance for UK staff and sellers, in miles (issue 31; SPEC's bands stay in kilometres):
 * "0.4 miles" and "9.9 miles" to a tenth below 10 miles, whole miles above ("12 miles", "1,243
 * miles"); a figure that rounds to nothing is "Under 0.1 miles", never "0 miles".
 */
export function formatMiles(metres: number): string {
  const miles = metres / METRES_PER_MILE;
  const tenths = Math.round(miles * 10) / 10;
  if (tenths === 0) return 'Under 0.1 miles';
  const figure = tenths < 10 ? tenths : Math.round(miles);
  return `${figure.toLocaleString('en-GB')} ${figure === 1 ? 'mile' : 'miles'}`;
}

/** A found distance's figures and where it was measured between (the answer of `/api/distance`). */
export type MeasuredRoute = { postcode: string; origin: string; distanceValue: number; estimated: boolean };

/** The district of a postcode ("LN11 0LQ" → "LN11"); a district stays itself. */
export const districtOf = (postcode: string) => postcode.split(' ')[0] ?? postcode;

/**
 * Where the postcode is, when that is truer than a figure: the base's own postcode, or (for an
 * estimate, which puts both at their district's centroid) the base's postcode district.
 */
function placeWords(route: MeasuredRoute): string | undefined {
  if (route.postcode === route.origin) return 'Same postcode as the base';
  if (route.estimated && districtOf(route.postcode) === districtOf(route.origin)) {
    return 'Same postcode district as the base';
  }
  return undefined;
}

/** How far the postcode is from the base: where it is (above), or its figure in miles. */
export function roadDistanceText(route: MeasuredRoute): string {
  return placeWords(route) ?? formatMiles(route.distanceValue);
}

/** The distance beside a badge (lists, Quick Summary): its words, an estimated figure marked so. */
export function distanceSummary(route: MeasuredRoute): string {
  const place = placeWords(route);
  if (place) return place;
  const figure = formatMiles(route.distanceValue);
  return route.estimated ? `${figure}, estimated` : figure;
}

/** "1 min", "45 mins", "1 hour", "1 hour 35 mins", "3 hours 5 mins" (whole minutes, at least 1). */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '',
    rest > 0 ? `${rest} ${rest === 1 ? 'min' : 'mins'}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}
