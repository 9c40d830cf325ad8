import { z } from 'zod';
import { DISTANCE_BAND_NAMES } from './distance';

/**
 * `GET /api/distance/{postcode}` (SPEC "Distance result"): `status`, `distance` (text), `duration`
 * (text) and `distanceValue` (metres), plus where it was measured from and to, whether it is an
 * estimate, its band and the credit to show beside it. Without a distance (`status` other than
 * OK) the answer says why in `message`, in SPEC's words. The bands and words are in ./distance.ts,
 * without zod.
 */

const common = {
  /** The destination as looked up: a full postcode ("SW1A 1AA") or a district ("SW1A"). */
  postcode: z.string(),
  /** The collection base it was measured from (COLLECTION_POSTCODE). */
  origin: z.string(),
  /** True when estimated from postcode-district centroids (no route service configured). */
  estimated: z.boolean(),
  /** The credit to show beside the figures (Google's, or the open data the estimate comes from). */
  attribution: z.string(),
  /**
   * Driving directions from the base to the postcode: `embedUrl` for the Maps Embed API frame
   * when GOOGLE_MAPS_EMBED_KEY is set (the page's CSP allows exactly that frame), else null;
   * `linkUrl` always, for a plain link to Google Maps' directions.
   */
  directions: z.object({ embedUrl: z.url().nullable(), linkUrl: z.url() }),
};

export const distanceFoundSchema = z.object({
  status: z.literal('OK'),
  ...common,
  /** "123 km". */
  distance: z.string(),
  /** "1 hour 35 mins". */
  duration: z.string(),
  /** Metres. */
  distanceValue: z.number().int().nonnegative(),
  /** Seconds. */
  durationValue: z.number().int().nonnegative(),
  /** SPEC section 9's band of the distance. */
  band: z.enum(DISTANCE_BAND_NAMES),
});

export const distanceMissingSchema = z.object({
  status: z.enum(['ERROR', 'NOT_FOUND', 'ZERO_RESULTS']),
  ...common,
  /** "Unable to calculate distance" (ERROR) or "Distance unavailable". */
  message: z.string(),
});

export const distanceResultSchema = z.union([distanceFoundSchema, distanceMissingSchema]);

export type DistanceFound = z.infer<typeof distanceFoundSchema>;
export type DistanceMissing = z.infer<typeof distanceMissingSchema>;
export type DistanceResult = z.infer<typeof distanceResultSchema>;
