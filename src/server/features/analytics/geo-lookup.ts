import { createRequire } from 'node:module';

/**
 * Country and town of an internet address, from the GeoLite2 data that the geoip-lite package
 * ships (no network look-ups). The data: "This product includes GeoLite2 data created by MaxMind,
 * available from https://www.maxmind.com" (CC BY-SA 4.0; README, Visitor analytics). The package
 * is frozen at its release: `npm run-script updatedb license_key=…` inside node_modules/geoip-lite
 * refreshes it with a free MaxMind key.
 *
 * The data takes about 150 MB of memory and 150 ms to read, so it is read once per process, the
 * first time a batch of visits is written (never on a request's path).
 */
export type GeoLookup = (address: string) => { country: string | null; city: string | null };

type GeoipLite = { lookup(ip: string): { country?: string; city?: string } | null };

let geoip: GeoipLite | undefined;

export const geoLiteLookup: GeoLookup = (address) => {
  geoip ??= createRequire(import.meta.url)('geoip-lite') as GeoipLite;
  const found = geoip.lookup(address);
  return {
    country: found?.country ? found.country.slice(0, 2) : null,
    city: found?.city ? found.city.slice(0, 100) : null,
  };
};
