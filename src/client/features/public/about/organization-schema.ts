import type { OpeningHours, SiteConfig } from '~/shared/site-config';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type OpeningHoursSpecification = {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
};

/**
 * "Monday to Saturday" / "09:00 to 20:00" -> schema.org opening hours. A line in
 * another shape is left out rather than guessed at.
 */
export function openingHoursSpecification(hours: OpeningHours[]): OpeningHoursSpecification[] {
  return hours.flatMap(({ days, hours: time }) => {
    const range = /^(\w+)(?: to (\w+))?$/.exec(days.trim());
    const times = /^(\d{2}:\d{2}) to (\d{2}:\d{2})$/.exec(time.trim());
    if (!range || !times) return [];
    const from = DAYS.indexOf(range[1]!);
    const to = range[2] ? DAYS.indexOf(range[2]) : from;
    if (from < 0 || to < from) return [];
    return [
      {
        '@type': 'OpeningHoursSpecification' as const,
        dayOfWeek: DAYS.slice(from, to + 1),
        opens: times[1]!,
        closes: times[2]!,
      },
    ];
  });
}

/**
 * The address as schema.org reads it. Our addresses end "town, county, postcode"
 * (the default is "Louth, Lincolnshire, LN11 0LQ"), so the last two lines are the
 * town and the county and anything before them is the street address.
 */
function postalAddress(address: SiteConfig['address']) {
  const lines = address.lines;
  const street = lines.length > 2 ? lines.slice(0, -2).join(', ') : undefined;
  const [locality, region] = lines.length >= 2 ? lines.slice(-2) : [lines[0], undefined];
  return {
    '@type': 'PostalAddress',
    ...(street && { streetAddress: street }),
    ...(locality && { addressLocality: locality }),
    ...(region && { addressRegion: region }),
    ...(address.postcode && { postalCode: address.postcode }),
    addressCountry: 'GB',
  };
}

/**
 * Organization data for search engines (schema.org AutoDealer), from the site
 * configuration only: telephone, e-mail and legal name appear only when set.
 */
export function organizationSchema(site: SiteConfig) {
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    '@id': `${site.publicBaseUrl}/#organization`,
    name: site.tradingName,
    ...(site.companyName && { legalName: site.companyName }),
    url: `${site.publicBaseUrl}/`,
    image: `${site.publicBaseUrl}/og-image.png`,
    description:
      'We buy cars directly from private sellers across England, Scotland and Wales: a free valuation within 24 hours, no auctions, no fees, free collection and payment the same day.',
    address: postalAddress(site.address),
    ...(site.phone && { telephone: site.phone.e164 }),
    ...(site.email && { email: site.email }),
    areaServed: 'GB',
    openingHoursSpecification: openingHoursSpecification(site.openingHours),
  };
}

/** JSON for a <script type="application/ld+json">: no "<" can close the element early. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
