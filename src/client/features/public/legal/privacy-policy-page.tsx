import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import { COMPLAINT_ACKNOWLEDGE_DAYS, ICO } from '~/shared/complaints';
import { paths } from '~/shared/paths';
import { AUTOMATIC_DELETION, RETENTION, RETENTION_DEFAULTS, RIGHTS_RESPONSE } from '~/shared/retention';
import { addressAsOneLine } from '~/shared/site-config';
import { ContactRoutes, legalName } from './contact-routes';
import { duration, KeyPoint, LegalPage, POLICIES_EFFECTIVE_DATE, type LegalSection } from './legal-page';

export const handle: RouteHandle = {
  meta: {
    title: 'Privacy Policy',
    description:
      'What personal data we collect when you ask for a valuation or sell your car, why we use it, how long we keep it and your rights.',
  },
};

export function Component() {
  const site = useSiteConfig();
  const { tradingName } = site;
  /** The periods the daily retention job deletes by (RETENTION_* settings). */
  const kept = site.retention ?? RETENTION_DEFAULTS;

  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: 'Who We Are',
      body: (
        <>
          <p>
            {tradingName} buys cars directly from private sellers across the UK.{' '}
            {site.companyName &&
              `${tradingName} is a trading name of ${site.companyName}${site.companyNumber ? `, company number ${site.companyNumber}` : ''}. `}
            We decide why and how your personal data is used, which makes us its &ldquo;controller&rdquo; under the UK
            General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
          </p>
          {site.icoNumber && (
            <p>We are registered with the Information Commissioner&apos;s Office (ICO), number {site.icoNumber}.</p>
          )}
          <p>
            This policy explains what we collect when you use our website, ask us for a valuation, sell your car to us,
            write a review or phone us; why we collect it; who else sees it; how long we keep it; and your rights.
          </p>
          <KeyPoint>
            <strong>Privacy contact:</strong>{' '}
            {site.email ? (
              <>
                e-mail <a href={`mailto:${site.email}`}>{site.email}</a>, or write to us at the address in section 8.
              </>
            ) : (
              <>
                write to {legalName(site)}, marked &ldquo;Data protection&rdquo;, at {addressAsOneLine(site)}, or use{' '}
                <Link to={paths.contact}>our contact page</Link>.
              </>
            )}
          </KeyPoint>
        </>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'What We Collect',
      body: (
        <>
          <h3>When you ask for a valuation</h3>
          <ul>
            <li>
              Your car&apos;s registration number and mileage, and the details we look up about it from the DVLA and the
              DVSA: make, model, year, colour, fuel type, engine size, tax and MOT status, MOT history and the date its
              logbook (V5C) was last issued.
            </li>
            <li>
              Your answers about its condition, service history, any mechanical problems and any outstanding finance.
            </li>
            <li>Your name, e-mail address, phone number and postcode, and how you would like us to contact you.</li>
          </ul>
          <p>
            Giving us these details is up to you, but we need them to value your car and reply to you: without them we
            cannot make you an offer.
          </p>
          <h3>Photos of your car</h3>
          <p>
            If you choose to upload photos after your request, they are private. Only our staff can see them; we never
            publish them or show them to anyone else. We remove hidden location data (such as GPS position) from photos
            when you upload them.
          </p>
          <h3>When you sell your car to us</h3>
          <p>
            The details of the sale (the car, the price and the date), the logbook (V5C) details that show you own the
            car, the details of any finance we settle with your lender, and the payment details we need to pay you.
          </p>
          <h3>When you write a review</h3>
          <p>
            Your name, e-mail address, star rating, review title and text, and, if you give them, your town and the car
            you sold. We never publish your e-mail address.
          </p>
          <h3>When you phone us or we phone you</h3>
          <p>
            The phone numbers, the date, time and length of the call, and any notes our staff make. If you leave us a
            voicemail message, we keep its recording.{' '}
            {site.callRecording
              ? 'Calls our staff make to you are recorded, so we have an accurate record of what was said and agreed.'
              : 'We do not record our conversations with you.'}
          </p>
          <h3>When you make a data protection complaint</h3>
          <p>
            Your name, e-mail address, your phone number if you give it, what you tell us, and what we did about it.
          </p>
          <h3>When you visit our website</h3>
          <p>
            Our server counts each page visit: the page (without anything after a question mark in its address), the
            website you came from (its name only), your browser type, the time, and the country and nearest town or city
            (worked out from your internet address, on our own server, with GeoLite2 data created by MaxMind). We
            shorten your internet (IP) address before we store it, and count visitors with a code that changes every
            day, so we cannot follow anyone from one day to the next. This uses no cookies, and stores nothing on your
            device. When your browser shows a page again from its own memory (going back, say), our page tells our
            server its address, so that visit is counted too. We do not count visits from a browser that sends a Do Not
            Track or Global Privacy Control signal. Our server also keeps technical logs (such as the address a request
            came from, and any errors) to keep the website running and secure.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-it',
      title: 'How and Why We Use It',
      body: (
        <>
          <p>
            The law lets us use personal data only when we have a lawful basis for it. Here is each thing we do with
            your data, and the basis we rely on.
          </p>
          <div className="space-y-3">
            <Purpose
              title="Valuing your car and making you an offer"
              basis="Steps you asked us to take before entering into a contract (UK GDPR Article 6(1)(b)). This applies even if you decide not to sell."
            >
              We look up your car, work out the road distance from our collection base to your postcode, prepare your
              valuation, contact you about it in the way you prefer, and send you our offer by e-mail, text message or
              both.
            </Purpose>
            <Purpose
              title="Passing your request to an authorised dealer"
              basis="Our legitimate interests (Article 6(1)(f)) in finding a buyer for your car. Tell us if you would rather we did not, and we will not."
            >
              If another authorised dealer we work with is better placed to buy your car, we may send them a report of
              your valuation request so they can make you an offer (see section 4).
            </Purpose>
            <Purpose title="Buying your car" basis="Performing our contract with you (Article 6(1)(b)).">
              Arranging collection, paying you, settling any outstanding finance with your lender and completing the
              paperwork.
            </Purpose>
            <Purpose
              title="Keeping records of the cars we buy"
              basis="Legal obligation (Article 6(1)(c)): company and tax law require us to keep these records."
            >
              Our accounts and the records of each purchase.
            </Purpose>
            <Purpose
              title="Sending a promotional voucher you have earned"
              basis="Performing our contract with you: the promotion's terms (Article 6(1)(b))."
            >
              For example under our <Link to={paths.launchOfferTerms}>launch offer terms</Link>.
            </Purpose>
            <Purpose
              title="Publishing your review"
              basis="Your consent (Article 6(1)(a)): you choose to send it, and you can ask us to remove it at any time."
            >
              We check reviews before we publish them, showing your name, rating, review and, if you gave them, your
              town and the car you sold.
            </Purpose>
            <Purpose
              title="Answering and returning calls"
              basis="Our legitimate interests in dealing with your enquiry and keeping an accurate record of what was said."
            >
              Including voicemail messages, {site.callRecording ? 'recordings of the calls we make to you, ' : ''}and
              our notes about the call.
            </Purpose>
            <Purpose
              title="Keeping our website and systems secure"
              basis="Our legitimate interests in protecting our systems, our customers and our business from misuse and fraud."
            >
              Technical logs, protection of our staff&apos;s sign-in, and investigating problems.
            </Purpose>
            <Purpose
              title="Counting visits to improve our website"
              basis="Our legitimate interests in knowing which pages people use, so we can improve them. You can object at any time (section 6)."
            >
              Totals of visits per day, per page and per place. No cookies, no profiles, no advertising. To stop your
              visits being counted, turn on Global Privacy Control or Do Not Track in your browser&rsquo;s privacy
              settings: we do not count a browser that sends either.
            </Purpose>
            <Purpose
              title="Dealing with your data protection complaint"
              basis="Legal obligation (Article 6(1)(c)): the Data Protection Act 2018 requires us to deal with complaints about how we use personal data."
            >
              We acknowledge your complaint, look into it, reply to you and keep a record of what we did.
            </Purpose>
            <Purpose
              title="Marketing, only if you opt in"
              basis="Your consent (Article 6(1)(a)), which you can withdraw at any time, free of charge."
            >
              We send you news and offers only if you have opted in to receive them, by ticking the separate, optional
              box for news and offers on the valuation form. The &ldquo;I agree to be contacted&rdquo; box on the same
              form means you want us to contact you about your valuation: it is not consent to marketing, and we never
              treat it as such. Messages about your valuation or sale contain no promotions. To stop news and offers,
              tell us (section 8) and we will record it straight away.
            </Purpose>
          </div>
          <KeyPoint>
            <ul>
              <li>We never sell your personal data.</li>
              <li>
                We make no decisions about you by automated means alone: a member of our team reviews every valuation
                request and decides every offer.
              </li>
            </ul>
          </KeyPoint>
        </>
      ),
    },
    {
      id: 'who-we-share-it-with',
      title: 'Who We Share It With',
      body: (
        <>
          <ul>
            <li>
              <strong>Authorised dealers.</strong> If another authorised dealer may be better placed to buy your car, we
              may send them a report of your valuation request (your car&apos;s details, your answers about its
              condition and finance, and your name and contact details) so they can make you an offer. Your photos stay
              with us. The dealer then uses your details under its own privacy notice.
            </li>
            <li>
              <strong>Service providers who work for us</strong>, and may use your data only to provide their service to
              us: the company that hosts our website and database; our e-mail provider, which delivers the e-mails we
              send; our text message and telephone provider, which carries our texts and calls and stores call
              recordings and voicemail; and a maps provider, to which we send only your postcode, to work out the road
              distance to you.
            </li>
            <li>
              <strong>The DVLA and the DVSA</strong>, to which we send your car&apos;s registration number to look up
              its details and MOT history.
            </li>
            <li>
              <strong>Your finance company</strong>, if we settle outstanding finance for you, and{' '}
              <strong>the DVLA</strong>, to record the change of keeper when we buy your car.
            </li>
            <li>
              <strong>Public authorities</strong> such as HM Revenue &amp; Customs, the police or a court, when the law
              requires us to.
            </li>
          </ul>
          <p>
            Some of our providers may store or handle data outside the UK. If they do, we make sure it is protected by
            safeguards approved under UK law, such as UK &ldquo;adequacy regulations&rdquo; for that country, or the
            ICO&apos;s International Data Transfer Agreement or Addendum. You can ask us for details.
          </p>
          <p>We never sell your personal data, and we never give it to anyone for their own marketing.</p>
        </>
      ),
    },
    {
      id: 'how-long-we-keep-it',
      title: 'How Long We Keep It',
      body: (
        <>
          <p>
            We keep personal data only as long as we need it for the reasons above. When the time is up, we delete it,
            or anonymise it so that it no longer identifies anyone.
          </p>
          <p>
            Our system already deletes these automatically: records of failed attempts to sign in to our back office,
            including the internet address they came from, after {AUTOMATIC_DELETION.failedSignInHours} hours; records
            of successful staff sign-ins after {AUTOMATIC_DELETION.successfulSignInDays} days; and staff sign-in
            sessions as soon as they expire, at the latest {AUTOMATIC_DELETION.sessionMaxHours} hours after signing in.
            Records of page visits are deleted after {duration(kept.visitRecordsDays, 'day')}; after that only daily
            totals remain, which identify nobody. The daily code we count visitors with can no longer be worked out once
            its day is over.
          </p>
          <p>
            Our system also checks every day for the records below, and deletes automatically each one whose time is up:
          </p>
          <dl className="divide-y divide-line overflow-hidden rounded-xl border border-line">
            <Retention
              what="Valuation requests, with their photos, our offers and the messages about them"
              howLong={`${duration(kept.valuationLeadsMonths, 'month')} after we were last in touch about them`}
            />
            <Retention
              what="Copies of your logbook, driving licence, service history and finance settlement letter"
              howLong={`${duration(kept.sellerDocumentsDays, 'day')} after the sale completes or your request closes`}
            />
            <Retention
              what="Copies of the e-mails and text messages we send you"
              howLong={`${duration(kept.sentMessagesDays, 'day')}; we keep only a note that we sent them, when and to whom`}
            />
            <Retention
              what="Call recordings and voicemail messages"
              howLong={`${duration(kept.callRecordingsDays, 'day')} after the call`}
            />
            <Retention
              what="Reviews we do not publish"
              howLong={`${duration(kept.unpublishedReviewsMonths, 'month')} after you send them`}
            />
            <Retention
              what="Complaints you make to us about how we use your personal data"
              howLong={`${duration(kept.resolvedComplaintsMonths, 'month')} after we have dealt with them`}
            />
          </dl>
          <p>Other records we keep, and for how long:</p>
          <dl className="divide-y divide-line overflow-hidden rounded-xl border border-line">
            <Retention
              what="Records of the cars we buy, including the seller's details"
              howLong={`${duration(RETENTION.purchaseRecordsYears, 'year')} after the end of the financial year of the purchase, as company and tax law require`}
            />
            <Retention what="Reviews we publish" howLong="Until you ask us to remove them" />
            <Retention what="Server logs" howLong={duration(RETENTION.serverLogsDays, 'day')} />
          </dl>
          <p>
            If you ask us to delete your data sooner, we will, unless the law requires us to keep it (for example the
            records of a car we bought).
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your Rights',
      body: (
        <>
          <p>You have the right to:</p>
          <ul>
            <li>
              <strong>access</strong> your data: ask for a copy of the personal data we hold about you;
            </li>
            <li>
              <strong>rectification</strong>: ask us to correct anything that is wrong or incomplete;
            </li>
            <li>
              <strong>erasure</strong>: ask us to delete your data, including your photos, copies of our messages to you
              and call recordings;
            </li>
            <li>
              <strong>restriction</strong>: ask us to stop using your data, but keep it, while a concern is looked into;
            </li>
            <li>
              <strong>objection</strong>: object to anything we do on the basis of our legitimate interests (such as
              passing your request to a dealer, or counting visits), and to marketing at any time, which we will then
              stop;
            </li>
            <li>
              <strong>portability</strong>: receive the data you gave us in a common, machine-readable format, or have
              us send it to another organisation, where we use it under a contract with you or with your consent;
            </li>
            <li>
              <strong>withdraw your consent</strong> where we rely on it (reviews and marketing), at any time. This does
              not affect what we did before you withdrew it.
            </li>
          </ul>
          <p>
            To use any of these rights, contact us (section 8). It is free. We may ask you to confirm who you are before
            we act. We reply within {duration(RIGHTS_RESPONSE.normalMonths, 'month')} of receiving your request. If your
            request is complex, or you have sent us several, we may take up to{' '}
            {duration(RIGHTS_RESPONSE.extendedMonths, 'month')} more; if so, we will tell you why within{' '}
            {duration(RIGHTS_RESPONSE.normalMonths, 'month')} of receiving it.
          </p>
          <p>
            Some rights have limits: for example, we must keep the records of a car we bought for as long as the law
            requires, even if you ask us to delete them. If we cannot do what you ask, we will tell you why.
          </p>
        </>
      ),
    },
    {
      id: 'cookies-and-analytics',
      title: 'Cookies and Analytics',
      body: (
        <>
          <p>
            Our public website sets no cookies and keeps nothing about you on your device: no analytics cookies, no
            advertising cookies and no social media pixels. We count visits on our own server without cookies, as
            section 2 describes, and keep those records for as long as section 5 says.
          </p>
          <p>
            The only cookie on this site is the sign-in cookie our staff use in our back office. Our{' '}
            <Link to={paths.cookiePolicy}>Cookie Policy</Link> gives the details.
          </p>
        </>
      ),
    },
    {
      id: 'complaints-and-contact',
      title: 'Complaints and Contact',
      body: (
        <>
          <h3>Complaints</h3>
          <p>
            If you are unhappy with how we have used your personal data, please tell us first, so that we can put it
            right: use the <Link to={`${paths.contact}#data-protection-complaint`}>data protection complaint form</Link>{' '}
            on our contact page, or contact us as below. We will acknowledge your complaint within{' '}
            {COMPLAINT_ACKNOWLEDGE_DAYS} days (the form e-mails you an acknowledgement straight away) and reply in full
            as quickly as we can.
          </p>
          <p>
            You also have the right to complain to the Information Commissioner&apos;s Office (ICO), the UK&apos;s
            regulator for data protection: visit <a href={ICO.url}>ico.org.uk</a> or call{' '}
            <a href={`tel:${ICO.phoneE164}`}>{ICO.phone}</a>.
          </p>
          <h3>Changes to this policy</h3>
          <p>
            If we change how we use personal data, we will update this policy and the effective date at the top of this
            page.
          </p>
          <h3>Contact us</h3>
          <p>For anything about your personal data, including using your rights, contact us:</p>
          <ContactRoutes attention="Data protection" />
        </>
      ),
    },
  ];

  return (
    <LegalPage
      title="Privacy Policy"
      summary={`How ${tradingName} collects, uses and protects your personal data when you use this website, ask for a valuation or sell your car to us.`}
      effectiveDate={POLICIES_EFFECTIVE_DATE}
      sections={sections}
    />
  );
}

function Purpose({ title, basis, children }: { title: string; basis: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line p-4 sm:p-5">
      <h3>{title}</h3>
      <p className="mt-1">{children}</p>
      <p className="mt-3 border-t border-line pt-3 text-sm text-brand-900">
        <strong className="font-semibold">Lawful basis:</strong> {basis}
      </p>
    </div>
  );
}

function Retention({ what, howLong }: { what: string; howLong: string }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-6 sm:px-5">
      <dt className="font-semibold text-brand-950">{what}</dt>
      <dd className="text-ink">{howLong}</dd>
    </div>
  );
}
