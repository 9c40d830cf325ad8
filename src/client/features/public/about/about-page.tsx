import { Building2, CalendarClock, Handshake, MapPinned, Scale, ShieldCheck, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CallToActionBand } from '~/client/components/call-to-action-band';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';
import type { SiteConfig } from '~/shared/site-config';
import { jsonForScript, organizationSchema } from './organization-schema';

/** "Louth, Lincolnshire": the town and county at the end of the configured address. */
function baseTown(address: SiteConfig['address']): string {
  return address.lines.slice(-2).join(', ');
}

/** A section's <h2>, with an optional introduction under it. */
function SectionTitle({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-3xl font-extrabold tracking-tight text-balance text-brand-900 sm:text-4xl">
        {title}
      </h2>
      {children && <div className="mt-4 text-lg text-muted">{children}</div>}
    </div>
  );
}

export const handle: RouteHandle = {
  meta: (site) => ({
    title: 'About Us',
    description: `${site.tradingName} buys cars directly from private sellers across England, Scotland and Wales, from our base in ${baseTown(site.address)}. Free valuation within 24 hours, no fees, same-day payment.`,
  }),
};

const reasons = [
  {
    icon: Handshake,
    title: 'Direct buying',
    text: 'You deal with the people who buy your car. No auction house, no dealer network and no fees along the way.',
  },
  {
    icon: MapPinned,
    title: 'UK coverage',
    text: 'We collect from anywhere in England, Scotland and Wales, free of charge.',
  },
  {
    icon: Timer,
    title: 'Fast process',
    text: 'A valuation within 24 hours of asking, and payment on the day we collect.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure and trusted',
    text: 'You are paid in full before the car leaves, and we handle your details in line with UK data protection law.',
  },
  {
    icon: Scale,
    title: 'Fair valuation',
    text: 'Our price reflects your car’s age, mileage and condition, and there is never any pressure to accept it.',
  },
];

const promises = [
  {
    title: 'A valuation within 24 hours',
    text: 'Tell us about your car and we come back to you with a price within 24 hours.',
  },
  { title: 'No auctions and no fees', text: 'We buy your car ourselves, and there are no fees for you to pay.' },
  { title: 'Free collection', text: 'We collect from anywhere in England, Scotland and Wales, at no cost to you.' },
  { title: 'Paid before the car leaves', text: 'You are paid in full on the day we collect, before the car leaves.' },
  { title: 'No pressure', text: 'Our valuation comes with no obligation. If the price is not right for you, say no.' },
];

