import { Link } from 'react-router';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';
import { ContactRoutes, legalName } from './contact-routes';
import { KeyPoint, LegalPage, POLICIES_EFFECTIVE_DATE, type LegalSection } from './legal-page';

export const handle: RouteHandle = {
  meta: {
    title: 'Terms of Service',
    description:
      'The terms that apply when you use our website, ask for a valuation and sell your car: who can sell, valuations, payment, finance and our liability.',
  },
};

/** SPEC section 9: the valuation response promise. */
const RESPONSE_PROMISE = 'within 24 hours';

export function Component() {
  const site = useSiteConfig();
  const { tradingName } = site;
  const company = legalName(site);

  const sections: LegalSection[] = [
    {
      id: 'about-these-terms',
      title: 'About These Terms',
      body: (
        <>
          <p>
            These terms apply when you use this website, ask {tradingName} for a valuation or sell your car through us.
            Please read them before you ask for a valuation: by sending us a valuation request you confirm that you
            accept them.
          </p>
          <p>
            &ldquo;We&rdquo;, &ldquo;us&rdquo; and &ldquo;our&rdquo; mean {tradingName}
            {site.companyName &&
              `, a trading name of ${site.companyName}${site.companyNumber ? ` (company number ${site.companyNumber})` : ''}`}
            . &ldquo;You&rdquo; means the person using our website or selling a car.
          </p>
          {site.fcaNumber && (
            <p>
              {company} is authorised and regulated by the Financial Conduct Authority as a credit broker (introducer),
              firm reference number {site.fcaNumber}.
            </p>
          )}
          <p>
            Our <Link to={paths.privacyPolicy}>Privacy Policy</Link> explains how we use your personal data. Promotions
            have their own terms, such as our <Link to={paths.launchOfferTerms}>launch offer terms</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'who-can-use-our-service',
      title: 'Who Can Use Our Service',
      body: (
        <>
          <p>Our service is for private sellers. To ask for a valuation or sell a car, you must:</p>
          <ul>
            <li>be at least 18 years old;</li>
            <li>have the legal capacity to enter into a contract;</li>
            <li>be the legal owner of the car, or otherwise have the legal right to sell it; and</li>
            <li>give us accurate and complete information (section 3).</li>
          </ul>
          <p>
            We may ask you to show that you meet these conditions before a sale, and may decline a sale if you do not.
          </p>
        </>
      ),
    },
    {
      id: 'your-information',
      title: 'Your Information and Our Website',
      body: (
        <>
          <p>
            Please make sure everything you tell us is true and complete: the registration, mileage, condition, service
            history, any damage or mechanical problems, and any finance owed on the car. If anything changes before the
            sale, tell us.
          </p>
          <p>When you use our website, please:</p>
          <ul>
            <li>give only your own details, or someone else&apos;s with their permission;</li>
            <li>upload only photos of the car you are selling, and nothing unlawful or offensive;</li>
            <li>
              write reviews only about your own, genuine experience of us (we check reviews before we publish them);
            </li>
            <li>not try to get into parts of the site or our systems that are not meant for you, or disrupt them.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'who-you-sell-to',
      title: 'Who You Sell To',
      body: (
        <>
          <p>
            A sale is a contract between two parties: <strong>you</strong>, as the seller, and{' '}
            <strong>the buyer</strong>. The buyer is either {tradingName}, or an authorised dealer we have introduced
            you to. We will tell you who the buyer is before you agree to sell.
          </p>
          <p>
            If an authorised dealer buys your car, your contract of sale is with that dealer, and the dealer is
            responsible to you for its side of the sale. We do not hold auctions: nobody bids on your car.
          </p>
        </>
      ),
    },
    {
      id: 'valuations-and-offers',
      title: 'Valuations and Offers',
      body: (
        <>
          <p>
            Valuations are free and you are under no obligation to sell. We aim to reply to every valuation request{' '}
            {RESPONSE_PROMISE}.
          </p>
          <KeyPoint>
            A valuation is an estimate, based on what you tell us and the details we look up about your car. It becomes
            a firm price only once the car has been inspected.
          </KeyPoint>
          <p>
            When we collect or inspect the car, we check that it matches what you told us. If it does not (for example,
            the mileage is higher, or there is damage, a fault or more finance owed than you said), we may change our
            offer. You are free to turn down a changed offer, and it costs you nothing if you do.
          </p>
        </>
      ),
    },
    {
      id: 'collection-payment-and-finance',
      title: 'Collection, Payment and Finance',
      body: (
        <>
          <ul>
            <li>
              <strong>Collection.</strong> Once a sale is agreed, we arrange a time to collect the car from you,
              anywhere in the UK, free of charge. Please have the logbook (V5C), all the keys and any service history
              ready.
            </li>
            <li>
              <strong>Payment.</strong> You are paid the agreed price on the day of the sale, before the car leaves you.
              The car belongs to the buyer once you have been paid.
            </li>
            <li>
              <strong>Outstanding finance.</strong> If there is finance owed on the car, we settle it with your lender
              as part of the sale and you receive the rest of the agreed price. If you owe more than the agreed price,
              we will talk you through your options first: the car can only be sold once the finance is fully settled.
            </li>
            <li>
              <strong>No fees.</strong> We charge no fees for valuations, collection or payment, and take nothing from
              the agreed price apart from any finance we settle for you.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'our-liability',
      title: 'Our Liability to You',
      body: (
        <>
          <p>
            If we break these terms or fail to use reasonable care and skill, we are responsible for loss or damage you
            suffer that is a foreseeable result. We are not responsible for loss or damage that is not foreseeable.
          </p>
          <p>
            We do not exclude or limit our liability where the law does not allow it, including for death or personal
            injury caused by our negligence, or for fraud or fraudulent misrepresentation. Nothing in these terms
            affects your legal rights.
          </p>
          <p>
            We work to keep our website available and accurate, but we cannot promise that it will always be available
            or free of errors.
          </p>
        </>
      ),
    },
    {
      id: 'law-changes-and-contact',
      title: 'Law, Changes and Contact',
      body: (
        <>
          <p>
            These terms are governed by the law of England and Wales, and the courts of England and Wales can deal with
            any dispute. If you live in Scotland or Northern Ireland, you can also bring proceedings in your local
            courts.
          </p>
          <p>
            We may update these terms from time to time, and will change the effective date at the top of this page when
            we do. The terms on this page when you agree a sale apply to that sale. If a court decides that part of
            these terms cannot be enforced, the rest still applies.
          </p>
          <p>If you have a question or a complaint, please contact us:</p>
          <ContactRoutes />
        </>
      ),
    },
  ];

  return (
    <LegalPage
      title="Terms of Service"
      summary={`The terms that apply when you use the ${tradingName} website, ask us for a valuation or sell your car.`}
      effectiveDate={POLICIES_EFFECTIVE_DATE}
      sections={sections}
    />
  );
}
