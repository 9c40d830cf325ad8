import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '~/client/components/brand-logo';
import { Container } from '~/client/components/ui/container';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';
import type { SiteConfig } from '~/shared/site-config';

const footerColumns = [
  {
    heading: 'Sell your car',
    links: [
      { to: paths.valuation, label: 'Get a free valuation' },
      { to: paths.howItWorks, label: 'How it works' },
      { to: paths.howWeValue, label: 'How we value your car' },
      { to: paths.launchOfferTerms, label: 'Launch offer terms' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: paths.home, label: 'Home' },
      { to: paths.about, label: 'About us' },
      { to: paths.contact, label: 'Contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: paths.privacyPolicy, label: 'Privacy policy' },
      { to: paths.termsOfService, label: 'Terms of service' },
      { to: paths.cookiePolicy, label: 'Cookie policy' },
    ],
  },
];

/** The regulatory line, naming only the registrations the business has configured. */
export function legalLines(site: SiteConfig): string[] {
  const lines: string[] = [];
  if (site.companyName) {
    const number = site.companyNumber ? `, company number ${site.companyNumber}` : '';
    lines.push(`${site.tradingName} is a trading name of ${site.companyName}${number}.`);
  }
  if (site.fcaNumber) {
    lines.push(
      `Authorised and regulated by the Financial Conduct Authority as a credit broker (introducer), firm reference number ${site.fcaNumber}.`,
    );
  }
  if (site.icoNumber) lines.push(`Registered with the Information Commissioner's Office, number ${site.icoNumber}.`);
  return lines;
}

function ContactDetails({ site }: { site: SiteConfig }) {
  return (
    <address className="space-y-3 text-sm not-italic text-brand-100">
      <p className="flex gap-3">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-plate" />
        <span>
          {[...site.address.lines, site.address.postcode].map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </span>
      </p>
      {site.phone && (
        <p className="flex gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-plate" />
          <a href={`tel:${site.phone.e164}`} className="hover:text-white hover:underline">
            {site.phone.display}
          </a>
        </p>
      )}
      {site.email && (
        <p className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-plate" />
          <a href={`mailto:${site.email}`} className="break-all hover:text-white hover:underline">
            {site.email}
          </a>
        </p>
      )}
      <p className="flex gap-3">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-plate" />
        <span>
          {site.openingHours.map((h) => (
            <span key={h.days} className="block">
              {h.days}: {h.hours}
            </span>
          ))}
        </span>
      </p>
    </address>
  );
}

export function SiteFooter() {
  const site = useSiteConfig();
  return (
    <footer className="bg-brand-950 text-brand-100">
      <Container className="grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="space-y-5">
          <BrandLogo inverted />
          <p className="max-w-sm text-sm">
            We buy cars directly from private sellers across the UK. No auctions, no fees, free collection, and payment
            the same day before your car leaves.
          </p>
          <ContactDetails site={site} />
        </div>
        {footerColumns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{column.heading}</h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-white/10">
        <Container className="space-y-1 py-6 text-xs text-brand-200">
          {legalLines(site).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            © {new Date().getFullYear()} {site.tradingName}. All rights reserved.
          </p>
        </Container>
      </div>
    </footer>
  );
}
