import { Mail, MapPin, MessageSquare, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';
import type { SiteConfig } from '~/shared/site-config';

/** The name people write to: the company when configured, else the trading name. */
export function legalName(site: SiteConfig): string {
  return site.companyName ?? site.tradingName;
}

/**
 * How to reach us, from the site configuration only: the e-mail and phone lines
 * appear only when the business has set them, and the contact page and postal
 * address are always there, so there is always a way to write to us.
 */
export function ContactRoutes({ attention }: { attention?: string }) {
  const site = useSiteConfig();
  return (
    <dl className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2 sm:p-5">
      {site.email && (
        <Route icon={<Mail />} label="E-mail">
          <a href={`mailto:${site.email}`} className="break-all">
            {site.email}
          </a>
        </Route>
      )}
      {site.phone && (
        <Route icon={<Phone />} label="Phone">
          <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a>
          {site.openingHours.map((h) => (
            <span key={h.days} className="block text-sm text-muted">
              {h.days}: {h.hours}
            </span>
          ))}
        </Route>
      )}
      <Route icon={<MessageSquare />} label="Online">
        <Link to={paths.contact}>Our contact page</Link>
      </Route>
      <Route icon={<MapPin />} label="Post">
        <address className="not-italic">
          {attention && <span className="block">{attention}</span>}
          <span className="block">{legalName(site)}</span>
          {[...site.address.lines, site.address.postcode].map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </Route>
    </dl>
  );
}

function Route({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-3 text-sm font-semibold text-brand-950">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 ring-1 ring-line [&_svg]:size-4"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 pl-12">{children}</dd>
    </div>
  );
}
