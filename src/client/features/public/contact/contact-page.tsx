import {
  ArrowRight,
  CalendarClock,
  ExternalLink,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import { COMPLAINT_ACKNOWLEDGE_DAYS, ICO, type ComplaintFormState } from '~/shared/complaint-basics';
import { paths } from '~/shared/paths';
import { ComplaintFormIsland } from './complaint-form';
import { mailtoHref, telHref, whatsAppHref } from './contact-links';

export const handle: RouteHandle = {
  meta: (site) => ({
    title: 'Contact Us',
    description: `How to reach ${site.tradingName}: ${[site.phone && 'phone', site.whatsapp && 'WhatsApp', site.email && 'e-mail', 'post'].filter(Boolean).join(', ')}, and our opening hours. Or start a free car valuation online.`,
  }),
};

/** What sellers most often ask before they get in touch; every answer is what the service does. */
const questions = [
  {
    question: 'How quickly will I get a valuation?',
    answer: 'Within 24 hours of sending us your car’s details through our online form.',
  },
  {
    question: 'Do you charge any fees?',
    answer: 'No. There are no auction or listing fees, and collection is free.',
  },
  {
    question: 'My car still has finance on it. Can I sell it?',
    answer: 'Yes. Tell us about the finance in the valuation form and we can help you settle it as part of the sale.',
  },
  {
    question: 'When am I paid?',
    answer: 'The same day we collect your car, before it leaves.',
  },
  {
    question: 'Where do you collect from?',
    answer: 'Anywhere in England, Scotland and Wales, free of charge.',
  },
];

const cardClass = 'rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)]';
const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

function ContactCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className={`${cardClass} flex gap-4 sm:last:odd:col-span-2`}>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="font-bold text-brand-900">{title}</h3>
        <div className="mt-1 text-muted">{children}</div>
      </div>
    </li>
  );
}

/** An e-mail address that a narrow card wraps after its @, not in the middle of a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/**
 * Every way to reach us that the business has configured (SPEC section 2). A
 * phone number, e-mail address or WhatsApp number that is not set is left out,
 * never invented; the postal address and the valuation form are always there.
 */
