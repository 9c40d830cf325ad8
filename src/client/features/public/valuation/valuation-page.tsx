import { Mail, MapPin, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';
import { mailtoHref, telHref, whatsAppHref } from '../contact';
import { REGISTRATION_INPUT_MAX_LENGTH, storageRegistration } from '~/shared/registration';

export const handle: RouteHandle = {
  meta: {
    title: 'Get Your Free Valuation',
    description: 'Tell us about your car and get a free valuation within 24 hours.',
  },
};

type ContactRoute = { icon: LucideIcon; label: string; href: string };

/** "ab12  cde" or "AB12+CDE" from a plain form -> "AB12CDE"; blank -> null. */
function registrationFrom(params: URLSearchParams): string | null {
  const value = storageRegistration(params.get('registration') ?? '').slice(0, REGISTRATION_INPUT_MAX_LENGTH);
  return value || null;
}

/**
 * The valuation request form (SPEC's four-step wizard) arrives with the
 * valuations work. Until then this page says so plainly and gives the ways to
 * ask for a valuation that work today, keeping the registration the seller typed.
 */
export function Component() {
  const [params] = useSearchParams();
  const registration = registrationFrom(params);
  const site = useSiteConfig();
  const routes: ContactRoute[] = [];
  if (site.phone) routes.push({ icon: Phone, label: `Call ${site.phone.display}`, href: telHref(site.phone) });
  if (site.whatsapp)
    routes.push({ icon: MessageCircle, label: 'Message us on WhatsApp', href: whatsAppHref(site.whatsapp) });
  if (site.email) routes.push({ icon: Mail, label: `E-mail ${site.email}`, href: mailtoHref(site.email) });

  return (
    <>
      <PageIntro title="Get Your Free Valuation">
        Tell us about your car and we will come back to you with a valuation within 24 hours.
      </PageIntro>
      <Container className="grid gap-8 py-12 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section aria-labelledby="how-to-ask" className="max-w-2xl space-y-5">
          <h2 id="how-to-ask" className="text-2xl font-bold text-brand-900">
            Ask for your valuation
          </h2>
          <p className="text-lg text-muted">
            Our online valuation form is not open yet. Until it is, get in touch and our team will value your car within
            24 hours: have your registration, mileage and a few words about its condition ready.
          </p>
          {routes.length > 0 ? (
            <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              {routes.map(({ icon: Icon, label, href }) => (
                <li key={href}>
                  <Button asChild variant="brand">
                    <a href={href}>
                      <Icon aria-hidden="true" />
                      {label}
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="flex gap-3 text-ink">
              <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-600" />
              <span>
                Write to us at {[...site.address.lines, site.address.postcode].join(', ')}, or see{' '}
                <Link to={paths.contact} className="font-semibold text-brand-700 underline">
                  our contact page
                </Link>
                .
              </span>
            </p>
          )}
          <p className="text-muted">
            <Link to={paths.contact} className="font-semibold text-brand-700 underline">
              All the ways to contact us
            </Link>
          </p>
        </section>
        {registration && (
          <aside
            aria-label="Your registration"
            className="rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)]"
          >
            <p className="text-sm font-semibold text-muted">Your registration</p>
            <p className="mt-2 inline-block rounded-md border-2 border-brand-950 bg-plate px-4 py-1 font-plate text-3xl font-bold tracking-wider text-brand-950">
              {registration}
            </p>
            <p className="mt-3 text-sm text-muted">Quote it when you contact us.</p>
          </aside>
        )}
      </Container>
    </>
  );
}
