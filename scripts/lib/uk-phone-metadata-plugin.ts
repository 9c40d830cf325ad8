import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const METADATA = 'libphonenumber-js/min/metadata';
const UK_METADATA = '\0uk-phone-metadata';

type Metadata = {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
};

/** The numbering plans of +44 alone: the UK, Guernsey, Jersey and the Isle of Man. */
export function ukPhoneMetadata(metadata: Metadata): Metadata {
  const countries = metadata.country_calling_codes['44'] ?? [];
  return {
    version: metadata.version,
    country_calling_codes: { '44': countries },
    countries: Object.fromEntries(countries.map((country) => [country, metadata.countries[country]])),
  };
}

/**
 * In the public pages' build, libphonenumber's metadata holds +44's numbering plans only (issue 33):
 * about 1.4 KB gzipped instead of 19 KB. Sellers' numbers are British; one written with another
 * country's + code is left for the server to judge (src/shared/phone.ts says how).
 */
export function ukPhoneMetadataOnly(): Plugin {
  return {
    name: 'uk-phone-metadata',
    enforce: 'pre',
    resolveId: (id) => (id === METADATA ? UK_METADATA : null),
    load(id) {
      if (id !== UK_METADATA) return null;
      const full = createRequire(import.meta.url)('libphonenumber-js/metadata.min.json') as Metadata;
      return `export default ${JSON.stringify(ukPhoneMetadata(full))};`;
    },
  };
}
