import type { LocationStat } from '~/shared/analytics';

let regionNames: Intl.DisplayNames | undefined;

/** "GB" → "United Kingdom". A code the browser does not know is shown as it is; null stays null. */
export function countryName(code: string | null): string | null {
  if (!code) return null;
  const upper = code.trim().toUpperCase();
  try {
    regionNames ??= new Intl.DisplayNames(['en-GB'], { type: 'region' });
    return regionNames.of(upper) ?? upper;
  } catch {
    // A malformed code (Intl throws a RangeError): still worth showing.
    return upper;
  }
}

export const UNKNOWN_LOCATION = 'Unknown location';

/**
 * How a location reads: the city first with its country under it; only the country (or only
 * the city) when the other is unknown; "Unknown location" when both are.
 */
export function describeLocation({ city, country }: Pick<LocationStat, 'city' | 'country'>): {
  place: string;
  country: string | null;
} {
  const name = countryName(country);
  const town = city?.trim() || null;
  if (town) return { place: town, country: name };
  return { place: name ?? UNKNOWN_LOCATION, country: null };
}

/** The same in one line: "Lincoln, United Kingdom". */
export function locationText(location: Pick<LocationStat, 'city' | 'country'>): string {
  const { place, country } = describeLocation(location);
  return country ? `${place}, ${country}` : place;
}
