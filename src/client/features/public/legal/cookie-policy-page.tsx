import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';
import { ContactRoutes } from './contact-routes';
import { KeyPoint, LegalPage, POLICIES_EFFECTIVE_DATE, type LegalSection } from './legal-page';

export const handle: RouteHandle = {
  meta: {
    title: 'Cookie Policy',
    description:
      'Our public website sets no cookies and keeps nothing about you on your device. The only cookie is our staff sign-in cookie.',
  },
};

/*
 * What the product really stores, kept in step with the code that does it:
 * the session cookie is named in src/server/auth/access.ts (sessionCookieName)
 * and its lifetimes in src/server/auth/sessions.ts (SESSION_IDLE_MS,
 * SESSION_ABSOLUTE_MS); the local storage keys in
 * src/client/features/admin/auth/session-cache.ts. Browser code may not import
 * those modules, so the facts are repeated here. The public pages' scroll
 * positions are kept by React Router's <ScrollRestoration /> (root-layout.tsx)
 * under its own key. e2e/public/legal.spec.ts checks that a visit stores
 * nothing this page does not name.
 */
const SIGN_IN_COOKIE = { name: 'sid', secureName: '__Host-sid', idleHours: 2, absoluteHours: 12 };
const STAFF_STORAGE_KEYS = ['adminAuthenticated', 'adminUser'];
const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

