import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '~/server/project-root';
import { districtOf } from '~/shared/distance';

/**
 * The offline estimate, used when no Google key is configured: the straight line between the two
 * postcode districts' centroids (districts/uk-postcode-districts.csv, read once on first use),
 * times a road factor, driven at a typical speed. Staff see it labelled "estimated".
 *
 * - ROAD_FACTOR 1.3: British roads are about a third longer than the straight line (a common
 *   rule of thumb; Louth to Westminster is 208 km in a line and about 250 km by road).
 * - Time: the first 30 km at 45 km/h (town and country roads around both ends), the rest at
 *   80 km/h (A roads and motorways), so a local trip is not made to look quick and a long one
 *   not slow.
 * - A full postcode is placed at its district's centroid, so two places in one district are
 *   shown as MIN_ESTIMATE_METRES apart rather than 0.
 */

export const ROAD_FACTOR = 1.3;
export const TOWN_KM = 30;
export const TOWN_KMH = 45;
export const OPEN_ROAD_KMH = 80;
export const MIN_ESTIMATE_METRES = 1_000;

const EARTH_RADIUS_METRES = 6_371_000;

export type LatLng = { latitude: number; longitude: number };

export const districtsFile = path.join(
  projectRoot,
  'src',
  'server',
  'features',
  'distance',
  'districts',
  'uk-postcode-districts.csv',
);

let districts: Map<string, LatLng> | undefined;

/** District ("LN11") to its centroid, read from the CSV the first time it is needed. */
export function districtCentroids(): Map<string, LatLng> {
  if (districts) return districts;
  const [header = '', ...rows] = readFileSync(districtsFile, 'utf8').split(/\r?\n/);
  const columns = header.split(',');
  const [code, lat, lng] = ['postcode', 'latitude', 'longitude'].map((name) => columns.indexOf(name));
  if (code === undefined || lat === undefined || lng === undefined || Math.min(code, lat, lng) < 0) {
    throw new Error(`${districtsFile}: expected postcode, latitude and longitude columns`);
  }
  const loaded = new Map<string, LatLng>();
  for (const row of rows) {
    if (row.trim() === '') continue;
    const cells = row.split(',');
    const latitude = Number(cells[lat]);
    const longitude = Number(cells[lng]);
    if (Number.isFinite(latitude) && Number.isFinite(longitude)) {
      loaded.set(String(cells[code]).trim().toUpperCase(), { latitude, longitude });
    }
  }
  districts = loaded;
  return loaded;
}

/** Great-circle distance in metres (haversine). */
export function straightLineMetres(a: LatLng, b: LatLng): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type Estimate = { kind: 'route'; distanceMeters: number; durationSeconds: number } | { kind: 'not-found' };

/** The estimated road distance and driving time between two postcodes or districts. */
export function estimateRoute(origin: string, destination: string): Estimate {
  const centroids = districtCentroids();
  const from = centroids.get(districtOf(origin));
  const to = centroids.get(districtOf(destination));
  if (!from || !to) return { kind: 'not-found' };
  const distanceMeters = Math.max(MIN_ESTIMATE_METRES, Math.round(straightLineMetres(from, to) * ROAD_FACTOR));
  const km = distanceMeters / 1000;
  const hours = Math.min(km, TOWN_KM) / TOWN_KMH + Math.max(0, km - TOWN_KM) / OPEN_ROAD_KMH;
  return { kind: 'route', distanceMeters, durationSeconds: Math.round(hours * 3600) };
}
