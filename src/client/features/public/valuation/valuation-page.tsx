import { redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';
import { storageRegistration } from '~/shared/registration';
import { ValuationWizardIsland } from './components/valuation-wizard';

export const handle: RouteHandle = {
  meta: {
    title: 'Get Your Free Valuation',
    description: 'Tell us about your car and get a free valuation within 24 hours.',
  },
};

/**
 * A registration box on the home page sends its words as a plain form until its island has woken
 * (issue 33: at the first touch, so a quick tap can beat it) and where scripts are off: `?registration=`
 * for a blank box, `?registration=+ab12+cde+` as typed. The address is made the one the woken box
 * sends (SPEC section 9: trimmed, upper case, no parameter when blank), with one redirect.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get('registration');
  if (typed === null) return null;
  const tidy = typed.trim().replace(/\s+/g, ' ').toUpperCase();
  if (tidy && tidy === typed) return null;
  if (tidy) url.searchParams.set('registration', tidy);
  else url.searchParams.delete('registration');
  return redirect(`${url.pathname}${url.search}`);
}

/** "ab12  cde" or "AB12+CDE" from a plain form -> "AB12CDE"; blank -> null. */
export function registrationFrom(params: URLSearchParams): string | null {
  return storageRegistration(params.get('registration') ?? '') || null;
}

/**
 * Without JavaScript (issue 31): the wizard truly needs a script (it looks the car up with DVLA as
 * the seller goes, checks each step and sends photos), so the page says so plainly instead of
 * showing a form that cannot work. Shown by the browser only when scripts are off.
 */
function NeedsJavaScript() {
  return (
    <noscript>
      <section
        aria-labelledby="needs-javascript-title"
        className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8"
      >
        <h2 id="needs-javascript-title" className="text-xl font-bold text-brand-900">
          This form needs JavaScript
        </h2>
        <p className="mt-3 text-ink">
          It looks your car up with the DVLA as you go, checks each step and sends your photos, which it cannot do
          without JavaScript. Please turn JavaScript on in your browser and reload this page, or get in touch through
          our{' '}
          <a href={paths.contact} className="font-semibold text-brand-700 underline underline-offset-4">
            contact page
          </a>
          .
        </p>
      </section>
    </noscript>
  );
}

/** `/valuation`: the four-step valuation request (SPEC sections 2, 4, 5 and 8). */
export function Component() {
  const [params] = useSearchParams();
  const submitted = params.has('submitted');
  return (
    <>
      <PageIntro title="Get Your Free Valuation">
        Four short steps, about two minutes. We come back to you with a valuation within 24 hours.
      </PageIntro>
      <Container className="py-6 sm:py-12">
        <div className="mx-auto max-w-3xl">
          {submitted ? (
            // The success screen, rendered by the server, reads as it is without a script too.
            <ValuationWizardIsland prefill={null} submitted />
          ) : (
            <>
              <NeedsJavaScript />
              {/* Hidden where scripts are off, so no button shows that could not work. */}
              <div className="noscript:hidden">
                <ValuationWizardIsland prefill={registrationFrom(params)} />
              </div>
            </>
          )}
        </div>
      </Container>
    </>
  );
}