export function Component() {
  const site = useSiteConfig();
  const town = baseTown(site.address);
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonForScript(organizationSchema(site)) }}
      />
      <PageIntro title="About Us" eyebrow={site.tradingName}>
        <p>
          We buy cars directly from private sellers across England, Scotland and Wales, from our base in {town}. No
          auctions, no fees, and no weeks of adverts and haggling.
        </p>
      </PageIntro>

      <section aria-labelledby="who-we-are-title" className="py-16 sm:py-20">
        <Container className="grid gap-12 lg:grid-cols-[1.4fr_1fr] lg:items-start">
          <div>
            <SectionTitle id="who-we-are-title" title="Who we are" />
            <div className="mt-6 max-w-[65ch] space-y-4 text-lg text-ink">
              <p>
                {site.tradingName} is a car-buying service for private sellers. We buy cars directly from their owners,
                so there is no auction, no listing to manage and no strangers arriving for test drives.
              </p>
              <p>
                Selling privately can take weeks of adverts, calls and haggling, and part-exchange often leaves you
                wondering whether the price was fair. We set out to make it simple: an honest valuation within 24 hours,
                free collection, and your money before the car leaves.
              </p>
              <p>
                Still paying off finance on your car? Tell us when you ask for a valuation, and we can help you settle
                it as part of the sale.
              </p>
              {site.companyName && (
                <p className="text-base text-muted">
                  {site.tradingName} is a trading name of {site.companyName}
                  {site.companyNumber && <>, company number {site.companyNumber}</>}.
                </p>
              )}
            </div>
          </div>
          <div className="rounded-[var(--radius-card)] bg-brand-900 p-6 text-white sm:p-8">
            <h3 className="text-lg font-bold text-plate">At a glance</h3>
            <dl className="mt-4 divide-y divide-white/10">
              {[
                ['Based in', town],
                ['Buying cars from', 'England, Scotland and Wales'],
                ['Valuation', 'Within 24 hours, free'],
                ['Collection', 'Free, from your door'],
                ['Payment', 'Same day, before the car leaves'],
              ].map(([term, detail]) => (
                <div key={term} className="flex flex-wrap justify-between gap-x-4 py-3">
                  <dt className="text-brand-200">{term}</dt>
                  <dd className="font-semibold">{detail}</dd>
                </div>
              ))}
            </dl>
          </div>
        </Container>
      </section>

      <section aria-labelledby="promise-title" className="bg-brand-50 py-16 sm:py-20">
        <Container>
          <SectionTitle id="promise-title" title="Our promise">
            <p>When you ask us to value your car, this is what you can count on.</p>
          </SectionTitle>
          <ol className="mt-10 grid gap-4 sm:grid-cols-2">
            {promises.map(({ title, text }, index) => (
              <li
                key={title}
                className="flex gap-4 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:last:col-span-2"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-plate font-extrabold text-brand-950">
                  {index + 1}
                </span>
                <span>
                  <span className="block font-bold text-brand-900">{title}</span>
                  <span className="text-muted">{text}</span>
                </span>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="where-title" className="py-16 sm:py-20">
        <Container className="grid items-center gap-12 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <SectionTitle id="where-title" title="Where to find us">
              <p>
                Our registered office and collection base is in {town}. From here we collect cars from sellers all over
                England, Scotland and Wales.
              </p>
            </SectionTitle>
            <div className="mt-8 flex gap-4 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)]">
              <Building2 aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
              <div>
                <h3 className="font-bold text-brand-900">Registered office</h3>
                <address className="mt-1 not-italic text-ink">
                  {site.companyName && <span className="block">{site.companyName}</span>}
                  {[...site.address.lines, site.address.postcode].filter(Boolean).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
                <p className="mt-3">
                  <Link
                    to={paths.contact}
                    className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
                  >
                    Contact details and opening hours
                  </Link>
                </p>
              </div>
            </div>
          </div>
          <div className="rounded-[var(--radius-card)] bg-brand-900 p-6 text-white sm:p-8">
            <h3 className="flex items-center gap-2 text-lg font-bold text-plate">
              <CalendarClock aria-hidden="true" className="size-5" />
              Opening hours
            </h3>
            <dl className="mt-4 divide-y divide-white/10">
              {site.openingHours.map(({ days, hours }) => (
                <div key={days} className="flex justify-between gap-x-4 py-3">
                  <dt className="text-brand-200">{days}</dt>
                  <dd className="text-right font-semibold whitespace-nowrap">{hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-brand-100">
              Collection is arranged with you once you accept our valuation, anywhere in England, Scotland and Wales.
            </p>
          </div>
        </Container>
      </section>

      <section aria-labelledby="why-choose-us-title" className="bg-brand-50 py-16 sm:py-20">
        <Container>
          <SectionTitle id="why-choose-us-title" title="Why choose us">
            <p>Five reasons sellers come to us rather than an auction, a dealer or a private sale.</p>
          </SectionTitle>
          <ul className="mt-10 grid gap-x-10 gap-y-8 md:grid-cols-2">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-900 text-plate">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div>
                  <h3 className="text-lg font-bold text-brand-900">{title}</h3>
                  <p className="mt-1 text-muted">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <CallToActionBand
        id="about-cta-title"
        title="Find out what your car is worth"
        actions={
          <Button asChild size="lg">
            <Link to={paths.valuation}>Get My Valuation</Link>
          </Button>
        }
      >
        <p>A free, no-obligation valuation within 24 hours. It takes a few minutes to ask.</p>
      </CallToActionBand>
    </>
  );
}