export function Component() {
  const { tradingName } = useSiteConfig();

  const sections: LegalSection[] = [
    {
      id: 'what-are-cookies',
      title: 'What Are Cookies',
      body: (
        <>
          <p>
            Cookies are small text files that a website asks your browser to store, so that it can recognise your
            browser when it comes back. Websites can also keep information in your browser in other ways, such as
            &ldquo;local storage&rdquo;, or use tracking pixels. The law (the Privacy and Electronic Communications
            Regulations, known as PECR) treats all of these the same way, and so does this policy.
          </p>
          <KeyPoint>
            <strong>In short:</strong> our public website sets no cookies at all and keeps nothing about you on your
            device. The only cookie on this site is a sign-in cookie for {tradingName} staff, in our back office.
          </KeyPoint>
        </>
      ),
    },
    {
      id: 'types-of-cookies',
      title: 'Types of Cookies',
      body: (
        <>
          <p>Cookies are usually grouped into four types. This is what we use of each.</p>
          <h3>Essential cookies</h3>
          <p>
            Essential (&ldquo;strictly necessary&rdquo;) cookies are needed for a service you have asked for to work.
            The public website uses no cookies. It keeps one small note in your browser, so that the Back button works
            as you expect:
          </p>
          <StorageItem
            name={<code>{SCROLL_POSITIONS_KEY}</code>}
            kind="Session storage, on the public website"
            purpose="Remembers how far down each page you had scrolled in this browser tab, so that going back returns you to the same place. It holds page positions only: nothing about you, and it is never sent to us."
            lasts="Deleted when you close the tab."
          />
          <p>
            Our back office uses one cookie, and keeps one small record in local storage, so that our staff can sign in:
          </p>
          <StorageItem
            name={
              <>
                <code>{SIGN_IN_COOKIE.name}</code>, or <code>{SIGN_IN_COOKIE.secureName}</code> on a secure (https)
                connection
              </>
            }
            kind="Cookie, set by us"
            purpose="Keeps a member of staff signed in to the back office. It holds a random code and nothing else; HttpOnly, so scripts on the page cannot read it."
            lasts={`Until the browser is closed. The sign-in itself ends sooner: after ${SIGN_IN_COOKIE.idleHours} hours without use, ${SIGN_IN_COOKIE.absoluteHours} hours after signing in, or on signing out.`}
          />
          <StorageItem
            name={
              <>
                <code>{STAFF_STORAGE_KEYS[0]}</code> and <code>{STAFF_STORAGE_KEYS[1]}</code>
              </>
            }
            kind="Local storage, in staff browsers only"
            purpose="A copy of the signed-in staff member's name and account details, so the back office can show who is signed in straight away. It does not sign anyone in: our server checks the sign-in cookie every time."
            lasts="Removed when the staff member signs out, or when the server says the sign-in has ended."
          />
          <p>Visitors to the public website never receive either of these two.</p>
          <h3>Functional cookies</h3>
          <p>Functional cookies remember choices you make, such as preferences. We use none.</p>
          <h3>Analytical cookies</h3>
          <p>
            Analytical cookies count visits and show how a website is used. We use none. We count visits on our own
            server, from the requests your browser makes to load our pages anyway (and, when your browser shows a page
            again from its own memory, a note of that page&rsquo;s address), without cookies and without storing
            anything on your device. We look only at totals, such as visits per day and per page, and we do not count a
            browser that sends a Do Not Track or Global Privacy Control signal. Our{' '}
            <Link to={paths.privacyPolicy}>Privacy Policy</Link> explains what is recorded, how long we keep it and how
            to object.
          </p>
          <h3>Marketing cookies</h3>
          <p>
            Marketing cookies follow people across websites to show them adverts. We use none: no advertising cookies,
            no tracking pixels and no social media pixels.
          </p>
        </>
      ),
    },
    {
      id: 'third-party-cookies',
      title: 'Third-Party Cookies',
      body: (
        <>
          <p>
            Third-party cookies are set by another company whose service a website includes, such as a web analytics
            service or a social media pixel. Our public website uses none: it loads no analytics services, advertising
            networks, social media pixels or other outside scripts.
          </p>
          <p>
            In our back office, staff can open a map of driving directions to a customer&apos;s postcode. When that map
            comes from Google Maps, Google may set its own cookies inside it. Visitors to the public website never see
            this map.
          </p>
          <p>
            If we ever want to use cookies that are not strictly necessary, we will update this policy and ask you
            first. Nothing would be set until you choose, and &ldquo;Reject&rdquo; would be as easy as
            &ldquo;Accept&rdquo;.
          </p>
        </>
      ),
    },
    {
      id: 'managing-cookies',
      title: 'Managing Cookies',
      body: (
        <>
          <p>
            As our public website sets no cookies, there is nothing for you to accept or reject, and blocking cookies
            will not change how it works for you. If you clear this site&apos;s data in your browser, the site still
            works; the Back button may just return you to the top of a page.
          </p>
          <p>
            You can control cookies for every website in your browser&apos;s settings: block them, or delete those
            already stored. Your browser&apos;s help pages explain how. Blocking all cookies may stop parts of other
            websites from working.
          </p>
          <p>
            For our staff: the back office needs its sign-in cookie, so if your browser blocks cookies for this site you
            cannot sign in. Signing out ends the sign-in and removes the local storage record.
          </p>
        </>
      ),
    },
    {
      id: 'consent',
      title: 'Consent',
      body: (
        <>
          <p>
            The law requires your consent before a website stores or reads anything on your device, unless it is
            strictly necessary for a service you have asked for. That is why you do not see a cookie banner on our
            website:
          </p>
          <ul>
            <li>
              the public website sets no cookies, and the only thing it keeps in your browser is the scroll positions
              that make the Back button work, which hold nothing about you, are never sent to us and are deleted when
              you close the tab;
            </li>
            <li>
              the staff sign-in cookie and record are strictly necessary for the back office that the staff member asked
              to use, so they need no consent;
            </li>
            <li>we count visits on our own server, without touching your device.</li>
          </ul>
          <p>
            If we ever add cookies that need your consent, we will ask before setting any, and you will be able to
            change your mind at any time.
          </p>
          <p>If you have a question about this policy, please contact us:</p>
          <ContactRoutes />
        </>
      ),
    },
  ];

  return (
    <LegalPage
      title="Cookie Policy"
      summary="What this website stores on your device, and why. In short: the public website sets no cookies at all."
      effectiveDate={POLICIES_EFFECTIVE_DATE}
      sections={sections}
      footer={
        <Button asChild variant="outline">
          <Link to={paths.home}>
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      }
    />
  );
}

function StorageItem({
  name,
  kind,
  purpose,
  lasts,
}: {
  name: ReactNode;
  kind: string;
  purpose: string;
  lasts: string;
}) {
  return (
    <dl className="divide-y divide-line overflow-hidden rounded-xl border border-line text-sm">
      <StorageRow label="Name">{name}</StorageRow>
      <StorageRow label="Type">{kind}</StorageRow>
      <StorageRow label="Purpose">{purpose}</StorageRow>
      <StorageRow label="How long">{lasts}</StorageRow>
    </dl>
  );
}

function StorageRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-2.5 sm:grid-cols-[7rem_minmax(0,1fr)] sm:gap-4">
      <dt className="font-semibold text-brand-950">{label}</dt>
      <dd className="[&_code]:rounded [&_code]:bg-brand-50 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-brand-900">
        {children}
      </dd>
    </div>
  );
}
