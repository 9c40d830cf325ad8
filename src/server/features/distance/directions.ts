import type { DistanceResult } from '~/shared/distance-schema';

export type Directions = DistanceResult['directions'];

/**
 * Driving directions from the collection base to a postcode, for the Location tab: always a link
 * to Google Maps' directions (Maps URLs, no key needed), and with GOOGLE_MAPS_EMBED_KEY the
 * address of a Maps Embed API directions frame (region GB, so a bare postcode is read as British).
 * Built for each answer, never cached with the distance: the key can change between answers.
 */
export function directionsTo(origin: string, destination: string, embedKey: string | undefined): Directions {
  const link = new URL('https://www.google.com/maps/dir/');
  link.search = query({ api: '1', origin, destination, travelmode: 'driving' });
  if (!embedKey) return { embedUrl: null, linkUrl: link.href };
  const embed = new URL('https://www.google.com/maps/embed/v1/directions');
  embed.search = query({
    key: embedKey,
    origin: `${origin},UK`,
    destination: `${destination},UK`,
    mode: 'driving',
    region: 'GB',
  });
  return { embedUrl: embed.href, linkUrl: link.href };
}

/** Percent-encoded (spaces as %20, commas as %2C), as Google's URL documents show. */
function query(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}