export function Component() {
  const site = useSiteConfig();
  // The complaint form's state after a post without JavaScript that was not accepted, else null.
  const complaint = useLoaderData() as ComplaintFormState | null;
  const { phone, whatsapp, email } = site;
  const companyDetails = [
    ['Company', site.companyName],
    ['Company number', site.companyNumber],
    ['FCA firm reference number', site.fcaNumber],
    ['ICO registration number', site.icoNumber],
  ].filter((row): row is [string, string] => Boolean(row[1]));

  return (
    <>
      <PageIntro title="Contact Us">
        <p>
          Questions about selling your car? Get in touch, or{' '}
          <Link
            to={paths.valuation}
            className="font-semibold text-white underline decoration-plate underline-offset-4 hover:text-plate"
          >
            start a free valuation online
          </Link>{' '}
          and we’ll come back to you within 24 hours.
        </p>
      </PageIntro>

      <Container className="grid gap-10 py-14 sm:py-16 lg:grid-cols-[1.5fr_1fr] lg:items-start">
        <section aria-labelledby="get-in-touch-title">
          <h2 id="get-in-touch-title" className="text-2xl font-extrabold tracking-tight text-brand-900 sm:text-3xl">
            Get in touch
          </h2>
          {site.demo && (phone || whatsapp || email) ? (
            <p className="mt-3 rounded-lg border border-line bg-surface p-3 text-sm text-ink">
              <strong>Demo:</strong> these contact details are made up. The phone number is one Ofcom keeps for TV and
              radio drama and the e-mail address is at a domain kept for examples, so neither reaches anyone.
            </p>
          ) : null}
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {phone && (
              <ContactCard icon={Phone} title="Call us">
                <a href={telHref(phone)} className={`${linkClass} text-xl`}>
                  {phone.display}
                </a>
                <p className="mt-1">Talk to our team during opening hours.</p>
              </ContactCard>
            )}
            {whatsapp && (
              <ContactCard icon={MessageCircle} title="WhatsApp">
                <a href={whatsAppHref(whatsapp)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  Message us on WhatsApp
                  <ExternalLink aria-hidden="true" className="ml-1 inline size-4 align-[-2px]" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                <p className="mt-1">
                  Opens WhatsApp in a new tab, with a message asking for a valuation ready to send.
                </p>
              </ContactCard>
            )}
            {email && (
              <ContactCard icon={Mail} title="E-mail us">
                <a href={mailtoHref(email)} className={`${linkClass} wrap-anywhere`}>
                  <EmailAddress email={email} />
                </a>
              </ContactCard>
            )}
            <ContactCard icon={MapPin} title="Write to us">
              <address className="not-italic text-ink">
                {[site.companyName ?? site.tradingName, ...site.address.lines, site.address.postcode]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
              </address>
              {!phone && !whatsapp && !email && (
                <p className="mt-3">
                  For the quickest answer about your car, ask for a valuation online: we reply within 24 hours.
                </p>
              )}
            </ContactCard>
          </ul>

          {companyDetails.length > 0 && (
            <div className={`${cardClass} mt-6`}>
              <h3 className="font-bold text-brand-900">Company details</h3>
              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                {companyDetails.map(([term, detail]) => (
                  <div key={term} className="contents">
                    <dt className="text-muted">{term}</dt>
                    <dd className="font-semibold text-ink">{detail}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
        </section>

        <div className="grid gap-6 lg:row-span-2">
          <section aria-labelledby="opening-hours-title" className={cardClass}>
            <h2 id="opening-hours-title" className="flex items-center gap-2 text-xl font-bold text-brand-900">
              <CalendarClock aria-hidden="true" className="size-5 text-brand-600" />
              Opening hours
            </h2>
            <dl className="mt-4 divide-y divide-line">
              {site.openingHours.map(({ days, hours }) => (
                <div key={days} className="flex justify-between gap-x-4 py-2.5">
                  <dt className="text-ink">{days}</dt>
                  <dd className="text-right font-semibold whitespace-nowrap text-brand-900">{hours}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section
            aria-labelledby="contact-valuation-title"
            className="rounded-[var(--radius-card)] bg-brand-900 p-6 text-white shadow-[var(--shadow-card)]"
          >
            <h2 id="contact-valuation-title" className="text-xl font-bold">
              Get a free valuation
            </h2>
            <p className="mt-2 text-brand-100">
              The fastest way to a price: tell us about your car online and we’ll reply within 24 hours.
            </p>
            <Button asChild size="lg" className="mt-5 w-full">
              <Link to={paths.valuation}>
                Get My Valuation
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </section>
        </div>
        <section aria-labelledby="questions-title" className="lg:col-start-1">
          <h2 id="questions-title" className="text-2xl font-extrabold tracking-tight text-brand-900 sm:text-3xl">
            Common questions
          </h2>
          <dl className="mt-6 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-white px-6 shadow-[var(--shadow-card)]">
            {questions.map(({ question, answer }) => (
              <div key={question} className="py-4">
                <dt className="font-bold text-brand-900">{question}</dt>
                <dd className="mt-1 text-muted">{answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      </Container>

      <section
        id="data-protection-complaint"
        aria-labelledby="data-protection-complaint-title"
        className="scroll-mt-20 border-t border-line bg-brand-50 py-14 sm:py-16"
      >
        <Container className="grid gap-8 lg:grid-cols-[1fr_1.5fr] lg:items-start">
          <div className="grid gap-4 text-ink">
            <h2
              id="data-protection-complaint-title"
              className="flex items-start gap-3 text-2xl font-extrabold tracking-tight text-brand-900 sm:text-3xl"
            >
              <ShieldCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-brand-600" />
              Concerned about how we use your data?
            </h2>
            <p>
              If you are unhappy with how we have collected, used or looked after your personal data, tell us here.
              Someone on our team will look into it.
            </p>
            <p>
              We e-mail you an acknowledgement with a reference straight away, and reply within{' '}
              {COMPLAINT_ACKNOWLEDGE_DAYS} days.
            </p>
            <p className="text-muted">
              {phone || whatsapp || email
                ? 'For anything else, such as a question about your car, please use the contact details above.'
                : 'For anything else, such as a question about your car, ask for a valuation online or write to us at the address above.'}
            </p>
            <p className="text-muted">
              You can also complain to the Information Commissioner&rsquo;s Office, the UK regulator for data
              protection: visit{' '}
              <a href={ICO.url} className={linkClass}>
                ico.org.uk
              </a>{' '}
              or call {ICO.phone}. Our{' '}
              <Link to={paths.privacyPolicy} className={linkClass}>
                privacy policy
              </Link>{' '}
              explains how we use personal data.
            </p>
          </div>
          <ComplaintFormIsland {...(complaint ? { initial: complaint } : {})} />
        </Container>
      </section>
    </>
  );
}
